import type { Stripe } from '@stripe/stripe-js';

/**
 * Stripe.js, loaded from Stripe's own host (js.stripe.com, as Stripe requires) the first time a
 * Stripe card form renders, once per key. Never loaded with the sandbox.
 */
const loaded = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe wants an absolute return URL; ours are paths of the portal. */
export const absoluteUrl = (path: string) => new URL(path, window.location.origin).href;
