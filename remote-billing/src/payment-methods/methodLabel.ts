import type { PaymentMethodFieldsFragment } from '../gql/graphql';
import { BRAND_NAMES, type CardBrand } from '../payments/card';

/** A card brand as the provider names it (`visa`, `Visa`, `american_express`) for people. */
export function brandName(brand: string | null | undefined): string {
  const key = (brand ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  const known: Record<string, CardBrand> = {
    visa: 'visa',
    mastercard: 'mastercard',
    amex: 'amex',
    americanexpress: 'amex',
    discover: 'discover',
    diners: 'diners',
    dinersclub: 'diners',
    jcb: 'jcb',
    unionpay: 'unionpay',
  };
  const found = known[key];
  return found ? BRAND_NAMES[found] : brand || BRAND_NAMES.unknown;
}

/** `Visa •••• 4242` or `PayPal payer@example.com`: how a saved method reads in a list or a sentence. */
export function methodLabel(
  method: Pick<PaymentMethodFieldsFragment, 'methodType' | 'cardBrand' | 'cardLast4' | 'paypalPayerEmail'>,
): string {
  if (method.methodType === 'PAYPAL') return `PayPal ${method.paypalPayerEmail ?? ''}`.trim();
  return `${brandName(method.cardBrand)} •••• ${method.cardLast4 ?? ''}`.trim();
}

/** `12/34`: a card's expiry as printed on it. */
export function cardExpiry(
  method: Pick<PaymentMethodFieldsFragment, 'cardExpMonth' | 'cardExpYear'>,
): string {
  if (!method.cardExpMonth || !method.cardExpYear) return '';
  return `${String(method.cardExpMonth).padStart(2, '0')}/${String(method.cardExpYear % 100).padStart(2, '0')}`;
}

/** Whether a card's expiry month has passed (it can no longer be charged). */
export function cardExpired(
  method: Pick<PaymentMethodFieldsFragment, 'methodType' | 'cardExpMonth' | 'cardExpYear'>,
  now: Date,
): boolean {
  if (method.methodType !== 'CARD' || !method.cardExpMonth || !method.cardExpYear) return false;
  return method.cardExpYear * 12 + method.cardExpMonth < now.getFullYear() * 12 + now.getMonth() + 1;
}
