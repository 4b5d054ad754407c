/**
 * The sandbox card form's checks, as Stripe's Payment Element makes them before anything leaves the
 * browser: brand from the number's prefix, grouping as printed on the card, the Luhn checksum,
 * expiry MM / YY not in the past, CVC of 3 digits (4 for American Express). Pure; each problem is a
 * code the form translates.
 */
export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'discover'
  | 'diners'
  | 'jcb'
  | 'unionpay'
  | 'unknown';

export type CardProblem =
  | 'numberIncomplete'
  | 'numberInvalid'
  | 'expiryIncomplete'
  | 'expiryPast'
  | 'expiryYearInvalid'
  | 'cvcIncomplete'
  | 'nameRequired';

export const BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The brand by its prefix (IIN ranges as Stripe reads them), from the first digit on. */
export function cardBrand(number: string): CardBrand {
  const d = digitsOnly(number);
  if (/^4/.test(d)) return 'visa';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/.test(d)) return 'mastercard';
  if (/^(6011|64[4-9]|65)/.test(d)) return 'discover';
  if (/^(36|30[0-5]|3095|38|39)/.test(d)) return 'diners';
  if (/^35/.test(d)) return 'jcb';
  if (/^62/.test(d)) return 'unionpay';
  return 'unknown';
}

/** How many digits a complete number of the brand has. */
export function cardLength(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 16;
}

const MAX_DIGITS = 19;

/** The number as printed: 4-6-5 for Amex, 4-6-4 for Diners, groups of four otherwise. */
export function formatCardNumber(value: string): string {
  const d = digitsOnly(value).slice(0, MAX_DIGITS);
  const brand = cardBrand(d);
  const groups =
    brand === 'amex' ? [4, 6, 5] : brand === 'diners' && d.length <= 14 ? [4, 6, 4] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= d.length) break;
    parts.push(d.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  const d = digitsOnly(number);
  if (d.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let digit = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function checkCardNumber(number: string): CardProblem | null {
  const d = digitsOnly(number);
  const brand = cardBrand(d);
  const complete = brand === 'visa' || brand === 'unknown' ? d.length >= 13 : d.length >= cardLength(brand);
  if (d.length < 13 || (!complete && !luhnValid(d))) return 'numberIncomplete';
  return luhnValid(d) ? null : 'numberInvalid';
}

/**
 * What the user typed into MM / YY as they type it: a single month digit above 1 becomes `0d / `,
 * the separator appears after the month, never more than four digits.
 */
export function formatExpiry(value: string, previous = ''): string {
  let d = digitsOnly(value).slice(0, 4);
  if (d.length === 1 && Number(d) > 1) d = `0${d}`;
  const deleting = value.length < previous.length;
  if (d.length > 2 || (d.length === 2 && !deleting)) return `${d.slice(0, 2)} / ${d.slice(2)}`;
  // deleting back over the separator leaves the month's digits alone, so backspace never sticks
  return d;
}

export interface Expiry {
  month: number;
  /** four digits */
  year: number;
}

export function parseExpiry(value: string): Expiry | null {
  const d = digitsOnly(value);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(d.slice(2)) };
}

export function checkExpiry(value: string, now: Date): CardProblem | null {
  const expiry = parseExpiry(value);
  if (!expiry) return 'expiryIncomplete';
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  if (expiry.year < year || (expiry.year === year && expiry.month < month)) return 'expiryPast';
  if (expiry.year > year + 50) return 'expiryYearInvalid';
  return null;
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function checkCvc(cvc: string, brand: CardBrand): CardProblem | null {
  return new RegExp(`^\\d{${cvcLength(brand)}}$`).test(cvc) ? null : 'cvcIncomplete';
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '', name: '' };

/** Every field's first problem; empty when the card may be sent. */
export function checkCard(card: CardFields, now: Date): Partial<Record<keyof CardFields, CardProblem>> {
  const problems: Partial<Record<keyof CardFields, CardProblem>> = {};
  const number = checkCardNumber(card.number);
  if (number) problems.number = number;
  const expiry = checkExpiry(card.expiry, now);
  if (expiry) problems.expiry = expiry;
  const cvc = checkCvc(card.cvc, cardBrand(card.number));
  if (cvc) problems.cvc = cvc;
  if (!card.name.trim()) problems.name = 'nameRequired';
  return problems;
}
