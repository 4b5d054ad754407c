import type { Locator, Page } from '@playwright/test';
import { expect, NO_WORKSPACE_ACCOUNT, test } from '../support/fixtures';

// The user menu's appearance (System / Light / Dark) and language (English / Deutsch): each is
// chosen in the menu, survives a reload, and shows. A customer without a workspace, so Home stays
// the Welcome screen.
// A portal of its own: the German test saves the language on the account, which other suites share.
test.use({ account: NO_WORKSPACE_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'appearance' } });

/** Relative luminance (0 black … 1 white) of a computed CSS colour 'rgb(r, g, b)'. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
const documentBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^(Account menu of|Kontomenü von) / }).click();
}

test('dark theme: chosen in the user menu, kept after a reload, also on the sign-in page @auth @shell', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  const main = page.getByRole('main');
  expect(luminance(await background(main))).toBeGreaterThan(0.8);

  await openUserMenu(page);
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toBeChecked();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect.poll(async () => luminance(await background(main))).toBeLessThan(0.05);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  // the page, the canvas around it and the app bar are dark; the texts light
  expect(luminance(await background(main))).toBeLessThan(0.05);
  expect(luminance(await documentBackground(page))).toBeLessThan(0.05);
  expect(luminance(await background(page.getByRole('banner')))).toBeLessThan(0.1);
  const heading = page.getByRole('heading', { name: 'Welcome' });
  expect(luminance(await heading.evaluate((el) => getComputedStyle(el).color))).toBeGreaterThan(0.7);
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute('content', 'dark');
  await openUserMenu(page);
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeChecked();
  await page.keyboard.press('Escape');

  // signed out, the sign-in page in the auth theme is dark too
  await page.context().clearCookies();
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  expect(luminance(await background(page.getByRole('main')))).toBeLessThan(0.05);
  expect(luminance(await documentBackground(page))).toBeLessThan(0.05);
});

test('dark theme follows the system until a choice is made @shell', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  expect(luminance(await background(page.getByRole('main')))).toBeLessThan(0.05);
  await openUserMenu(page);
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect.poll(async () => luminance(await background(page.getByRole('main')))).toBeGreaterThan(0.8);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  expect(luminance(await background(page.getByRole('main')))).toBeGreaterThan(0.8);
});

test('German: chosen in the user menu, kept after a reload, on the account too @auth @shell', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await openUserMenu(page);
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { name: 'Willkommen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Willkommen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Cookie-Richtlinie' })).toBeVisible();
  await expect(page.getByText(/^Sie gehören noch keinem Workspace an\./)).toBeVisible();
  await expect(page.getByText('Startseite', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Willkommen · Kundenportal');
  await openUserMenu(page);
  await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toBeChecked();
  await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
  await page.keyboard.press('Escape');

  // the account keeps it: a browser that remembers nothing speaks German once signed in
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Willkommen' })).toBeVisible();

  // the sign-in page speaks the browser's remembered language
  await page.context().clearCookies();
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await expect(page.getByText('Passwort vergessen?')).toBeVisible();
});
