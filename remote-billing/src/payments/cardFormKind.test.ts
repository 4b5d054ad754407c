import { describe, expect, it } from 'vitest';
import { cardFormKind, paymentReturnPath } from './cardFormKind';

describe('which card form', () => {
  it("is Stripe's Payment Element only with Stripe and its publishable key", () => {
    expect(cardFormKind('STRIPE', 'pk_test_123')).toBe('stripe');
    expect(cardFormKind('STRIPE', null)).toBe('unavailable');
    expect(cardFormKind('SANDBOX', 'pk_test_123')).toBe('sandbox');
    expect(cardFormKind('SANDBOX', null)).toBe('sandbox');
    expect(cardFormKind(undefined, null)).toBe('sandbox');
  });

  it('returns to the Billing tab it left, with the payment', () => {
    expect(paymentReturnPath('C-1', 'invoices')).toBe('/workspace/C-1/billing/invoices');
    expect(paymentReturnPath('C 1', 'payment-methods', 'p/1')).toBe(
      '/workspace/C%201/billing/payment-methods?payment=p%2F1',
    );
  });
});
