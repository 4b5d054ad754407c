import { logIn } from '../support/authUi';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';
import { ageSession } from '../support/mfaUi';

// Issue 15, finding 12: a sign-in ends 12 hours after the last authentication, and the portal then
// does what spec section 4 says for LOGGED_OUT: back to Login, the page the customer was on kept.
test.use({ account: DEMO_ACCOUNT });

test('12 hours after signing in the session ends: Log in, then back on the same page @auth @billing @shell', async ({
  page,
  portal,
}) => {
  const billing = `/workspace/${DEMO_CONTRACTS.cabinet}/billing/upcoming`;
  await page.goto(billing);
  await expect(page.getByRole('tab', { name: 'Upcoming charges', selected: true })).toBeVisible();

  // twelve hours and a second later, on the api's dev clock (no test waits for real time)
  await ageSession(page, portal.url, 12 * 3600 + 1);
  // The customer's next click finds the session over. The api also closes the live socket of a
  // lapsed session on its own round (once a minute), which may reach Login first: the tab is then
  // gone, and either way ends on Login with the page kept.
  const toLogin = page.waitForURL(/\/auth\/login/);
  await Promise.race([
    page
      .getByRole('tab', { name: 'Invoices' })
      .click()
      .catch(() => toLogin),
    toLogin,
  ]);

  await expect(page).toHaveURL(/\/auth\/login/);
  await logIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(page).toHaveURL(new RegExp(`/workspace/${DEMO_CONTRACTS.cabinet}/billing/`));
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
});
