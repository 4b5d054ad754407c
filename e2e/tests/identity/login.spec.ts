import { identityCalls, logIn, logOut } from '../../support/authUi';
import { expect, test } from '../../support/fixtures';
import { DEMO_CONTRACTS, DEMO_PASSWORD, DEMO_USER } from '../../support/identity';
import { dashboardUrl } from '../../support/paths';

test('log in, log out and log in again through the screens @auth @compute @shell', async ({ page }) => {
  await page.goto('/');
  // Home requires a session: the guard sends a visitor to Login
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logIn(page, DEMO_USER, DEMO_PASSWORD);
  // Home, which sends demo (several workspaces) on to the Dashboard of the CAB one
  await expect(page).toHaveURL(dashboardUrl(DEMO_CONTRACTS.cabinet));
  await expect(page.getByRole('tab', { name: 'Instances' })).toBeVisible();

  await logOut(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
  // signed out, Home is refused again
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await logIn(page, DEMO_USER, DEMO_PASSWORD);
  await expect(page).toHaveURL(dashboardUrl(DEMO_CONTRACTS.cabinet));
  await expect(page.getByRole('button', { name: 'Account menu of Demo Customer' })).toBeVisible();
  // a signed-in user never sees the login page
  await page.goto('/auth/login');
  await expect(page).toHaveURL(dashboardUrl(DEMO_CONTRACTS.cabinet));
});

test('a deep workspace link asked for signed out lands there after login @auth @billing', async ({
  page,
}) => {
  // one of demo's workspaces, not the one the selection would pick by itself (the CAB one)
  const contract = DEMO_CONTRACTS.legacy;
  await page.goto(`/workspace/${contract}/billing?tab=invoices`);
  await expect(page).toHaveURL(
    `/auth/login?redirect=${encodeURIComponent(`/workspace/${contract}/billing?tab=invoices`)}`,
  );
  await logIn(page, DEMO_USER, DEMO_PASSWORD);
  // the Billing page names its default tab in the path and keeps the query
  await expect(page).toHaveURL(`/workspace/${contract}/billing/invoices?tab=invoices`);
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
});

test('a redirect to another site is never followed @auth @compute', async ({ page }) => {
  await page.goto('/auth/login?redirect=%2F%2Fevil.example%2Fphish');
  await logIn(page, DEMO_USER, DEMO_PASSWORD);
  await expect(page).toHaveURL(dashboardUrl(DEMO_CONTRACTS.cabinet));
});

test('bad input on the login form shows the spec messages and sends nothing @auth', async ({ page }) => {
  await page.goto('/auth/login');
  const calls = identityCalls(page, 'POST');
  const form = page.getByRole('tabpanel').or(page.locator('form')).first();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByText('E-mail must be valid')).toBeVisible();
  await expect(form.getByText('Min 8 characters')).toBeVisible();
  expect(calls).toEqual([]);

  // a wrong password reaches the server, which answers on the password field
  await page.getByLabel('E-mail').fill(DEMO_USER);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-Pass-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByText('The email address and/or password you specified are not correct.'),
  ).toBeVisible();
  expect(calls).toEqual(['/auth/login']);
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO_USER);
});
