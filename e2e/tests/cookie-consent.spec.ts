import type { Page, Request } from '@playwright/test';
import { expect, NO_WORKSPACE_ACCOUNT, test } from '../support/fixtures';

// The Cookie Policy button and consent dialog of the shell (spec section 1), signed in so that
// every kind of screen is reachable: Home with chrome, a chrome-free /auth/ page, a remote page.
// A deployment with an analytics provider and its own marketing sites, configured as an operator
// does (the api's environment, published in /runtime-config.json); the script is answered here.
const ANALYTICS_SCRIPT = 'https://analytics.portal-e2e.invalid/session.js';
const COMPANY_DOMAIN = 'provider-e2e.test';

// a customer without a workspace, so that Home stays the Welcome screen
test.use({
  account: NO_WORKSPACE_ACCOUNT,
  portalEnv: {
    ANALYTICS_SCRIPT_URL: ANALYTICS_SCRIPT,
    PORTAL_COMPANY_DOMAINS: `${COMPANY_DOMAIN},other-e2e.test`,
  },
});

async function withAnalyticsProvider(page: Page): Promise<Request[]> {
  const analytics: Request[] = [];
  await page.route('https://analytics.portal-e2e.invalid/**', async (route) => {
    analytics.push(route.request());
    await route.fulfill({ contentType: 'text/javascript', body: 'window.__analyticsLoaded = true;' });
  });
  return analytics;
}

const policyButton = (page: Page) => page.getByRole('button', { name: 'Cookie Policy' });
const consentDialog = (page: Page) => page.getByRole('dialog', { name: 'Cookie settings' });
const notice = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });

async function openAndCheckDialog(page: Page) {
  await policyButton(page).click();
  const dialog = consentDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Necessary' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Necessary' })).toBeDisabled();
  return dialog;
}

async function closeDialog(page: Page) {
  await consentDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(consentDialog(page)).toBeHidden();
}

test('the Cookie Policy button opens the consent dialog on Home, on a chrome-free /auth/ page and on a remote page @auth @support @shell', async ({
  page,
}) => {
  const analytics = await withAnalyticsProvider(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  // first visit: the notice asks, nothing optional runs yet
  await expect(notice(page)).toBeVisible();
  let dialog = await openAndCheckDialog(page);
  await expect(dialog.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
  await closeDialog(page);

  await page.goto('/auth/reauthenticate');
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  // under /auth/ the bar is the brand only: no drawer, no account menu
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button')).toHaveCount(0);
  await openAndCheckDialog(page);
  await closeDialog(page);

  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
  dialog = await openAndCheckDialog(page);
  await closeDialog(page);

  // browsing and opening the dialog is not consent
  expect(analytics).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();
});

test('the choice persists across a reload, analytics loads only after consent, and the choice can be changed @shell', async ({
  page,
}) => {
  const analytics = await withAnalyticsProvider(page);
  const configReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/runtime-config.json') configReads.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(notice(page)).toBeVisible();
  // give a late loader every chance to misbehave before asserting nothing was requested
  await page.waitForLoadState('networkidle');
  expect(analytics).toEqual([]);
  expect(await page.evaluate(() => document.querySelector('script[data-portal-analytics]'))).toBeNull();
  // the deployment names the script: the api publishes it, read once at start-up
  const published = await (await page.request.get('/runtime-config.json')).json();
  expect(published).toMatchObject({ analyticsScriptUrl: ANALYTICS_SCRIPT });
  expect(configReads).toHaveLength(1);

  let dialog = await openAndCheckDialog(page);
  await dialog.getByRole('switch', { name: 'Analytics' }).click();
  const scriptRequested = page.waitForRequest(ANALYTICS_SCRIPT);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(consentDialog(page)).toBeHidden();
  await expect(notice(page)).toBeHidden();
  await scriptRequested;
  // the configured script, from the configuration read at start-up (not fetched again)
  expect(analytics.map((request) => request.url())).toEqual([ANALYTICS_SCRIPT]);
  await expect(page.locator('script[data-portal-analytics]')).toHaveAttribute('src', ANALYTICS_SCRIPT);
  expect(await page.evaluate(() => (window as { __analyticsLoaded?: boolean }).__analyticsLoaded)).toBe(true);
  expect(configReads).toHaveLength(1);

  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cookieConsent'))) ?? 'null');
  expect(stored).toMatchObject({ version: 1, necessary: true, analytics: true, marketing: false });
  expect(Date.parse(stored.decidedAt)).not.toBeNaN();

  // after a reload: no notice, the dialog shows the stored choice, analytics loads at once
  const requestedAgain = page.waitForRequest(ANALYTICS_SCRIPT);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await requestedAgain;
  await expect(notice(page)).toHaveCount(0);
  dialog = await openAndCheckDialog(page);
  await expect(dialog.getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();

  // changing it later: Reject optional withdraws analytics (the page reloads without it)
  const count = analytics.length;
  await Promise.all([
    page.waitForEvent('load'),
    dialog.getByRole('button', { name: 'Reject optional' }).click(),
  ]);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(analytics).toHaveLength(count);
  const after = JSON.parse((await page.evaluate(() => localStorage.getItem('cookieConsent'))) ?? 'null');
  expect(after).toMatchObject({ analytics: false, marketing: false });
  await expect(notice(page)).toHaveCount(0);
});

test('a visitor who rejects optional cookies gets none, and no analytics @shell', async ({
  page,
  context,
}) => {
  const analytics = await withAnalyticsProvider(page);
  await page.goto('/');
  await notice(page).getByRole('button', { name: 'Reject optional' }).click();
  await expect(notice(page)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(analytics).toEqual([]);
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('cfmd');
  expect(names).not.toContain('sctz');
});

test('a landing from a configured company site sets cfmd once marketing is allowed, not before @shell', async ({
  page,
  context,
}) => {
  const analytics = await withAnalyticsProvider(page);
  await page.goto('/', { referer: `https://www.${COMPANY_DOMAIN}/pricing` });
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  expect(await page.evaluate(() => document.referrer)).toBe(`https://www.${COMPANY_DOMAIN}/pricing`);
  await expect(notice(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const names = async () => (await context.cookies()).map((cookie) => cookie.name);
  expect(await names()).not.toContain('cfmd');

  const dialog = await openAndCheckDialog(page);
  await dialog.getByRole('switch', { name: 'Marketing' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(consentDialog(page)).toBeHidden();
  await expect.poll(names).toContain('cfmd');
  const cfmd = (await context.cookies()).find((cookie) => cookie.name === 'cfmd');
  expect(cfmd).toMatchObject({ value: 'true', path: '/', sameSite: 'Lax', secure: true });
  // marketing only: no analytics
  await page.waitForLoadState('networkidle');
  expect(analytics).toEqual([]);
});
