import type { APIResponse, Page } from '@playwright/test';
import { dialog, topUp, typeCard } from '../support/billingUi';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';

// Make a Payment and the payment methods on the production build, the real api and its payments
// sandbox (Stripe's test cards, the 3-D Secure and PayPal pages on the api). A portal of its own:
// the tests pay, add and remove methods, so they change demo's money. They run in order on it.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'billing-payments' } });
test.use({ needs: ['devTools'] });

const CAB = DEMO_CONTRACTS.cabinet;
const BILLING = `/workspace/${CAB}/billing`;

async function ok(response: Promise<APIResponse>) {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(200);
  return answer.json();
}

// the cookie notice covers the bottom of the page until answered
test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie notice' }), async () => {
    await page.getByRole('button', { name: 'Reject optional' }).click();
  });
});

/** Money as the page shows it in English: `€1,234.50`, `-€5.00`. */
const eur = (amount: number) =>
  `${amount < 0 ? '-' : ''}€${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The Billing page's balance once shown, as a number (each test checks what it changes). */
async function shownBalance(page: Page): Promise<number> {
  await expect(page.getByTestId('billing-balance')).toHaveText(/€/);
  return Number((await page.getByTestId('billing-balance').textContent())!.replace(/[€,]/g, ''));
}

const drawerBalance = (page: Page) => page.getByRole('region', { name: 'Credit balance' });
const billingBalance = (page: Page) => page.getByTestId('billing-balance');
test('pay two selected invoices with 4242 4242 4242 4242: the invoices, the balance and the drawer change live @billing @shell', async ({
  page,
  portal,
}) => {
  // two open invoices of 59.50 (50.00 and 19 % VAT), nothing on account
  await ok(page.request.post(`${portal.url}/_dev/workspaces/${CAB}/balance`, { data: { amount: '0.00' } }));
  const first = await ok(
    page.request.post(`${portal.url}/_dev/billing/workspaces/${CAB}/invoices`, {
      data: { amount: '50.00', description: 'Cloud VPS, extra' },
    }),
  );
  const second = await ok(
    page.request.post(`${portal.url}/_dev/billing/workspaces/${CAB}/invoices`, {
      data: { amount: '50.00', description: 'Object storage, extra' },
    }),
  );

  await page.goto(`${BILLING}/invoices`);
  // 119.00 invoiced; the bonus credit pays what it can of invoices first
  const due = -(await shownBalance(page));
  expect(due).toBeGreaterThan(0);
  expect(due).toBeLessThanOrEqual(119);
  await expect(drawerBalance(page)).toContainText(eur(-due));
  for (const invoice of [first, second])
    await page.getByRole('checkbox', { name: `Select invoice ${invoice.number} for payment` }).check();

  await page.getByRole('button', { name: 'Make a Payment' }).click();
  const selected = dialog(page).getByRole('radio', { name: /The 2 selected invoices/ });
  await expect(selected).toBeChecked();
  await expect(dialog(page)).toContainText(eur(due));
  await dialog(page).getByRole('button', { name: 'Next' }).click();
  // the saved default card is offered first; a new card instead
  await expect(dialog(page).getByRole('radio', { name: /Visa •••• 4242 · Default/ })).toBeChecked();
  await dialog(page).getByRole('radio', { name: 'A new card' }).check();
  await typeCard(page, '4242 4242 4242 4242');
  await expect(dialog(page).getByTestId('card-brand')).toHaveText('Visa');
  await dialog(page).getByRole('button', { name: 'Review payment' }).click();

  const summary = dialog(page).getByLabel('Payment summary');
  await expect(summary).toContainText(eur(due));
  await expect(summary).toContainText('EUR');
  await expect(summary).toContainText(first.number);
  await expect(summary).toContainText(second.number);
  await expect(summary.locator('code')).not.toBeEmpty();
  await dialog(page)
    .getByRole('button', { name: `Pay ${eur(due)}` })
    .click();
  await expect(dialog(page).getByText('Payment received')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  // no reload: the workspace's live event moved everything
  await expect(billingBalance(page)).toHaveText('€0.00');
  await expect(drawerBalance(page)).toContainText('€0.00');
  for (const invoice of [first, second]) {
    const row = page.getByRole('row').filter({ hasText: invoice.number });
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('checkbox')).toHaveCount(0);
  }
});

test('a declined card (4000 0000 0000 9995) says why, and another card is tried without retyping the rest @billing @shell', async ({
  page,
}) => {
  await page.goto(`${BILLING}/invoices`);
  const before = await shownBalance(page);
  await topUp(page, '25', 'A new card', '4000 0000 0000 9995');
  await dialog(page).getByRole('button', { name: 'Pay €25.00' }).click();
  await expect(dialog(page).getByRole('alert')).toContainText(
    'Your card has insufficient funds. Nothing was charged. Try another card or payment method.',
  );
  await expect(dialog(page).getByRole('textbox', { name: /Card number/ })).toHaveValue('');
  await expect(dialog(page).getByRole('textbox', { name: /Name on card/ })).toHaveValue('Demo Customer');
  await typeCard(page, '5555 5555 5555 4444');
  await dialog(page).getByRole('button', { name: 'Review payment' }).click();
  await dialog(page).getByRole('button', { name: 'Pay €25.00' }).click();
  await expect(dialog(page).getByText('Payment received')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(billingBalance(page)).toHaveText(eur(before + 25));
  await expect(drawerBalance(page)).toContainText(eur(before + 25));
});

test('a 3-D Secure card (4000 0027 6000 3184) completes its challenge and comes back paid @billing', async ({
  page,
}) => {
  await page.goto(`${BILLING}/invoices`);
  const before = await shownBalance(page);
  await topUp(page, '30', 'A new card', '4000 0027 6000 3184');
  await dialog(page).getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(`${BILLING}/invoices`);
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toContainText(
    'Thank you: €30.00 was paid',
  );
  await expect(billingBalance(page)).toHaveText(eur(before + 30));
  await expect(page.getByText('A payment is not finished')).toHaveCount(0);
});

test('an abandoned 3-D Secure challenge leaves a pending payment, resumed after a reload @billing @shell', async ({
  page,
}) => {
  await page.goto(`${BILLING}/invoices`);
  const before = await shownBalance(page);
  await topUp(page, '40', 'A new card', '4000 0027 6000 3184');
  await dialog(page).getByRole('button', { name: 'Pay €40.00' }).click();
  await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
  // the customer walks away from the challenge, and comes back later
  await page.goto(`${BILLING}/invoices`);
  await page.reload();
  const pending = page.getByRole('group', { name: 'A payment is not finished' });
  await expect(pending).toContainText(
    /The payment of €40\.00 \(Top-up.*\) started on .* is waiting for you\./,
  );
  await expect(billingBalance(page)).toHaveText(eur(before));
  await pending.getByRole('button', { name: 'Resume' }).click();
  await expect(dialog(page).getByLabel('Payment summary')).toContainText('€40.00');
  await dialog(page).getByRole('button', { name: 'Pay €40.00' }).click();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();
  await expect(billingBalance(page)).toHaveText(eur(before + 40));
  await expect(drawerBalance(page)).toContainText(eur(before + 40));
  await expect(page.getByText('A payment is not finished')).toHaveCount(0);
});

test('top up with the saved default card @billing', async ({ page }) => {
  await page.goto(`${BILLING}/invoices`);
  const before = await shownBalance(page);
  await page.getByRole('button', { name: 'Make a Payment' }).click();
  // nothing is due: the top-up is the choice, its limits stated; bad amounts refused on the field
  await expect(dialog(page).getByRole('radio', { name: /Top up the balance/ })).toBeChecked();
  await expect(dialog(page)).toContainText('From €5.00 to €10,000.00.');
  const amount = dialog(page).getByRole('textbox', { name: /Amount \(EUR\)/ });
  for (const [typed, message] of [
    ['10.555', 'Amount: at most two decimals.'],
    ['0', 'Amount: must be more than zero.'],
    ['10000.01', 'Amount: at most €10,000.00.'],
  ] as const) {
    await amount.fill(typed);
    await dialog(page).getByRole('button', { name: 'Next' }).click();
    await expect(dialog(page).getByText(message)).toBeVisible();
    await expect(amount).toHaveValue(typed);
  }
  await amount.fill('5');
  await dialog(page).getByRole('button', { name: 'Next' }).click();
  await expect(dialog(page).getByRole('radio', { name: /Visa •••• 4242 · Default/ })).toBeChecked();
  await dialog(page).getByRole('button', { name: 'Review payment' }).click();
  await expect(dialog(page).getByLabel('Payment summary')).toContainText('Visa •••• 4242');
  await dialog(page).getByRole('button', { name: 'Pay €5.00' }).click();
  await expect(dialog(page).getByText('Payment received')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(billingBalance(page)).toHaveText(eur(before + 5));
});

test('PayPal: approve pays, cancel changes nothing @billing', async ({ page }) => {
  await page.goto(`${BILLING}/invoices`);
  const before = await shownBalance(page);
  await topUp(page, '20', 'PayPal');
  await dialog(page).getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(page.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toContainText('€20.00');
  await expect(billingBalance(page)).toHaveText(eur(before + 20));

  await page.goto(`${BILLING}/invoices`);
  await topUp(page, '15', 'PayPal');
  await dialog(page).getByRole('button', { name: 'Continue to PayPal' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment canceled' })).toContainText(
    'You canceled the PayPal payment of €15.00. Nothing was charged and nothing changed.',
  );
  await expect(billingBalance(page)).toHaveText(eur(before + 20));
  await page.reload();
  await expect(billingBalance(page)).toHaveText(eur(before + 20));
  await expect(page.getByText('A payment is not finished')).toHaveCount(0);
});

test('payment methods: add a card and make it default, remove one @billing', async ({ page }) => {
  await page.goto(`${BILLING}/payment-methods`);
  const list = page.getByRole('list', { name: 'Payment methods' });
  await expect(list.getByRole('listitem', { name: 'Visa •••• 4242' })).toContainText('Default');

  await page.getByRole('button', { name: 'Add card' }).click();
  const add = page.getByRole('dialog', { name: 'Add a card' });
  await typeCard(page, '5555 5555 5555 4444');
  await add.getByRole('button', { name: 'Save card' }).click();
  await expect(add).toBeHidden();
  const mastercard = list.getByRole('listitem', { name: 'Mastercard •••• 4444' });
  await expect(mastercard).toContainText('Expires 12/34');

  await mastercard.getByRole('button', { name: 'Actions for Mastercard •••• 4444' }).click();
  await page.getByRole('menuitem', { name: 'Make default' }).click();
  await expect(mastercard).toContainText('Default');
  await expect(list.getByRole('listitem', { name: 'Visa •••• 4242' })).not.toContainText('Default');

  const paypal = list.getByRole('listitem', { name: 'PayPal demo@example.com' });
  await expect(paypal).toContainText('PayPal account, DE');
  await paypal.getByRole('button', { name: 'Actions for PayPal demo@example.com' }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove payment method?' });
  await expect(confirm).toContainText('PayPal demo@example.com will no longer be used for payments.');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  // the dialog stays open (the page behind it hidden) until the api has answered
  await expect(confirm).toBeHidden();
  await expect(paypal).toHaveCount(0);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(2);
});
