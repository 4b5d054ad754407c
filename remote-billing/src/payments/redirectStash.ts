/**
 * 3-D Secure and PayPal leave the portal for the provider's page and come back to the Billing page:
 * which payment left is kept in session storage (this tab only) so the page can say how it ended.
 * Holds no secret: the payment's uid and its intent id.
 */
const KEY = 'portal.billing.redirectPayment';

export interface RedirectedPayment {
  contractUid: string;
  uid: string;
  intentId: string;
}

export function rememberRedirect(payment: RedirectedPayment): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(payment));
  } catch {
    // storage off: the return still finds the payment as the workspace's pending one
  }
}

/** The payment that left for this intent (or, without an intent id, the one that left), once. */
export function takeRedirect(intentId: string | null): RedirectedPayment | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as RedirectedPayment | null;
    if (!stored || (intentId && stored.intentId !== intentId)) return null;
    sessionStorage.removeItem(KEY);
    return stored;
  } catch {
    return null;
  }
}
