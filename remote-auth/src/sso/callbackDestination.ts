import { type AuthResponseBody, LOGIN_URL, pathForFlow, pendingFlow, UnknownFlowError } from '@portal/shared';

export interface CallbackState {
  isAuthenticated: boolean;
  auth: AuthResponseBody | null;
  /** the saved post-login path, if any */
  nextPath: string | undefined;
  /** allauth's `?error=` from the provider round trip */
  error: string | null;
}

/**
 * Where the provider callback sends the visitor (spec section 2, SSOCallback): signed in → the
 * saved next path or Home; else the page of the pending flow; else the login page, carrying the
 * provider's error so the login page can show it.
 */
export function callbackDestination({ isAuthenticated, auth, nextPath, error }: CallbackState): string {
  if (isAuthenticated) return nextPath ?? '/';
  const flow = pendingFlow(auth);
  if (flow) {
    try {
      return pathForFlow(flow);
    } catch (e) {
      if (!(e instanceof UnknownFlowError)) throw e;
    }
  }
  return error ? `${LOGIN_URL}?error=${encodeURIComponent(error)}` : LOGIN_URL;
}
