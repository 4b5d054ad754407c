import type { Page } from '@playwright/test';
import { identityCalls } from '../../support/authUi';
import { expect, test } from '../../support/fixtures';
import { waitForOutbox } from '../../support/identity';
import {
  createUserByApi,
  expectFieldMessage,
  expectNoFieldMessage,
  LOGIN_CODE,
  NEW_PASSWORD,
  SPEC,
  uniqueContact,
} from '../../support/signupUi';

function codeScreen(page: Page) {
  const form = page.getByRole('form', { name: 'Log in with a code' });
  return {
    form,
    email: form.getByRole('textbox', { name: 'E-mail', exact: true }),
    request: form.getByRole('button', { name: 'Send me a code' }),
    code: form.getByRole('textbox', { name: 'Code', exact: true }),
    confirm: form.getByRole('button', { name: 'Log in' }),
  };
}

async function requestCode(page: Page, email: string) {
  const s = codeScreen(page);
  await s.email.fill(email);
  await s.request.click();
  await expect(s.form.getByText('Enter the code we sent to your e-mail address.')).toBeVisible();
}

test('log in by a mailed code and land signed in on Home @auth @shell', async ({
  page,
  request,
  baseURL,
}) => {
  const { email, phone } = uniqueContact('code');
  await createUserByApi(request, baseURL, { email, phone, password: NEW_PASSWORD });
  const requested = Date.now() - 1_000;

  // the login page links to it
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Log in with a code' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/code\/confirm$/);
  await expect(page.getByRole('heading', { name: 'Log in with a code' })).toBeVisible();

  await requestCode(page, email);
  const s = codeScreen(page);
  await expect(s.email).toHaveCount(0);
  const code = await waitForOutbox(request, baseURL, email, LOGIN_CODE, { after: requested });
  await s.code.fill(code);
  await s.confirm.click();

  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Account menu of ${email}` }),
  ).toBeVisible();
});

test('a wrong code shows the server message and keeps the form @auth @shell', async ({
  page,
  request,
  baseURL,
}) => {
  const { email, phone } = uniqueContact('code-wrong');
  await createUserByApi(request, baseURL, { email, phone, password: NEW_PASSWORD });
  const requested = Date.now() - 1_000;
  await page.goto('/auth/login/code/confirm');
  await requestCode(page, email);
  const s = codeScreen(page);
  const calls = identityCalls(page, 'POST');

  await s.confirm.click();
  await expectFieldMessage(s.code, SPEC.required);
  expect(calls).toEqual([]);

  // look-alike-free codes never hold a 0
  await s.code.fill('000000');
  await s.confirm.click();
  await expectFieldMessage(s.code, 'Incorrect code.');
  expect(calls).toEqual(['/auth/code/confirm']);
  await expect(s.code).toHaveValue('000000');
  await expect(page).toHaveURL(/\/auth\/login\/code\/confirm$/);

  // the right code still signs in
  const code = await waitForOutbox(request, baseURL, email, LOGIN_CODE, { after: requested });
  await s.code.fill(code);
  await expectNoFieldMessage(s.code, 'Incorrect code.');
  await s.confirm.click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Account menu of ${email}` }),
  ).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('bad e-mail input shows the spec messages and sends nothing @auth', async ({ page }) => {
  await page.goto('/auth/login/code/confirm');
  const s = codeScreen(page);
  await expect(s.email).toBeVisible();
  const calls = identityCalls(page, 'POST');

  await s.request.click();
  await expectFieldMessage(s.email, SPEC.required);
  for (const bad of ['not-an-email', 'ada@', 'ada@example', 'ada @example.com']) {
    await s.email.fill(bad);
    await s.request.click();
    await expectFieldMessage(s.email, SPEC.email);
  }
  await expect(s.code).toHaveCount(0);
  expect(calls).toEqual([]);

  // a valid one goes out (the capture would have seen the calls above)
  await s.email.fill(uniqueContact('code-nobody').email);
  await s.request.click();
  await expect(s.code).toBeVisible();
  expect(calls).toEqual(['/auth/code/request']);
});
