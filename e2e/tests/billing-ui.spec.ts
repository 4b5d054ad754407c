import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { APIResponse, Page } from '@playwright/test';
import { OTHER_USER } from '../../api/src/db/demo';
import { type Account, DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS, DEMO_PASSWORD, OTHER_CONTRACT_UID } from '../support/identity';
import { REPO } from '../support/paths';

// The Billing page (remote-billing) on the production build against the real api and its seeded
// ledger. A portal of its own: the last test pays into Nordwind Cloud through the dev endpoint.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'billing-ui' } });
test.use({ needs: ['devTools'] });

const OTHER_ACCOUNT: Account = { email: OTHER_USER.email, password: DEMO_PASSWORD };
const billing = (contractUid: string, tab = '') => `/workspace/${contractUid}/billing${tab ? `/${tab}` : ''}`;

// pdf-parse is the api's (its PDF tests read the invoices back with it)
const { PDFParse } = createRequire(path.join(REPO, 'api/package.json'))('pdf-parse') as {
  PDFParse: new (options: {
    data: Uint8Array;
  }) => {
    getText(): Promise<{ text: string }>;
    destroy(): Promise<void>;
  };
};

const header = (page: Page) => page.getByRole('region', { name: 'Fund balance' });
const figure = (page: Page, key: string) => page.getByTestId(`billing-${key}`);
const drawerBalance = (page: Page) =>
  page.getByRole('navigation').getByRole('region', { name: 'Credit balance' });
const invoiceRows = (page: Page) => page.getByRole('table', { name: 'Invoices' }).getByRole('row');
/** the invoice numbers of the table's rows, top to bottom */
const invoiceNumbers = (page: Page) =>
  page.getByRole('table', { name: 'Invoices' }).locator('tbody tr td:nth-child(2)').allTextContents();

const dayField = (page: Page, name: 'From' | 'To') => page.getByRole('textbox', { name, exact: true });

/** exactly these tabs, in this order (by accessible name: Fluent writes a tab's text twice) */
async function expectTabs(page: Page, names: string[]) {
  const tabs = page.getByRole('tablist', { name: 'Billing sections' }).getByRole('tab');
  await expect(tabs).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(tabs.nth(i)).toHaveAccessibleName(name);
}

async function switchTo(page: Page, name: string) {
  await page.getByRole('button', { name: /switch workspace$/ }).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect(page.getByRole('button', { name: `Workspace ${name}, switch workspace` })).toBeVisible();
}

async function ok(response: Promise<APIResponse>) {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(200);
  return answer;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the fund balance with the seeded figures; invoices newest first with their status and payment @billing @shell', async ({
  page,
}) => {
  await page.goto(billing(DEMO_CONTRACTS.cabinet));
  await expect(page).toHaveURL(billing(DEMO_CONTRACTS.cabinet, 'invoices'));
  await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible();
  await expect(header(page)).toBeVisible();
  await expect(figure(page, 'balance')).toHaveText('€250.00');
  await expect(figure(page, 'amountDue')).toContainText('€0.00');
  await expect(figure(page, 'sinceLastInvoice')).toContainText('€37.80');
  await expect(figure(page, 'bonusBalance')).toContainText('€20.00');
  await expect(figure(page, 'debitBalance')).toContainText('€0.00');
  await expect(figure(page, 'limit')).toContainText('€500.00');
  await expect(figure(page, 'vatRate')).toContainText('19 %');
  // the drawer shows the same balance
  await expect(drawerBalance(page)).toContainText('€250.00');

  // a cabinet workspace: no legacy tabs
  await expectTabs(page, ['Invoices', 'Upcoming charges', 'Payment methods']);

  await expect(invoiceRows(page)).toHaveCount(3);
  expect(await invoiceNumbers(page)).toEqual(['INV-2026-000201', 'INV-2026-000101']);
  const newest = invoiceRows(page).nth(1);
  // dates in the user's format (demo keeps the default YYYY-MM-DD)
  await expect(newest).toContainText('2026-02-01');
  await expect(newest).toContainText('2026-02-15');
  await expect(newest).toContainText('€135.40');
  await expect(newest).toContainText('Paid');
  await expect(newest).toContainText('€135.40 by Card ending 4242');
  await expect(invoiceRows(page).nth(2)).toContainText('€120.00 by Demo Customer');

  // upcoming charges: per service, the total, the next invoice's date
  await page.getByRole('tab', { name: 'Upcoming charges' }).click();
  await expect(page).toHaveURL(billing(DEMO_CONTRACTS.cabinet, 'upcoming'));
  const upcoming = page.getByRole('table', { name: 'Upcoming charges' });
  await expect(upcoming.getByRole('row', { name: /Cloud VPS/ })).toContainText('€30.00');
  await expect(upcoming.getByRole('row', { name: /Object storage/ })).toContainText('€7.80');
  await expect(upcoming.getByRole('row', { name: /Total before VAT/ })).toContainText('€37.80');
  await expect(page.getByText(/It is issued on \d{4}-\d\d-01\./)).toBeVisible();
});

test("an invoice's PDF downloads through its link: a PDF with the invoice's number @billing", async ({
  page,
}) => {
  await page.goto(billing(DEMO_CONTRACTS.cabinet, 'invoices'));
  const link = page.getByRole('link', { name: 'Download invoice INV-2026-000201 as PDF' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('INV-2026-000201.pdf');
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const { text } = await parser.getText();
  await parser.destroy();
  expect(text).toContain('INV-2026-000201');
  expect(text).not.toContain('INV-2026-000101');
});

test('a legacy workspace shows its legacy invoices and its contract with services @billing', async ({
  page,
}) => {
  await page.goto(billing(DEMO_CONTRACTS.cabinet));
  await switchTo(page, 'Alpha Web Hosting');
  await page.goto(billing(DEMO_CONTRACTS.legacy, 'legacy-contracts'));
  await expectTabs(page, [
    'Invoices',
    'Upcoming charges',
    'Legacy invoices',
    'Legacy contracts',
    'Payment methods',
  ]);
  const contract = page.getByRole('table', { name: /^Contract / });
  await expect(contract.getByRole('row')).toHaveCount(3);
  await expect(contract.getByRole('columnheader')).toHaveText(['Service', 'Description', 'Monthly price']);
  await expect(page.getByTestId('legacy-monthly-total')).toHaveText(/^€\d+\.\d\d$/);
  // the debt of the header: an overdue legacy invoice paid in part
  await expect(figure(page, 'balance')).toHaveText('-€42.50');
  await expect(figure(page, 'debitBalance')).toContainText('€42.50');

  await page.getByRole('tab', { name: 'Legacy invoices' }).click();
  const legacy = page.getByRole('table', { name: 'Legacy invoices' });
  const overdue = legacy.getByRole('row', { name: /INV-2026-000103/ });
  await expect(overdue).toContainText('€47.60');
  await expect(overdue).toContainText('€42.50');
  await expect(overdue).toContainText('Overdue');
  await expect(legacy.getByRole('row', { name: /INV-2026-000102/ })).toContainText('Paid');
});

test.describe('the owner of 1,000 invoices', () => {
  test.use({ account: OTHER_ACCOUNT });

  test('pages through them newest first; filters by status and by period @billing', async ({ page }) => {
    await page.goto(billing(OTHER_CONTRACT_UID, 'invoices'));
    const status = page.getByRole('navigation', { name: 'Pages of invoices' }).getByRole('status');
    await expect(status).toHaveText('1–25 of 1,000');
    await expect(invoiceRows(page)).toHaveCount(26);
    const first = await invoiceNumbers(page);
    expect(first[0]).toBe('INV-2026-000107');
    await expect(invoiceRows(page).nth(1)).toContainText('Overdue');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(status).toHaveText('26–50 of 1,000');
    // the status follows the click at once, the rows once the page's answer is in
    await expect.poll(async () => (await invoiceNumbers(page)).some((n) => first.includes(n))).toBe(false);
    expect(await invoiceNumbers(page)).toHaveLength(25);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(status).toHaveText('1–25 of 1,000');

    // by status: the one overdue invoice
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Overdue' }).click();
    await page.keyboard.press('Escape');
    await expect(status).toHaveText('1–1 of 1');
    expect(await invoiceNumbers(page)).toEqual(['INV-2026-000107']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(status).toHaveText('1–25 of 1,000');

    // by period: January 2026, one a day
    await dayField(page, 'From').fill('2026-01-01');
    await dayField(page, 'To').fill('2026-01-31');
    await expect(status).toHaveText('1–25 of 31');
    // a period that ends before it starts is refused on To; the list stays
    await dayField(page, 'To').fill('2025-12-01');
    await expect(page.getByText('“From” must not be after “To”.')).toBeVisible();
    await expect(status).toHaveText('1–25 of 31');
  });

  test('selecting the open invoice leads to Make a Payment with it @billing', async ({ page }) => {
    await page.goto(billing(OTHER_CONTRACT_UID, 'invoices'));
    // the cookie banner first: a modal dialog opened while it appears is left aria-hidden by
    // Fluent's focus manager (noted for the host), and this test is about the selection
    await page.getByRole('button', { name: 'Reject optional' }).click();
    const pay = page.getByRole('button', { name: 'Make a Payment' });
    await expect(pay).toBeEnabled();
    // only the unpaid invoice can be selected
    await expect(page.getByRole('table', { name: 'Invoices' }).getByRole('checkbox')).toHaveCount(1);
    await page.getByRole('checkbox', { name: 'Select invoice INV-2026-000107 for payment' }).check();
    await expect(page.getByText('1 invoice selected (€99.00 due)')).toBeVisible();
    await pay.click();
    await expect(page.getByRole('dialog', { name: 'Make a Payment' })).toBeVisible();
  });
});

test('an authorized person sees the balance and invoices but may not pay @billing', async ({ page }) => {
  await page.goto(billing(DEMO_CONTRACTS.cabinet));
  await switchTo(page, 'Zephyr Labs');
  await page.goto(billing(DEMO_CONTRACTS.partner, 'invoices'));
  await expect(invoiceRows(page).nth(1)).toContainText('INV-2026-000105');
  await expect(invoiceRows(page).nth(1)).toContainText('Open');
  await expect(figure(page, 'balance')).toHaveText('-$15.00');
  await expect(page.getByRole('button', { name: 'Make a Payment' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
});

test('a payment changes the header and the drawer live, without a reload @billing @shell', async ({
  page,
  portal,
}) => {
  await page.goto(billing(DEMO_CONTRACTS.cabinet, 'invoices'));
  await expect(figure(page, 'balance')).toHaveText('€250.00');
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });
  let n = 0;
  const pay = (amount: string) =>
    ok(
      page.request.post(`${portal.url}/_dev/billing/workspaces/${DEMO_CONTRACTS.cabinet}/payments`, {
        data: { amount, idempotencyKey: `pi_e2e_billing_ui_${++n}`, by: 'Demo Customer' },
      }),
    );
  // the page subscribes a moment after it is up: pay a cent until one arrives
  await expect(async () => {
    await pay('0.01');
    await expect(figure(page, 'balance')).not.toHaveText('€250.00', { timeout: 1000 });
  }).toPass({ intervals: [250, 500, 1000], timeout: 20_000 });
  const cents = 25_000 + n;
  const shown = `€${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  await expect(figure(page, 'balance')).toHaveText(shown);
  await expect(drawerBalance(page)).toContainText(shown);

  // subscribed now: each payment arrives by itself, in both places
  await pay('40.00');
  const after = `€${Math.floor(cents / 100) + 40}.${String(cents % 100).padStart(2, '0')}`;
  await expect(figure(page, 'balance')).toHaveText(after);
  await expect(drawerBalance(page)).toContainText(after);
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
});
