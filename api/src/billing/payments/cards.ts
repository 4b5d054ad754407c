/**
 * The sandbox's cards: Stripe's test card numbers, with the outcome Stripe gives them
 * (https://docs.stripe.com/testing). Any other number that passes the Luhn check succeeds, as a
 * generic test card; the sandbox never sees a real card (the browser form sends only test numbers).
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'requires_action' }
  | {
      kind: 'declined';
      code: 'card_declined' | 'expired_card' | 'incorrect_cvc';
      declineCode: string;
      message: string;
    };

export const TEST_CARDS = {
  /** Succeeds. */
  success: '4242424242424242',
  /** Declined: insufficient funds. */
  declinedInsufficientFunds: '4000000000009995',
  /** Declined: generic. */
  declined: '4000000000000002',
  /** Asks for 3-D Secure on every payment. */
  threeDSecure: '4000002760003184',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
} as const;

const OUTCOMES: Record<string, CardOutcome> = {
  [TEST_CARDS.declinedInsufficientFunds]: {
    kind: 'declined',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  [TEST_CARDS.declined]: {
    kind: 'declined',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  [TEST_CARDS.expired]: {
    kind: 'declined',
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
  },
  [TEST_CARDS.incorrectCvc]: {
    kind: 'declined',
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  [TEST_CARDS.threeDSecure]: { kind: 'requires_action' },
};

export const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  const digits = digitsOf(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand {
  const digits = digitsOf(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What the Payment Element checks before it sends anything: the field and Stripe's message. */
export type CardProblem = { field: 'number' | 'expiry' | 'cvc'; code: string; message: string };

export function checkCard(card: CardInput, now: Date): CardProblem | null {
  if (!luhnValid(card.number))
    return { field: 'number', code: 'incorrect_number', message: 'Your card number is invalid.' };
  const { expMonth, expYear } = card;
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear))
    return {
      field: 'expiry',
      code: 'invalid_expiry_month',
      message: "Your card's expiration date is incomplete.",
    };
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (expYear < year || (expYear === year && expMonth < month))
    return {
      field: 'expiry',
      code: 'invalid_expiry_year_past',
      message: "Your card's expiration year is in the past.",
    };
  const cvcLength = cardBrand(card.number) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc))
    return { field: 'cvc', code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  return null;
}

export function cardOutcome(number: string): CardOutcome {
  return OUTCOMES[digitsOf(number)] ?? { kind: 'succeeds' };
}
