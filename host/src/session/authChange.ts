import { type AuthInfo, type AuthResponseBody, authInfo } from '@portal/shared';

/** What a new identity answer means against the previous one (spec section 4). */
export const AuthChangeOutcome = {
  LOGGED_IN: 'LOGGED_IN',
  LOGGED_OUT: 'LOGGED_OUT',
  REAUTHENTICATION_REQUIRED: 'REAUTHENTICATION_REQUIRED',
  REAUTHENTICATED: 'REAUTHENTICATED',
  FLOW_UPDATED: 'FLOW_UPDATED',
} as const;
export type AuthChangeOutcome = (typeof AuthChangeOutcome)[keyof typeof AuthChangeOutcome];

const ANONYMOUS: AuthInfo = {
  isAuthenticated: false,
  requiresReauthentication: false,
  user: null,
  pendingFlow: undefined,
};

/**
 * Compares the previous and the new allauth answer and names the change, or null when nothing
 * changed that should move the user. Modelled on django-allauth's example SPA
 * (`determineAuthChangeEvent`), with the spec's rules:
 * - 410 is always LOGGED_OUT (the session is gone, whatever we thought before);
 * - a different user id counts as coming from a fresh logged-out state (so: LOGGED_IN);
 * - a 401 with `is_authenticated` is still signed in, needing reauthentication;
 * - gaining authentication methods while signed in is REAUTHENTICATED (after a reload on the
 *   reauthentication page the previous answer does not need reauthentication any more);
 * - while signed out, a pending flow other than the previous one is FLOW_UPDATED.
 * `from` is null when there was no answer before (the identity service was unreachable at start).
 */
export function detectAuthChange(
  from: AuthResponseBody | null,
  to: AuthResponseBody,
): AuthChangeOutcome | null {
  if (to.status === 410) return AuthChangeOutcome.LOGGED_OUT;
  const after = authInfo(to);
  let before = authInfo(from);
  if (before.user && after.user && String(before.user.id) !== String(after.user.id)) before = ANONYMOUS;

  if (!before.isAuthenticated && after.isAuthenticated) return AuthChangeOutcome.LOGGED_IN;
  if (before.isAuthenticated && !after.isAuthenticated) return AuthChangeOutcome.LOGGED_OUT;
  if (before.isAuthenticated && after.isAuthenticated) {
    if (after.requiresReauthentication) return AuthChangeOutcome.REAUTHENTICATION_REQUIRED;
    if (before.requiresReauthentication) return AuthChangeOutcome.REAUTHENTICATED;
    if (gainedMethods(from, to)) return AuthChangeOutcome.REAUTHENTICATED;
    return null;
  }
  const toFlow = after.pendingFlow?.id;
  if (toFlow && toFlow !== before.pendingFlow?.id) return AuthChangeOutcome.FLOW_UPDATED;
  return null;
}

// Only when both answers list their methods: an answer without the list says nothing about it.
function gainedMethods(from: AuthResponseBody | null, to: AuthResponseBody): boolean {
  const before = from?.data?.methods;
  const after = to.data?.methods;
  return Array.isArray(before) && Array.isArray(after) && after.length > before.length;
}
