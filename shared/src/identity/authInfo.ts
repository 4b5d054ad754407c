import { pendingFlow } from './flows';
import type { AuthResponseBody, AuthUser, Flow } from './types';

/** What an allauth answer says about the visitor. */
export interface AuthInfo {
  isAuthenticated: boolean;
  /** authenticated, but the last call needs a recent (re)authentication first */
  requiresReauthentication: boolean;
  user: AuthUser | null;
  pendingFlow: Flow | undefined;
}

/**
 * Reads an allauth answer (spec section 4): a 200 with `is_authenticated` is signed in; a 401 with
 * `is_authenticated` is still signed in but needs reauthentication; anything else (401 without it,
 * 410, a network failure, nothing) is signed out. `null` stands for "no answer yet".
 */
export function authInfo(auth: AuthResponseBody | null | undefined): AuthInfo {
  const flagged = auth?.meta?.is_authenticated === true;
  const isAuthenticated = flagged && (auth?.status === 200 || auth?.status === 401);
  return {
    isAuthenticated,
    requiresReauthentication: isAuthenticated && auth?.status === 401,
    user: isAuthenticated ? (auth?.data?.user ?? null) : null,
    pendingFlow: pendingFlow(auth),
  };
}
