import { expect, type Page } from '@playwright/test';

// The Make a Payment dialog of the billing remote, as the payment suites drive it.

export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Make a Payment' });

export async function typeCard(page: Page, number: string) {
  const form = dialog(page).or(page.getByRole('dialog', { name: 'Add a card' }));
  await form.getByRole('textbox', { name: /Card number/ }).fill(number);
  await form.getByRole('textbox', { name: /Expiry date/ }).fill('12 / 34');
  await form.getByRole('textbox', { name: /Security code/ }).fill(number.startsWith('37') ? '1234' : '123');
  const name = form.getByRole('textbox', { name: /Name on card/ });
  if (!(await name.inputValue())) await name.fill('Demo Customer');
}

/** Make a Payment → top up `amount` → how → review. */
export async function topUp(
  page: Page,
  amount: string,
  how: 'A new card' | 'PayPal' | RegExp,
  card?: string,
) {
  await page.getByRole('button', { name: 'Make a Payment' }).click();
  await dialog(page)
    .getByRole('radio', { name: /Top up the balance/ })
    .check();
  await dialog(page)
    .getByRole('textbox', { name: /Amount \(EUR\)/ })
    .fill(amount);
  await dialog(page).getByRole('button', { name: 'Next' }).click();
  await dialog(page)
    .getByRole('radio', typeof how === 'string' ? { name: how, exact: true } : { name: how })
    .check();
  if (card) await typeCard(page, card);
  await dialog(page).getByRole('button', { name: 'Review payment' }).click();
  await expect(dialog(page).getByLabel('Payment summary')).toBeVisible();
}
