import { identityCalls, logIn } from '../../support/authUi';
import { expect, test } from '../../support/fixtures';
import {
  DEMO_PASSWORD,
  signInByApi,
  TOTP_RECOVERY_CODES,
  TOTP_SECRET,
  TOTP_USER,
} from '../../support/identity';
import {
  Authenticator,
  activationForm,
  expectHome,
  expireReauthentication,
  mfaForm,
  readActivationKey,
  readRecoveryCodes,
  SERVER,
  toast,
} from '../../support/mfaUi';
import { createUserByApi, NEW_PASSWORD, uniqueContact } from '../../support/signupUi';

/**
 * A login older than this many seconds must be confirmed before a sensitive 2FA call. The default
 * (5 minutes): the test ages the session past it on the api's dev clock instead of waiting, and a
 * reauthentication the test makes stays fresh however slow the machine is.
 */
const REAUTH_TIMEOUT_S = 300;
test.use({ portalEnv: { PORTAL_REAUTH_TIMEOUT_S: String(REAUTH_TIMEOUT_S) } });

test('a sensitive action after the reauthentication timeout goes to ReauthenticateForm and returns to where the user was @auth', async ({
  page,
  request,
  baseURL,
}) => {
  const contact = uniqueContact('reauth');
  await createUserByApi(request, baseURL, { ...contact, password: NEW_PASSWORD });
  await signInByApi(page, baseURL, contact.email, NEW_PASSWORD);

  // reading the activation key is not sensitive; activating is
  await page.goto('/auth/2fa/totp/activate/');
  const firstKey = await readActivationKey(page);
  await expireReauthentication(page, baseURL, REAUTH_TIMEOUT_S);
  const activate = activationForm(page);
  await activate.code.fill(await new Authenticator(firstKey).nextCode());
  await activate.submit.click();

  await expect(page).toHaveURL(/\/auth\/reauthenticate$/);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await expect(page.getByText(`Enter the password of ${contact.email} to continue.`)).toBeVisible();
  // no authenticator app yet: the password is the only way
  await expect(page.getByRole('link', { name: 'Use your authenticator app instead' })).toHaveCount(0);

  const form = page.getByRole('form', { name: 'Confirm it is you' });
  const password = form.getByRole('textbox', { name: 'Password', exact: true });
  const confirm = form.getByRole('button', { name: 'Confirm' });
  const posts = identityCalls(page, 'POST');
  await confirm.click();
  await expect(form.getByText('Required')).toBeVisible();
  await password.fill('short');
  await confirm.click();
  await expect(form.getByText('Min 8 characters')).toBeVisible();
  expect(posts).toEqual([]);
  // a wrong password: the server's message, still here
  await password.fill('Wrong-Pass-1');
  await confirm.click();
  await expect(form.getByText(SERVER.incorrectPassword)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/reauthenticate$/);
  expect(posts).toEqual(['/auth/reauthenticate']);

  // the right password: back on the activation page, where activating now works
  await password.fill(NEW_PASSWORD);
  await confirm.click();
  await expect(page).toHaveURL(/\/auth\/2fa\/totp\/activate\/$/);
  expect(posts).toEqual(['/auth/reauthenticate', '/auth/reauthenticate']);
  // the page loaded again, and with it a fresh secret for the activation
  const key = await readActivationKey(page);
  expect(key).not.toBe(firstKey);
  await activate.code.fill(await new Authenticator(key).nextCode());
  await activate.submit.click();
  await expect(toast(page, 'The authenticator app is active.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/2fa\/recovery-codes\/$/);
  await readRecoveryCodes(page, 10);

  // Back does not return to the confirmation: it was replaced by the page the user came back to
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\/2fa\/totp\/activate\/$/);
});

test('a TOTP user confirms with the authenticator app on /auth/2fa/reauthenticate and gets back to the recovery codes @auth @compute', async ({
  page,
  baseURL,
}) => {
  // the seeded TOTP account (this file has a portal of its own); logged in with a recovery code
  await page.goto('/auth/login');
  await logIn(page, TOTP_USER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/auth\/2fa\/authenticate$/);
  const login = mfaForm(page);
  await login.useRecovery.check();
  await login.recoveryCode.fill(TOTP_RECOVERY_CODES[0]);
  await login.submit.click();
  await expectHome(page);

  // after the timeout, opening the recovery codes asks to confirm it is you
  await expireReauthentication(page, baseURL, REAUTH_TIMEOUT_S);
  await page.goto('/auth/2fa');
  await expect(page.getByText('9 of 10 codes left')).toBeVisible();
  await page.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/auth\/reauthenticate$/);
  await expect(page.getByText(`Enter the password of ${TOTP_USER} to continue.`)).toBeVisible();
  await page.getByRole('link', { name: 'Use your authenticator app instead' }).click();

  await expect(page).toHaveURL(/\/auth\/2fa\/reauthenticate$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Use your password instead' })).toBeVisible();
  const mfa = mfaForm(page);
  const app = new Authenticator(TOTP_SECRET);
  const posts = identityCalls(page, 'POST');
  await mfa.submit.click();
  await expect(mfa.form.getByText('Required')).toBeVisible();
  expect(posts).toEqual([]);
  await mfa.totpCode.fill(app.wrongCode());
  await mfa.submit.click();
  await expect(mfa.form.getByText(SERVER.incorrectCode)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/2fa\/reauthenticate$/);
  expect(posts).toEqual(['/auth/2fa/reauthenticate']);

  await mfa.totpCode.fill(await app.nextCode());
  await mfa.submit.click();
  await expect(page).toHaveURL(/\/auth\/2fa\/recovery-codes\/$/);
  expect(posts).toEqual(['/auth/2fa/reauthenticate', '/auth/2fa/reauthenticate']);
  await expect(page.getByText('9 of 10 codes unused')).toBeVisible();
  const codes = await readRecoveryCodes(page, 9);
  expect(codes).toEqual(TOTP_RECOVERY_CODES.slice(1));
});

test('deactivating the authenticator app after the timeout: Cancel goes back; after the password the confirmation opens again and one click finishes it @auth', async ({
  page,
  request,
  baseURL,
}) => {
  // up to one TOTP period boundary is waited for (the activation code)
  test.setTimeout(120_000);
  const contact = uniqueContact('resume');
  await createUserByApi(request, baseURL, { ...contact, password: NEW_PASSWORD });
  await signInByApi(page, baseURL, contact.email, NEW_PASSWORD);
  await page.goto('/auth/2fa/totp/activate/');
  const activate = activationForm(page);
  await activate.code.fill(await new Authenticator(await readActivationKey(page)).nextCode());
  await activate.submit.click();
  await expect(page).toHaveURL(/\/auth\/2fa\/recovery-codes\/$/);

  await page.goto('/auth/2fa');
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expireReauthentication(page, baseURL, REAUTH_TIMEOUT_S);
  const deactivateText =
    'Deactivate the authenticator app? Logging in will need only your password, and your recovery codes stop working.';
  const confirmation = page.getByRole('alertdialog', { name: 'Confirm?' });
  const askToDeactivate = async () => {
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(confirmation).toContainText(deactivateText);
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/auth\/reauthenticate$/);
  };

  // asked to confirm it is them, the customer changes their mind: back where they were, nothing done
  await askToDeactivate();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/auth\/2fa$/);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(confirmation).toHaveCount(0);

  // again, and this time with the password: the confirmation is open again on return
  await askToDeactivate();
  const form = page.getByRole('form', { name: 'Confirm it is you' });
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/auth\/2fa$/);
  await expect(confirmation).toContainText(deactivateText);
  const deletes = identityCalls(page, 'DELETE');
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'The authenticator app is deactivated.')).toBeVisible();
  await expect(page.getByText('Not set up')).toBeVisible();
  expect(deletes).toEqual(['/account/authenticators/totp']);
  await expect(page).toHaveURL(/\/auth\/2fa$/);

  // a reload asks nothing more
  await page.reload();
  await expect(page.getByText('Not set up')).toBeVisible();
  await expect(confirmation).toHaveCount(0);
});
