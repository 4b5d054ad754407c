import type { Browser, Page } from '@playwright/test';
import { logIn } from '../support/authUi';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import {
  DEMO_CONTRACTS,
  DEMO_INVITATION_KEY,
  DEMO_PASSWORD,
  NOWS_USER,
  signInByApi,
  waitForOutbox,
} from '../support/identity';

// Workspace administration (issue 13) on the production build: invitations end to end, the role
// table in the drawer and the guard, the workspace's data, workspace deletion and account
// deactivation. A portal of its own: the tests change members, delete a workspace and deactivate
// an account, in this order.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'workspace-admin' } });
test.use({ needs: ['devTools'] });

const OTHER_USER = 'other@example.com';
const settingsUrl = (contractUid: string) => `/workspace/${contractUid}/settings`;

async function signedInPage(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInByApi(page, baseURL, email, DEMO_PASSWORD);
  return page;
}

test('invite a colleague; they accept through the e-mail link and are listed with their role @auth @workspace', async ({
  page,
  browser,
  portal,
}) => {
  await page.goto(settingsUrl(DEMO_CONTRACTS.cabinet));
  const users = page.getByRole('list', { name: 'Users' });
  await expect(users.getByRole('listitem', { name: 'Erika Mustermann' })).toContainText('Authorized person');

  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Invite a user' });
  // a member cannot be invited again: the message is on the field, the input stays
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('demo@example.com');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('demo@example.com is already a user of this workspace.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(OTHER_USER);
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption('Technical');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${OTHER_USER}`).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(OTHER_USER);

  const key = await waitForOutbox(page.request, portal.url, OTHER_USER, /\/invitation\/([\w-]+)/);
  const colleague = await signedInPage(browser, portal.url, OTHER_USER);
  await colleague.goto(`/invitation/${key}`);
  await colleague.getByRole('button', { name: 'Accept invitation' }).click();
  await colleague
    .getByRole('alertdialog', { name: 'Join this workspace?' })
    .getByRole('button', { name: 'Join' })
    .click();
  await expect(colleague.getByText('You joined Nordwind Cloud.')).toBeVisible();

  // the administrator's page follows live (subscription), without a reload
  const row = users.getByRole('listitem', { name: 'Otto Other' });
  await expect(row).toContainText('Technical');
  await expect(row).toContainText('Active');
  await expect(page.getByRole('list', { name: 'Open invitations' })).not.toContainText(OTHER_USER);
  await colleague.context().close();
});

test('a Technical user cannot open Billing: not in the drawer, the direct URL refused @workspace @billing @compute @shell', async ({
  browser,
  portal,
}) => {
  const technical = await signedInPage(browser, portal.url, OTHER_USER);
  await technical.goto(`/workspace/${DEMO_CONTRACTS.cabinet}/dashboard`);
  const drawer = technical.getByRole('navigation');
  await expect(drawer.getByText('Dashboard', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Settings', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Billing', { exact: true })).toHaveCount(0);

  await technical.goto(`/workspace/${DEMO_CONTRACTS.cabinet}/billing`);
  await expect(
    technical.getByText('You do not have permission to perform this action').first(),
  ).toBeVisible();
  await expect(technical).not.toHaveURL(/\/billing/);

  // the settings are readable, not editable
  await technical.goto(settingsUrl(DEMO_CONTRACTS.cabinet));
  await expect(technical.getByText('Only an Administrative user can change these settings.')).toBeVisible();
  await expect(technical.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(technical.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
  await technical.context().close();
});

test("change a workspace's data: bad input refused on its field, then saved @workspace", async ({ page }) => {
  await page.goto(settingsUrl(DEMO_CONTRACTS.cabinet));
  const city = page.getByRole('textbox', { name: 'City' });
  const mobile = page.getByRole('textbox', { name: 'Mobile number' });
  await expect(city).toHaveValue('Hamburg');
  await city.fill('Kiel');
  await mobile.fill('call me');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Not valid phone number.')).toBeVisible();
  await expect(city).toHaveValue('Kiel');

  await mobile.fill('+49 151 98765432');
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Austria' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Workspace settings saved').first()).toBeVisible();

  await page.reload();
  await expect(city).toHaveValue('Kiel');
  await expect(mobile).toHaveValue('+4915198765432');
  await expect(page.getByRole('combobox', { name: 'Country' }).locator('option:checked')).toHaveText(
    'Austria',
  );
});

test('delete a workspace: support for one with services; password, last warning, confirmation @auth @workspace @compute', async ({
  page,
}) => {
  await page.goto(settingsUrl(DEMO_CONTRACTS.cabinet));
  await page.getByRole('button', { name: 'Delete workspace…' }).click();
  const blocked = page.getByRole('alertdialog', { name: 'This workspace cannot be deleted automatically' });
  await expect(blocked).toContainText('It has 2 active services');
  await expect(blocked.getByRole('button', { name: 'Contact support' })).toBeVisible();
  await blocked.getByRole('button', { name: 'Cancel' }).click();

  // the legacy workspace owes 42.50: settled, nothing stops its deletion
  const settled = await page.request.post(`/_dev/workspaces/${DEMO_CONTRACTS.legacy}/balance`, {
    data: { amount: '0' },
  });
  expect(settled.ok()).toBe(true);
  await page.goto(settingsUrl(DEMO_CONTRACTS.legacy));
  await expect(page.getByRole('heading', { name: 'Alpha Web Hosting' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete workspace…' }).click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Enter your password to delete “Alpha Web Hosting”.');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password' }).fill('Wrong-Pass-1');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Last warning' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete workspace' }).click();
  // a wrong password comes back to its step
  await expect(dialog.getByText('Incorrect password.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText(
    '“Alpha Web Hosting” and its users, invitations and settings will be deleted. This cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete workspace' }).click();
  await expect(dialog).toContainText('The workspace “Alpha Web Hosting” has been deleted.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(new RegExp(DEMO_CONTRACTS.legacy));

  await page.getByRole('button', { name: /switch workspace$/ }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Nordwind Cloud' })).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'Alpha Web Hosting' })).toHaveCount(0);
});

test('deactivate an account in two steps (Back works); it cannot sign in afterwards @auth @workspace', async ({
  browser,
  portal,
}) => {
  const user = await signedInPage(browser, portal.url, NOWS_USER);
  // nows joins demo's workspace first, so the warning has a workspace to list
  await user.goto(`/invitation/${DEMO_INVITATION_KEY}`);
  await user.getByRole('button', { name: 'Accept invitation' }).click();
  await user
    .getByRole('alertdialog', { name: 'Join this workspace?' })
    .getByRole('button', { name: 'Join' })
    .click();
  await expect(user.getByText('You joined Nordwind Cloud.')).toBeVisible();

  await user.goto('/profile/accounts');
  await expect(user.getByRole('region', { name: 'Nordwind Hosting GmbH' })).toContainText('Technical');
  await user.getByRole('button', { name: 'Deactivate account…' }).click();
  const warning = user.getByRole('alertdialog', { name: 'Deactivate your account?' });
  await expect(warning).toContainText('This cannot be undone.');
  await expect(warning.getByRole('list')).toContainText('Nordwind Cloud (Nordwind Hosting GmbH) · Technical');
  await warning.getByRole('button', { name: 'Continue' }).click();

  const confirm = user.getByRole('alertdialog', { name: 'Confirm with your password' });
  await confirm.getByRole('textbox', { name: 'Password' }).fill('typed before going back');
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(warning.getByRole('list')).toContainText('Nordwind Cloud');
  await warning.getByRole('button', { name: 'Continue' }).click();
  await confirm.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await confirm.getByRole('button', { name: 'Deactivate account' }).click();

  await expect(user).toHaveURL(/\/auth\/login/);
  await logIn(user, NOWS_USER, DEMO_PASSWORD);
  await expect(
    user.getByText('The email address and/or password you specified are not correct.'),
  ).toBeVisible();
  await expect(user).toHaveURL(/\/auth\/login/);
  await user.context().close();
});
