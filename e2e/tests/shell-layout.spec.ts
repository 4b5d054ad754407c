import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { DEMO_INSTANCES } from '../../api/src/db/demo';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS, DEMO_USER } from '../support/identity';

// The shell as a customer sees it, in Chromium on the production build: popups over a page that
// stays visible and usable, phones, the first paint before any JavaScript, accessible names.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'shell-layout' } });
test.use({ needs: ['devTools'] });

const DASHBOARD = `/workspace/${DEMO_CONTRACTS.cabinet}/dashboard`;

/**
 * What is on top at the centre of the main content and of the drawer's Billing link: each must be
 * the page itself (inside <main>, inside the link), not a layer laid over it.
 */
function probeLayers() {
  const centre = (element: Element | null) => {
    if (!element) return null;
    const box = element.getBoundingClientRect();
    return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  };
  const main = document.querySelector('main');
  const billing = [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Billing');
  return {
    mainOnTop: Boolean(main?.contains(centre(main))),
    billingOnTop: Boolean(billing?.contains(centre(billing ?? null))),
  };
}

/** Brightness spread of a screenshot's pixels inside a box: 0 for a uniform layer. */
function spread(png: Buffer, box: { x: number; y: number; width: number; height: number }) {
  const image = PNG.sync.read(png);
  let min = 255;
  let max = 0;
  // the part of the box on screen (a long page runs below the window)
  const bottom = Math.min(box.y + box.height, image.height);
  const right = Math.min(box.x + box.width, image.width);
  for (let y = Math.max(0, Math.floor(box.y)); y < bottom; y += 2) {
    for (let x = Math.max(0, Math.floor(box.x)); x < right; x += 2) {
      const i = (y * image.width + x) * 4;
      const value = (image.data[i]! + image.data[i + 1]! + image.data[i + 2]!) / 3;
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
  }
  return max - min;
}

async function openDashboard(page: Page) {
  await page.goto(DASHBOARD);
  await expect(page.getByRole('tab', { name: 'Instances' })).toBeVisible();
  // the cookie notice is a non-modal region of its own; out of the way for these checks
  await page.getByRole('button', { name: 'Reject optional' }).click();
}

test('a menu leaves the page visible and usable around it @workspace @billing @compute @shell', async ({
  page,
}) => {
  await openDashboard(page);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account/ })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  expect(await page.evaluate(probeLayers)).toEqual({ mainOnTop: true, billingOnTop: true });
  // the page's text is still painted under and beside the menu: not one flat colour
  const main = (await page.locator('main').boundingBox())!;
  expect(spread(await page.screenshot(), main)).toBeGreaterThan(100);
  // and the account button keeps its name readable on the bar while its menu is open
  const button = page.getByRole('banner').getByRole('button', { name: /^Account/ });
  const colour = await button.evaluate((element) => getComputedStyle(element).color);
  expect(colour).toBe('rgb(255, 255, 255)');
});

test('a toast leaves the page visible and clickable where it does not cover it @billing @compute @shell', async ({
  page,
  portal,
}) => {
  await openDashboard(page);
  // probe at the very moment a toast is put on the page (in the same task, so it cannot be gone yet)
  const probed = page.evaluate(
    (probe) =>
      new Promise<unknown>((resolve) => {
        const run = new Function(`return (${probe})()`) as () => unknown;
        const observer = new MutationObserver(() => {
          if (!document.querySelector('.fui-Toast')) return;
          observer.disconnect();
          resolve(run());
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
    probeLayers.toString(),
  );
  const message = 'Your virtual machine web-1 is running';
  await expect(async () => {
    const answer = await page.request.post(`${portal.url}/_dev/users/notify`, {
      data: { email: DEMO_USER, type: 'success', message },
    });
    expect(answer.status()).toBe(200);
    // the host subscribes a moment after the page is up: publish again until one arrives
    await expect(page.getByText(message).first()).toBeAttached({ timeout: 1000 });
  }).toPass({ intervals: [250, 500, 1000], timeout: 20_000 });
  expect(await probed).toEqual({ mainOnTop: true, billingOnTop: true });
  // the drawer link works while notifications come and go
  await page.getByRole('navigation').getByRole('link', { name: 'Billing' }).click();
  // (the Billing page names its default tab in the path once it is up)
  await expect(page).toHaveURL(/\/billing(\/invoices)?$/);
});

test('a dialog dims the page behind it but does not hide it @workspace @compute @shell', async ({ page }) => {
  await openDashboard(page);
  // (a modal dialog hides the rest from the accessibility tree: measure the drawer before)
  const drawer = (await page.getByRole('navigation').boundingBox())!;
  await page.getByRole('button', { name: 'Cookie Policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(dialog).toBeVisible();
  // the drawer, left of the dialog, is seen through the backdrop: its text still stands out
  expect(spread(await page.screenshot(), drawer)).toBeGreaterThan(40);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
});

test('every signed-in page fits a 360 px phone without sideways scrolling @auth @workspace @billing @compute @support @shell', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const pages = [
    [DASHBOARD, 'Dashboard'],
    [`/workspace/${DEMO_CONTRACTS.cabinet}/dashboard/network`, 'Dashboard'],
    [`/workspace/${DEMO_CONTRACTS.cabinet}/instance/vm/${DEMO_INSTANCES.web1.uid}/firewall`, 'web-1'],
    [`/workspace/${DEMO_CONTRACTS.cabinet}/instance/vm/${DEMO_INSTANCES.web1.uid}/settings`, 'web-1'],
    [`/workspace/${DEMO_CONTRACTS.cabinet}/billing`, 'Billing'],
    [`/workspace/${DEMO_CONTRACTS.cabinet}/status`, 'Status'],
    [`/workspace/${DEMO_CONTRACTS.cabinet}/settings`, 'Settings'],
    ['/support', 'Support'],
    ['/products', 'Products'],
    ['/new-instance', 'Add new Service'],
    ['/profile', 'Profile'],
    ['/auth/2fa', 'Two-factor authentication'],
  ] as const;
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · Customer Portal`);
    await expect(page.getByRole('main')).not.toBeEmpty();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths, path).toEqual([360, 360]);
    // the account menu and the Support button stay on screen
    const bar = page.getByRole('banner');
    for (const control of [
      bar.getByRole('button', { name: /^Account/ }),
      bar.getByRole('link', { name: /^Support/ }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width, path).toBeLessThanOrEqual(360);
    }
  }
});

test('the workspace switcher and the app bar pass axe, with accessible names that contain the visible text @compute @shell', async ({
  page,
}) => {
  await openDashboard(page);
  const results = await new AxeBuilder({ page }).include('header').include('nav').analyze();
  expect(results.violations.map(({ id, nodes }) => [id, nodes.map((node) => node.html)])).toEqual([]);
});

test.describe('signed out', () => {
  test.use({ account: null });

  test('the first paint of /auth/login shows the brand before any JavaScript has loaded @auth @shell', async ({
    page,
  }) => {
    // hold every script until the test lets it go: what shows meanwhile is index.html alone
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.js(\?.*)?$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/auth/login', { waitUntil: 'commit' });
    await expect(page.getByRole('banner')).toHaveText('Customer Portal');
    const bar = await page
      .getByRole('banner')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    // the sign-in pages' brand colour (the auth theme's), not a white page
    expect(bar).toBe('rgb(10, 116, 138)');
    release();
    await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveTitle('Log in · Customer Portal');
    // and the tab shows the portal's icon
    for (const icon of ['/favicon.ico', '/favicon.svg']) {
      expect(await page.locator(`link[rel=icon][href="${icon}"]`).count()).toBe(1);
      const answer = await page.request.get(icon);
      expect(answer.status(), icon).toBe(200);
      expect(answer.headers()['content-type'], icon).toMatch(/^image\//);
    }
  });
});
