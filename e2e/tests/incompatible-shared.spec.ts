import type { ConsoleMessage } from '@playwright/test';
import { buildRemoteVariant } from '../support/buildVariant';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { e2ePort } from '../support/ports';

// The suite is about loading remotes, not signing in: each test starts signed in.
test.use({ account: DEMO_ACCOUNT });
test.use({ needs: ['privatePortal'] });

test('a remote built against an incompatible major of @portal/shared falls back and is reported @billing @compute @support @shell', async ({
  page,
  portal,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(m.text()));

  const outDir = buildRemoteVariant('billing', 'shared-v2', { env: { PORTAL_SHARED_VERSION: '2.0.0' } });
  const served = await portal.serveRemote(outDir, e2ePort(13));
  portal.setRemote('billing', served.manifestUrl);

  await page.goto('/workspace/C-1/billing');
  await expect(page.getByRole('alert').filter({ hasText: 'Billing is unavailable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // reported, naming the remote and the version conflict
  await expect
    .poll(() => errors.find((e) => e.includes('[portal] error') && e.includes('billing')))
    .toContain('@portal/shared');

  // compatible remotes are unaffected
  await page.getByRole('navigation').getByRole('link', { name: 'Support' }).click();
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
  await served.close();
});
