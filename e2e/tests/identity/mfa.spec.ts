import { identityCalls, logIn, logOut } from '../../support/authUi';
import { expect, test } from '../../support/fixtures';
import {
  Authenticator,
  activationForm,
  expectHome,
  mfaForm,
  readActivationKey,
  readRecoveryCodes,
  SERVER,
  toast,
} from '../../support/mfaUi';
import { createUserByApi, NEW_PASSWORD, uniqueContact } from '../../support/signupUi';

test('enable TOTP, log out, log in with a TOTP code, then with a recovery code (used once, refused twice) @auth @compute @shell', async ({
  page,
  request,
  baseURL,
}) => {
  // up to two TOTP period boundaries are waited for (activation step, then the next login step)
  test.setTimeout(120_000);
  const contact = uniqueContact('mfa');
  await createUserByApi(request, baseURL, { ...contact, password: NEW_PASSWORD });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  await page.goto('/auth/login');
  await logIn(page, contact.email, NEW_PASSWORD);
  await expectHome(page);

  // the overview: nothing set up yet
  await page.goto('/auth/2fa');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Not set up')).toBeVisible();
  await expect(page.getByText('Available once the authenticator app is active.')).toBeVisible();
  await page.getByRole('button', { name: 'Activate' }).click();

  // activation: QR code and key, drawn in the page
  await expect(page).toHaveURL(/\/auth\/2fa\/totp\/activate\/$/);
  await expect(page.getByRole('heading', { name: 'Activate authenticator app' })).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code to set up the authenticator app' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;charset=utf-8,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const key = await readActivationKey(page);
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(toast(page, 'Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const app = new Authenticator(key);
  const activate = activationForm(page);
  const posts = identityCalls(page, 'POST');
  // bad input never reaches the server
  await activate.submit.click();
  await expect(activate.form.getByText('Required')).toBeVisible();
  await activate.code.fill('   ');
  await activate.submit.click();
  await expect(activate.form.getByText('Required')).toBeVisible();
  expect(posts).toEqual([]);
  // a wrong code: the server's message, nothing activated
  await activate.code.fill(app.wrongCode());
  await activate.submit.click();
  await expect(activate.form.getByText(SERVER.incorrectCode)).toBeVisible();
  expect(posts).toEqual(['/account/authenticators/totp']);
  await expect(page).toHaveURL(/\/auth\/2fa\/totp\/activate\/$/);

  // the right code activates and opens the 10 fresh recovery codes
  await activate.code.fill(await app.nextCode());
  await activate.submit.click();
  await expect(toast(page, 'The authenticator app is active.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/2fa\/recovery-codes\/$/);
  await expect(page.getByRole('heading', { name: 'Recovery codes' })).toBeVisible();
  await expect(page.getByText('10 of 10 codes unused')).toBeVisible();
  const codes = await readRecoveryCodes(page, 10);
  await page.getByRole('link', { name: 'Back to two-factor authentication' }).click();
  await expect(page).toHaveURL(/\/auth\/2fa$/);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('10 of 10 codes left')).toBeVisible();

  // log in again: the password is not enough any more (pages under /auth/ have no app bar)
  await page.goto('/');
  await expectHome(page);
  await logOut(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logIn(page, contact.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/auth\/2fa\/authenticate$/);
  const mfa = mfaForm(page);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  const loginPosts = identityCalls(page, 'POST');
  await mfa.submit.click();
  await expect(mfa.form.getByText('Required')).toBeVisible();
  expect(loginPosts).toEqual([]);
  // a fresh time step (see Authenticator)
  await mfa.totpCode.fill(await app.nextCode());
  await mfa.submit.click();
  await expectHome(page);
  expect(loginPosts).toEqual(['/auth/2fa/authenticate']);

  // log in with a recovery code
  await logOut(page);
  await logIn(page, contact.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/auth\/2fa\/authenticate$/);
  await mfa.useRecovery.check();
  await expect(page.getByText('Enter one of your recovery codes. Each code works once.')).toBeVisible();
  await expect(mfa.totpCode).toHaveCount(0);
  await mfa.recoveryCode.fill(codes[0]!);
  await mfa.submit.click();
  await expectHome(page);

  // the same recovery code a second time is refused; an unused one works
  await logOut(page);
  await logIn(page, contact.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/auth\/2fa\/authenticate$/);
  await mfa.useRecovery.check();
  const recoveryPosts = identityCalls(page, 'POST');
  await mfa.submit.click();
  await expect(mfa.form.getByText('Required')).toBeVisible();
  expect(recoveryPosts).toEqual([]);
  await mfa.recoveryCode.fill(codes[0]!);
  await mfa.submit.click();
  await expect(mfa.form.getByText(SERVER.incorrectCode)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/2fa\/authenticate$/);
  expect(recoveryPosts).toEqual(['/auth/2fa/authenticate']);
  await mfa.recoveryCode.fill(codes[1]!);
  await mfa.submit.click();
  await expectHome(page);

  // two of ten are used up
  await page.goto('/auth/2fa');
  await expect(page.getByText('8 of 10 codes left')).toBeVisible();
});
