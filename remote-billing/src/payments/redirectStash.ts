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

/**
 * The payment that left for this intent (or, without an intent id, the one that left). A pure read:
 * it runs while React renders, which may be thrown away and run again (a suspended render), so the
 * stash is only cleared by `forgetRedirect` once the page that announces the return is on screen.
 */
export function findRedirect(intentId: string | null): RedirectedPayment | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as RedirectedPayment | null;
    return !stored || (intentId && stored.intentId !== intentId) ? null : stored;
  } catch {
    return null;
  }
}

/** The return has been announced: a reload must not announce it again. */
export function forgetRedirect(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // storage off: nothing was kept
  }
}
