/**
 * The address and number the visitor just signed up (or logged in) with. allauth's pending
 * `verify_email` / `verify_phone` flows do not carry them, and the host may remount the page when
 * the flow changes, so they are kept for this tab's session only.
 */
const KEY = 'portal.auth.contact';

export interface SignupContact {
  email?: string;
  phone?: string;
}

export function rememberContact(contact: SignupContact): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...readContact(), ...contact }));
  } catch {
    // storage may be unavailable (private mode); the screens fall back to a text without the address
  }
}

export function readContact(): SignupContact {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as unknown;
    if (!value || typeof value !== 'object') return {};
    const { email, phone } = value as Record<string, unknown>;
    return {
      ...(typeof email === 'string' ? { email } : {}),
      ...(typeof phone === 'string' ? { phone } : {}),
    };
  } catch {
    return {};
  }
}
