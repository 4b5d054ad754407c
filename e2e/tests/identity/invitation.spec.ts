import { logIn } from '../../support/authUi';
import { expect, test } from '../../support/fixtures';
import {
  DEMO_CONTRACTS,
  DEMO_EXPIRED_INVITATION_KEY,
  DEMO_INVITATION_KEY,
  DEMO_PASSWORD,
  DEMO_USER,
  NOWS_USER,
  signInByApi,
} from '../../support/identity';

// A portal of its own: accepting the seeded invitation gives nows@example.com a workspace, which
// other suites (Welcome for a user without one) must not see.
test.use({ portalEnv: { PORTAL_E2E_SUITE: 'invitation' } });

test('a visitor opens an invitation, logs in, comes back and joins the workspace', async ({ page }) => {
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

  // back on the invitation, signed in
  await expect(page).toHaveURL(`/invitation/${DEMO_INVITATION_KEY}`);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
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

test('expired and unknown invitation keys are told apart', async ({ page, portal }) => {
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
