import type { PaymentProvider } from '../gql/graphql';

/**
 * Which card form the browser shows: Stripe's Payment Element when the api's provider is Stripe and
 * the deployment published its key (`runtime-config.json`'s `stripePublishableKey`); the sandbox's own
 * form when the api runs the embedded sandbox. Stripe without a key cannot take a card here:
 * 'unavailable' (saved methods and PayPal still work).
 */
export type CardFormKind = 'stripe' | 'sandbox' | 'unavailable';

export function cardFormKind(
  provider: PaymentProvider | null | undefined,
  stripePublishableKey: string | null,
): CardFormKind {
  if (provider === 'SANDBOX') return 'sandbox';
  if (provider === 'STRIPE') return stripePublishableKey ? 'stripe' : 'unavailable';
  return stripePublishableKey ? 'stripe' : 'sandbox';
}

/** Where 3-D Secure and PayPal come back to: this Billing tab, with the payment's uid (no other site). */
export function paymentReturnPath(contractUid: string, tab: string, paymentUid?: string): string {
  const path = `/workspace/${encodeURIComponent(contractUid)}/billing/${encodeURIComponent(tab)}`;
  return paymentUid ? `${path}?payment=${encodeURIComponent(paymentUid)}` : path;
}
