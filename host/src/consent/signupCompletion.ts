import { type AuthResponseBody, pendingFlow } from '@portal/shared';
import { AuthChangeOutcome, detectAuthChange } from '../session/authChange';
import type { SessionStore } from '../session/sessionStore';

/** Flows a sign-up passes through before the account is signed in. */
const SIGNUP_FLOWS = new Set(['signup', 'verify_email', 'verify_phone', 'provider_signup']);
const SIGNUP_PATH = '/auth/signup';

/**
 * A sign-up completed: the answer signs the visitor in (outcome LOGGED_IN) and either the previous
 * answer had a sign-up flow pending (phone or e-mail verification, provider sign-up), or it happened
 * on the sign-up page itself (a sign-up that needs no verification signs in at once).
 */
export function isSignupCompletion(
  from: AuthResponseBody | null,
  to: AuthResponseBody,
  pathname: string,
): boolean {
  if (detectAuthChange(from, to) !== AuthChangeOutcome.LOGGED_IN) return false;
  const flow = pendingFlow(from)?.id;
  if (flow && SIGNUP_FLOWS.has(flow)) return true;
  return pathname === SIGNUP_PATH || pathname.startsWith(`${SIGNUP_PATH}/`);
}

/**
 * Watches the session store for a completed sign-up. The store takes each answer before the
 * navigation it causes, so `currentPath` is still the page where it happened.
 */
export function watchSignupCompletion(
  store: SessionStore,
  currentPath: () => string,
  onComplete: () => void,
): () => void {
  let previous = store.getState().auth;
  return store.subscribe(() => {
    const next = store.getState().auth;
    if (next && next !== previous && isSignupCompletion(previous, next, currentPath())) onComplete();
    previous = next;
  });
}
