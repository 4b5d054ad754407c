import { expect, type Page } from '@playwright/test';

const IDENTITY = '/_allauth/browser/v1';

/** Paths of the identity calls the page makes with `method` from now on (live array). */
export function identityCalls(page: Page, method: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === method && url.pathname.startsWith(IDENTITY)) {
      calls.push(url.pathname.slice(IDENTITY.length));
    }
  });
  return calls;
}

/** Fills the Log in tab of the login page (which must be open) and submits it. */
export async function logIn(page: Page, email: string, password: string) {
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
  // by role and exact name: a toast such as "Your e-mail address is confirmed…" is labelled too
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs out through the user menu in the app bar. */
export async function logOut(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account/ })
    .click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}
