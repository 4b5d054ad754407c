/**
 * A card that asks for 3-D Secure while it is being saved leaves for its challenge: which
 * SetupIntent left (and whether it should become the default) is kept for the way back, in this
 * tab's session storage. No secret is kept.
 */
const KEY = 'portal.billing.redirectSetup';

export interface RedirectedSetup {
  contractUid: string;
  setupIntentId: string;
  makeDefault: boolean;
}

export function rememberSetup(setup: RedirectedSetup): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(setup));
  } catch {
    // storage off: the card is saved without being made the default
  }
}

export function takeSetup(setupIntentId: string): RedirectedSetup | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as RedirectedSetup | null;
    if (!stored || stored.setupIntentId !== setupIntentId) return null;
    sessionStorage.removeItem(KEY);
    return stored;
  } catch {
    return null;
  }
}
