import path from 'node:path';
import type { ConsoleMessage } from '@playwright/test';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { remoteDir } from '../support/paths';
import { e2ePort } from '../support/ports';

// The suite is about loading remotes, not signing in: each test starts signed in.
test.use({ account: DEMO_ACCOUNT });
test.use({ needs: ['privatePortal'] });

const fallback = (page: import('@playwright/test').Page, section: string) =>
  page.getByRole('alert').filter({ hasText: `${section} is unavailable` });

test.describe('a failing remote costs only its own screens', () => {
  test('remote down (connection refused): fallback, the rest works, Retry recovers @billing @compute @support @shell', async ({
    page,
    portal,
  }) => {
    const errors: string[] = [];
    page.on('console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(m.text()));
    portal.setRemote('compute', `http://127.0.0.1:${e2ePort(11)}/mf-manifest.json`); // nothing listens there

    await page.goto('/products');
    await expect(fallback(page, 'Products')).toBeVisible();
    await expect(fallback(page, 'Products')).toContainText(
      'This part of the portal could not be loaded. The rest of the portal keeps working.',
    );
    expect(errors.some((e) => e.includes('[portal] error') && e.includes('compute'))).toBe(true);

    // the drawer, the router and the other remotes keep working
    await page.getByRole('navigation').getByRole('link', { name: 'Support' }).click();
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
    await expect(fallback(page, 'Products')).toBeVisible();

    // the remote comes back on the same address: Retry loads it without a page reload
    const back = await portal.serveRemote(path.join(remoteDir('compute'), 'dist'), e2ePort(11));
    await page.getByRole('button', { name: 'Retry' }).click();
    // the Products page with its filters
    await expect(page.getByRole('tab', { name: 'Data center' })).toBeVisible();
    await expect(fallback(page, 'Products')).toHaveCount(0);
    await back.close();
  });

  test('remote whose chunks answer 404: fallback, then Retry recovers once they are back @workspace @compute @shell', async ({
    page,
    portal,
  }) => {
    let broken = true;
    const served = await portal.serveRemote(
      path.join(remoteDir('compute'), 'dist'),
      e2ePort(12),
      (req, res) => {
        if (broken && req.url?.startsWith('/static/js/')) {
          res.writeHead(404).end('Not found');
          return true;
        }
        return false;
      },
    );
    portal.setRemote('compute', served.manifestUrl);

    await page.goto('/workspace/C-1/dashboard');
    await expect(fallback(page, 'Dashboard')).toBeVisible();
    // another remote still renders
    await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await page.goBack();
    await expect(fallback(page, 'Dashboard')).toBeVisible();

    broken = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('tab', { name: 'Instances' })).toBeVisible();
    await served.close();
  });
});

test.describe('a visitor whose sign-in remote is down', () => {
  test.use({ account: null });

  test('sees the fallback on the login page (its early load failed), and Retry loads the form @auth @shell', async ({
    page,
    portal,
  }) => {
    const errors: string[] = [];
    page.on('console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(m.text()));
    portal.setRemote('auth', `http://127.0.0.1:${e2ePort(13)}/mf-manifest.json`); // nothing listens there

    await page.goto('/auth/login');
    await expect(fallback(page, 'Log in')).toBeVisible();
    expect(errors.some((e) => e.includes('[portal] error') && e.includes('auth'))).toBe(true);

    const back = await portal.serveRemote(path.join(remoteDir('auth'), 'dist'), e2ePort(13));
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
    await expect(fallback(page, 'Log in')).toHaveCount(0);
    await back.close();
  });
});
