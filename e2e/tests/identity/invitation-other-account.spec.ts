import { expect, test } from '../../support/fixtures';
import {
  DEMO_INVITATION_KEY,
  DEMO_PASSWORD,
  DEMO_USER,
  NOWS_USER,
  signInByApi,
} from '../../support/identity';

// A portal of its own: accepting the seeded invitation gives nows@example.com a workspace.
test.use({ portalEnv: { PORTAL_E2E_SUITE: 'invitation-other-account' } });

test('logged in as another address, the invitation says so, offers no Accept, and logs out to continue as the invited address @auth @shell', async ({
  page,
  portal,
}) => {
  await signInByApi(page, portal.url, DEMO_USER, DEMO_PASSWORD);
  await page.goto(`/invitation/${DEMO_INVITATION_KEY}`);
  await expect(page.getByText('invited you to join the workspace Nordwind Cloud.')).toBeVisible();
  await expect(
    page.getByText(
      `This invitation is for ${NOWS_USER}, but you are logged in as ${DEMO_USER}. Only ${NOWS_USER} can accept it: log out, then log in as ${NOWS_USER}.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);

  await page.getByRole('button', { name: `Log out and continue as ${NOWS_USER}` }).click();
  // the login page, the invited address already in the form
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(NOWS_USER);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  // back on the invitation, as the invited address: now it can be accepted
  await expect(page).toHaveURL(`/invitation/${DEMO_INVITATION_KEY}`);
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account/ })).toBeVisible();
  await expect(page.getByText(/but you are logged in as/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Join this workspace?' });
  await expect(dialog).toContainText('You will join Nordwind Cloud as Technical.');
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('You joined Nordwind Cloud.')).toBeVisible();
});
