import type { Page } from '@playwright/test';
import { identityCalls, logIn } from '../../support/authUi';
import { expect, test } from '../../support/fixtures';
import { readOutbox, waitForOutbox } from '../../support/identity';
import {
  createUserByApi,
  expectFieldMessage,
  expectNoFieldMessage,
  NEW_PASSWORD,
  RESET_PASSWORD_LINK,
  SPEC,
  uniqueContact,
} from '../../support/signupUi';

const OLD_PASSWORD = 'Old-Pass-2026';
const WRONG_LOGIN = 'The email address and/or password you specified are not correct.';
const sentText = (email: string) =>
  `If an account exists for ${email}, we sent a link to reset the password. Check your inbox.`;

function recoveryForm(page: Page) {
  const form = page.getByRole('form', { name: 'Choose a new password' });
  return {
    form,
    password: form.getByRole('textbox', { name: 'New password', exact: true }),
    passwordConfirm: form.getByRole('textbox', { name: 'Repeat new password', exact: true }),
    submit: form.getByRole('button', { name: 'Change password' }),
  };
}

async function requestReset(page: Page, email: string) {
  await page.goto('/auth/reset-password');
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await form.getByRole('button', { name: 'Send link' }).click();
}

test('password reset from the mail link @auth @shell', async ({ page, request, baseURL }) => {
  const { email, phone } = uniqueContact('reset');
  await createUserByApi(request, baseURL, { email, phone, password: OLD_PASSWORD });
  const requested = Date.now() - 1_000;

  // signed out: the request form, then the same answer as for anybody
  await requestReset(page, email);
  await expect(page.getByText(sentText(email))).toBeVisible();
  const key = await waitForOutbox(request, baseURL, email, RESET_PASSWORD_LINK, { after: requested });

  await page.goto(`/auth/reset-password/key/${key}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`For the account ${email}.`)).toBeVisible();
  const f = recoveryForm(page);
  const calls = identityCalls(page, 'POST');

  // bad inputs: the spec's messages on their fields, nothing sent
  await expect(f.form.getByText(SPEC.passwordHint)).toBeVisible();
  await f.submit.click();
  await expectFieldMessage(f.password, SPEC.required);
  await expectFieldMessage(f.passwordConfirm, SPEC.required);
  for (const weak of ['short', 'alllowercase1', 'NoDigitsHere']) {
    await f.password.fill(weak);
    await f.passwordConfirm.fill(weak);
    await f.submit.click();
    await expectFieldMessage(f.password, SPEC.password);
    await expectFieldMessage(f.password, SPEC.passwordHint);
  }
  await f.password.fill(NEW_PASSWORD);
  await f.passwordConfirm.fill(`${NEW_PASSWORD}!`);
  await f.submit.click();
  await expectFieldMessage(f.passwordConfirm, SPEC.passwordMatch);
  await expectNoFieldMessage(f.password, SPEC.password);
  expect(calls).toEqual([]);

  await f.passwordConfirm.fill(NEW_PASSWORD);
  await f.submit.click();
  await expect(page.getByText('Your password has been changed. You can log in with it now.')).toBeVisible();
  expect(calls).toEqual(['/auth/password/reset']);

  // the link is used up
  await page.goto(`/auth/reset-password/key/${key}`);
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();

  // the old password is refused, the new one signs in
  await page.goto('/auth/login');
  await logIn(page, email, OLD_PASSWORD);
  await expect(page.getByText(WRONG_LOGIN)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Account menu of ${email}` }),
  ).toBeVisible();
});

test('a bad reset key shows the invalid-link message and a way to a new link @auth', async ({ page }) => {
  const calls = identityCalls(page, 'POST');
  await page.goto('/auth/reset-password/key/not-a-real-key');
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Choose a new password' })).toHaveCount(0);
  expect(calls).toEqual([]);

  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
});

test('the request form answers the same for an unknown address, and refuses bad input @auth', async ({
  page,
  request,
  baseURL,
}) => {
  const requested = Date.now() - 1_000;
  const { email: unknown } = uniqueContact('nobody');
  await page.goto('/auth/reset-password');
  const form = page.getByRole('form', { name: 'Reset password' });
  const emailInput = form.getByRole('textbox', { name: 'E-mail', exact: true });
  const calls = identityCalls(page, 'POST');

  await form.getByRole('button', { name: 'Send link' }).click();
  await expectFieldMessage(emailInput, SPEC.required);
  await emailInput.fill('not-an-email');
  await form.getByRole('button', { name: 'Send link' }).click();
  await expectFieldMessage(emailInput, SPEC.email);
  expect(calls).toEqual([]);

  await emailInput.fill(unknown);
  await form.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(sentText(unknown))).toBeVisible();
  expect(calls).toEqual(['/auth/password/request']);

  // the mail says there is no account, and carries no link
  await waitForOutbox(request, baseURL, unknown, /do not have any record of a user/, { after: requested });
  const mails = await readOutbox(request, baseURL, unknown);
  expect(mails.map((m) => m.subject)).toEqual(['[Portal] Unknown Account']);
  expect(mails[0]?.text).not.toMatch(RESET_PASSWORD_LINK);
});
