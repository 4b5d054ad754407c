import { logIn } from '../../support/authUi';
import { expect, test } from '../../support/fixtures';
import {
  DEMO_CONTRACTS,
  DEMO_EXPIRED_INVITATION_KEY,
  DEMO_HOSTILE_INVITATION_KEY,
  DEMO_INVITATION_KEY,
  DEMO_PASSWORD,
  DEMO_USER,
  HOSTILE_CONTRACT_UID,
  HOSTILE_WORKSPACE_NAME,
  NOWS_USER,
  signInByApi,
} from '../../support/identity';

// A portal of its own: accepting the seeded invitation gives nows@example.com a workspace, which
// other suites (Welcome for a user without one) must not see.
test.use({ portalEnv: { PORTAL_E2E_SUITE: 'invitation' } });

test('a visitor opens an invitation, logs in, comes back and joins the workspace @auth @compute', async ({
  page,
}) => {
  await page.goto(`/invitation/${DEMO_INVITATION_KEY}`);
  // Invitation skips the guard: a visitor sees it
  await expect(page.getByRole('heading', { name: 'Invitation' })).toBeVisible();
  await expect(page.getByText('invited you to join the workspace Nordwind Cloud.')).toBeVisible();
  await expect(
    page.getByText(
      `Log in or sign up with ${NOWS_USER} to accept the invitation. You will come back here afterwards.`,
    ),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await logIn(page, NOWS_USER, DEMO_PASSWORD);

  // back on the invitation, signed in; nows@example.com's preferences (from `me`: New York time,
  // MM/DD/YYYY, 12-hour clock) show the expiry, 2099-12-31T23:30Z, not the browser's UTC
  await expect(page).toHaveURL(`/invitation/${DEMO_INVITATION_KEY}`);
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: '12/31/2099 6:30 PM' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  // joining shares the user's contact data with the workspace: confirmed first
  const dialog = page.getByRole('alertdialog', { name: 'Join this workspace?' });
  await expect(dialog).toContainText(
    'You will join Nordwind Cloud as Technical. Demo Customer and the other administrators of the workspace will see your name, e-mail address and mobile number.',
  );
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('You joined Nordwind Cloud.')).toBeVisible();
  await page
    .getByRole('button', { name: 'Open workspace' })
    .or(page.getByRole('link', { name: 'Open workspace' }))
    .click();
  await expect(page).toHaveURL(new RegExp(`/workspace/${DEMO_CONTRACTS.cabinet}(/|$)`));

  // the key works once
  await page.goto(`/invitation/${DEMO_INVITATION_KEY}`);
  await expect(page.getByText('This invitation has already been accepted.')).toBeVisible();
});

test('expired and unknown invitation keys are told apart @auth', async ({ page, portal }) => {
  await signInByApi(page, portal.url, DEMO_USER, DEMO_PASSWORD);
  await page.goto(`/invitation/${DEMO_EXPIRED_INVITATION_KEY}`);
  await expect(
    page.getByText('This invitation has expired. Ask the workspace administrator to send you a new one.'),
  ).toBeVisible();
  await page.goto('/invitation/no-such-key');
  await expect(
    page.getByText('This invitation link is not valid. Check the link or ask for a new invitation.'),
  ).toBeVisible();
});

test('a workspace named <img src=x onerror=alert(1)> is shown as text and runs no script @auth @compute @shell', async ({
  page,
  portal,
}) => {
  // a customer named their workspace with markup and invited nows@example.com
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInByApi(page, portal.url, NOWS_USER, DEMO_PASSWORD);
  await page.goto(`/invitation/${DEMO_HOSTILE_INVITATION_KEY}`);
  await expect(page.getByText(`invited you to join the workspace ${HOSTILE_WORKSPACE_NAME}.`)).toBeVisible();

  await page.getByRole('button', { name: 'Accept invitation' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Join this workspace?' });
  // the confirm dialog renders its text as HTML: the name arrives in it as text, not as an image
  await expect(dialog).toContainText(`You will join ${HOSTILE_WORKSPACE_NAME} as Technical.`);
  await expect(dialog.locator('strong')).toHaveText(HOSTILE_WORKSPACE_NAME);
  await expect(page.locator('img[src="x"], [onerror]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText(`You joined ${HOSTILE_WORKSPACE_NAME}.`)).toBeVisible();

  // in the portal too (switcher, drawer), the name stays text
  await page.getByRole('button', { name: 'Open workspace' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/${HOSTILE_CONTRACT_UID}(/|$)`));
  await expect(page.getByText(HOSTILE_WORKSPACE_NAME).first()).toBeVisible();
  await expect(page.locator('img[src="x"], [onerror]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
