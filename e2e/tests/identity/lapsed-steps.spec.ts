import { identityCalls, logIn } from '../../support/authUi';
import { expect, test } from '../../support/fixtures';
import { DEMO_PASSWORD, TOTP_RECOVERY_CODES, TOTP_SECRET, TOTP_USER } from '../../support/identity';
import { Authenticator, ageSession, mfaForm, SERVER } from '../../support/mfaUi';

// A portal of its own: wrong codes typed for the seeded TOTP account count against its limits.
test.use({ portalEnv: { PORTAL_E2E_SUITE: 'lapsed-steps' } });

/** allauth's LOGIN_TIMEOUT (15 minutes): a stashed login older than this is forgotten. */
const LOGIN_TIMEOUT_S = 900;
const LAPSED_LOGIN =
  'Your login has timed out or was ended, so this code can no longer be checked. Please log in again.';

test('a login that lapsed on the 2FA step says so and leads back to log in, where it starts again @auth', async ({
  page,
  baseURL,
}) => {
  await page.goto('/auth/login');
  await logIn(page, TOTP_USER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/auth\/2fa\/authenticate$/);
  const mfa = mfaForm(page);
  await expect(mfa.totpCode).toBeVisible();

  // the customer leaves the page open longer than allauth keeps the first step
  await ageSession(page, baseURL, LOGIN_TIMEOUT_S + 1);
  const posts = identityCalls(page, 'POST');
  await mfa.totpCode.fill(await new Authenticator(TOTP_SECRET).nextCode());
  await mfa.submit.click();
  // the api answers 401 without the pending step: the page says what happened
  await expect(page.getByText(LAPSED_LOGIN)).toBeVisible();
  expect(posts).toEqual(['/auth/2fa/authenticate']);
  await expect(mfa.form).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth\/2fa\/authenticate$/);

  await page.getByRole('button', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logIn(page, TOTP_USER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/auth\/2fa\/authenticate$/);
  await expect(mfaForm(page).totpCode).toBeVisible();
});

test('opening the 2FA step or the provider sign-up with nothing pending explains it instead of a form @auth', async ({
  page,
}) => {
  await page.goto('/auth/2fa/authenticate');
  await expect(page.getByText(LAPSED_LOGIN)).toBeVisible();
  await expect(mfaForm(page).form).toHaveCount(0);

  await page.goto('/auth/provider/signup');
  await expect(page.getByRole('heading', { name: 'Finish signing up' })).toBeVisible();
  await expect(
    page.getByText(
      'There is no sign-up waiting to be finished here: it has timed out or was already completed. Log in with your provider again to start over.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
});

test('switching between an authenticator code and a recovery code drops the wrong code and its error, both ways @auth @shell', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await logIn(page, TOTP_USER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/auth\/2fa\/authenticate$/);
  const mfa = mfaForm(page);
  const app = new Authenticator(TOTP_SECRET);

  await mfa.totpCode.fill(app.wrongCode());
  await mfa.submit.click();
  await expect(mfa.form.getByText(SERVER.incorrectCode)).toBeVisible();

  await mfa.useRecovery.check();
  await expect(mfa.recoveryCode).toHaveValue('');
  await expect(mfa.form.getByText(SERVER.incorrectCode)).toHaveCount(0);
  await expect(mfa.form.getByText('Required')).toHaveCount(0);
  await expect(page.getByText('Enter one of your recovery codes. Each code works once.')).toBeVisible();

  await mfa.recoveryCode.fill('ffffffff');
  await mfa.submit.click();
  await expect(mfa.form.getByText(SERVER.incorrectCode)).toBeVisible();

  await mfa.useRecovery.uncheck();
  await expect(mfa.totpCode).toHaveValue('');
  await expect(mfa.form.getByText(SERVER.incorrectCode)).toHaveCount(0);
  await expect(mfa.form.getByText('Required')).toHaveCount(0);

  // and the right code still logs in
  await mfa.useRecovery.check();
  await mfa.recoveryCode.fill(TOTP_RECOVERY_CODES[0]);
  await mfa.submit.click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account/ })).toBeVisible();
});
