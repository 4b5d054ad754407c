import type { APIRequestContext, Page } from '@playwright/test';
import { identityCalls, logIn } from '../../support/authUi';
import { expect, test } from '../../support/fixtures';
import { DEMO_USER, readOutbox, waitForOutbox } from '../../support/identity';
import { toast } from '../../support/mfaUi';
import {
  CONFIRM_EMAIL_LINK,
  expectFieldMessage,
  expectNoFieldMessage,
  NEW_PASSWORD,
  SMS_CODE,
  SPEC,
  signUp,
  signupForm,
  uniqueContact,
} from '../../support/signupUi';

const smsStep = (page: Page) => page.getByRole('form', { name: 'Confirm your mobile number' });

test('sign up with SMS code and e-mail link read from the outbox, then log in @auth @shell', async ({
  page,
  request,
  baseURL,
}) => {
  const started = Date.now() - 1_000;
  const { email, phone } = uniqueContact('signup');
  await page.goto('/auth/signup');
  await expect(page.getByRole('tab', { name: 'Sign up', selected: true })).toBeVisible();
  // the number as people write it; the api gets (and texts) its E.164 form
  await signUp(page, { email, phone: phone.replace(/^(\+49)(151)/, '$1 $2 '), password: NEW_PASSWORD });

  const sms = smsStep(page);
  await expect(sms.getByRole('heading', { name: 'Confirm your mobile number' })).toBeVisible();
  await expect(sms.getByText(`Enter the registration code we sent by SMS to ${phone}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  // the confirmation mail waits for the phone: nothing in the inbox yet
  expect(await readOutbox(request, baseURL, email)).toEqual([]);

  const code = await waitForOutbox(request, baseURL, phone, SMS_CODE, { after: started });
  await sms.getByRole('textbox', { name: 'Code' }).fill(code);
  await sms.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(
    page.getByText(`We sent a confirmation link to ${email}. Open it to finish signing up.`),
  ).toBeVisible();
  await expect(smsStep(page)).toHaveCount(0);

  const key = await waitForOutbox(request, baseURL, email, CONFIRM_EMAIL_LINK, { after: started });
  await page.goto(`/auth/confirm-email/${key}`);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  await expect(page.getByText(`Please confirm that ${email} is your e-mail address.`)).toBeVisible();
  const verified = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      new URL(r.url()).pathname === '/_allauth/browser/v1/auth/email/verify',
  );
  await page.getByRole('button', { name: 'Confirm' }).click();

  // allauth's default (ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION off): confirmed, but nobody signed in;
  // the customer lands on the login page, told that the address is confirmed, and logs in
  expect((await verified).status()).toBe(401);
  await expect(toast(page, 'Your e-mail address is confirmed. You can log in now.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logIn(page, email, NEW_PASSWORD);

  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveCount(0);
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Account menu of ${email}` }),
  ).toBeVisible();

  // the session is real: a reload keeps the user signed in
  await page.reload();
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Account menu of ${email}` }),
  ).toBeVisible();
});

test('the referral segment is shown and sent with the sign-up @auth', async ({ page }) => {
  const { email, phone } = uniqueContact('referral');
  await page.goto('/auth/signup/REF123');
  await expect(page.getByRole('tab', { name: 'Sign up', selected: true })).toBeVisible();
  await expect(
    signupForm(page).form.getByText('You were invited with the referral code REF123.'),
  ).toBeVisible();

  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/_allauth/browser/v1/auth/signup',
  );
  await signUp(page, { email, phone, password: NEW_PASSWORD, marketing: true });
  expect((await sent).postDataJSON()).toMatchObject({
    email,
    phone,
    password: NEW_PASSWORD,
    consent_personal_data: true,
    consent_marketing: true,
    referral: 'REF123',
  });
  await expect(smsStep(page)).toBeVisible();
});

test('bad inputs on the sign-up form show the spec messages and nothing is submitted @auth', async ({
  page,
}) => {
  await page.goto('/auth/signup');
  const calls = identityCalls(page, 'POST');
  const f = signupForm(page);
  await expect(f.email).toBeVisible();

  // the hint of a new password is there before anything is typed
  await expect(f.form.getByText(SPEC.passwordHint)).toBeVisible();
  await expectFieldMessage(f.password, SPEC.passwordHint);

  // empty submit: every required field says so, the optional marketing box does not
  await f.submit.click();
  for (const control of [f.email, f.phone, f.password, f.passwordConfirm, f.consent]) {
    await expectFieldMessage(control, SPEC.required);
  }
  await expectNoFieldMessage(f.marketing, SPEC.required);
  await expect(f.form.getByText(SPEC.required, { exact: true })).toHaveCount(5);

  await f.email.fill('not-an-email');
  await f.phone.fill('0151 23456789'); // no country code
  await f.password.fill('weakpass1'); // no upper-case letter
  await f.passwordConfirm.fill('weakpass2');
  await f.submit.click();
  await expectFieldMessage(f.email, SPEC.email);
  await expectFieldMessage(f.phone, SPEC.phoneUnparseable);
  await expectFieldMessage(f.password, SPEC.password);
  await expectFieldMessage(f.password, SPEC.passwordHint);
  await expectFieldMessage(f.passwordConfirm, SPEC.passwordMatch);
  await expectFieldMessage(f.consent, SPEC.required);

  // each phone message on the input the remote's README assigns it to
  for (const [value, message] of [
    ['phone', SPEC.phoneUnparseable], // not a number
    ['+999 123456', SPEC.phoneUnparseable], // unknown country code
    ['+49 151', SPEC.phoneInvalid], // too short for Germany
    ['+1 202 555 01234567', SPEC.phoneInvalid], // too long for the US
    ['+49 30 12345678', SPEC.phoneNotMobile], // a Berlin landline
  ] as const) {
    await f.phone.fill(value);
    await f.submit.click();
    await expectFieldMessage(f.phone, message);
    await expect(f.form.getByText(message, { exact: true })).toHaveCount(1);
  }

  // the rule message for a password without a digit and one too short, too
  for (const weak of ['Weak-Password', 'Ab1']) {
    await f.password.fill(weak);
    await f.passwordConfirm.fill(weak);
    await f.submit.click();
    await expectFieldMessage(f.password, SPEC.password);
    await expectNoFieldMessage(f.passwordConfirm, SPEC.passwordMatch);
  }

  // everything right but the passwords differ
  const { email, phone } = uniqueContact('invalid');
  await f.email.fill(email);
  await f.phone.fill(phone);
  await f.password.fill(NEW_PASSWORD);
  await f.passwordConfirm.fill(`${NEW_PASSWORD}x`);
  await f.consent.check();
  await f.submit.click();
  await expectFieldMessage(f.passwordConfirm, SPEC.passwordMatch);
  for (const control of [f.email, f.phone, f.password, f.consent]) {
    await expect(control).not.toHaveAttribute('aria-invalid', 'true');
  }

  // everything right but the consent unticked
  await f.passwordConfirm.fill(NEW_PASSWORD);
  await f.consent.uncheck();
  await f.submit.click();
  await expectFieldMessage(f.consent, SPEC.required);
  await expectNoFieldMessage(f.passwordConfirm, SPEC.passwordMatch);
  expect(calls).toEqual([]);

  // the same form, consent ticked, goes through: the capture above would have seen a call
  await f.consent.check();
  await f.submit.click();
  await expect(smsStep(page)).toBeVisible();
  expect(calls).toEqual(['/auth/signup']);
});

/**
 * Signs up on the page and enters the SMS code, up to "Check your inbox"; answers what the identity
 * service said to the sign-up and to the code, for comparing two sign-ups.
 */
async function signUpToInbox(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  { email, phone }: { email: string; phone: string },
) {
  const started = Date.now() - 1_000;
  const answer = (path: string) =>
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/_allauth/browser/v1${path}`,
    );
  await page.goto('/auth/signup');
  const signupAnswer = answer('/auth/signup');
  await signUp(page, { email, phone, password: NEW_PASSWORD });
  const signup = await signupAnswer;

  const sms = smsStep(page);
  await expect(sms.getByText(`Enter the registration code we sent by SMS to ${phone}.`)).toBeVisible();
  const code = await waitForOutbox(request, baseURL, phone, SMS_CODE, { after: started });
  await sms.getByRole('textbox', { name: 'Code' }).fill(code);
  const phoneAnswer = answer('/auth/phone/verify');
  await sms.getByRole('button', { name: 'Confirm' }).click();
  const verified = await phoneAnswer;

  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(
    page.getByText(`We sent a confirmation link to ${email}. Open it to finish signing up.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  return [
    { status: signup.status(), body: await signup.json() },
    { status: verified.status(), body: await verified.json() },
  ];
}

test('a sign-up with a taken e-mail looks the same as a new one @auth @shell', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const started = Date.now() - 1_000;

  // a new address, in a browser of its own
  const fresh = uniqueContact('fresh');
  const other = await browser.newContext({ baseURL });
  const freshAnswers = await signUpToInbox(await other.newPage(), request, baseURL, fresh);
  await other.close();
  expect(freshAnswers.map((a) => a.status)).toEqual([401, 401]);

  // the demo customer's address: the same screens, the same answers
  const taken = { email: DEMO_USER, phone: uniqueContact('taken').phone };
  const takenAnswers = await signUpToInbox(page, request, baseURL, taken);
  expect(takenAnswers).toEqual(freshAnswers);

  // only the mailbox tells them apart: the owner hears of it, and gets no confirmation link
  await waitForOutbox(request, baseURL, fresh.email, CONFIRM_EMAIL_LINK, { after: started });
  await waitForOutbox(request, baseURL, DEMO_USER, /tried to sign up for an account/, { after: started });
  const mails = (await readOutbox(request, baseURL, DEMO_USER)).filter(
    (m) => Date.parse(m.createdAt) >= started,
  );
  expect(mails.map((m) => m.subject)).toEqual(['[Portal] Account Already Exists']);

  // and the visitor is not signed in
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a wrong SMS code shows the server message and keeps the form @auth', async ({
  page,
  request,
  baseURL,
}) => {
  const started = Date.now() - 1_000;
  const { email, phone } = uniqueContact('wrong-code');
  await page.goto('/auth/signup');
  await signUp(page, { email, phone, password: NEW_PASSWORD });
  const sms = smsStep(page);
  const codeInput = sms.getByRole('textbox', { name: 'Code' });
  await expect(codeInput).toBeVisible();

  const calls = identityCalls(page, 'POST');
  // the empty code is refused in the page
  await sms.getByRole('button', { name: 'Confirm' }).click();
  await expectFieldMessage(codeInput, SPEC.required);
  expect(calls).toEqual([]);

  // look-alike-free codes never hold a 0
  await codeInput.fill('000000');
  await sms.getByRole('button', { name: 'Confirm' }).click();
  await expectFieldMessage(codeInput, 'Incorrect code.');
  expect(calls).toEqual(['/auth/phone/verify']);
  await expect(sms.getByRole('heading', { name: 'Confirm your mobile number' })).toBeVisible();
  await expect(codeInput).toHaveValue('000000');
  await expect(page).toHaveURL(/\/auth\/signup$/);

  // the server's message goes once the field is edited, and the right code still works
  const code = await waitForOutbox(request, baseURL, phone, SMS_CODE, { after: started });
  await codeInput.fill(code);
  await expectNoFieldMessage(codeInput, 'Incorrect code.');
  await sms.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
});
