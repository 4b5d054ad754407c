import type { AuthResponseBody, Flow } from './types';

/**
 * The page of each login flow (spec section 2, "Login flow paths"). `verify_phone` (allauth 65's
 * phone verification, which carries the SMS registration code) continues sign-up, so it shares the
 * sign-up path; `provider_redirect` has no page of its own and goes back to login.
 */
export const FLOW_PATHS: Readonly<Record<string, string>> = {
  login: '/auth/login',
  provider_redirect: '/auth/login',
  login_by_code: '/auth/login/code/confirm',
  signup: '/auth/signup',
  verify_email: '/auth/signup',
  verify_phone: '/auth/signup',
  provider_signup: '/auth/provider/signup',
  reauthenticate: '/auth/reauthenticate',
  mfa_authenticate: '/auth/2fa/authenticate',
  mfa_reauthenticate: '/auth/2fa/reauthenticate',
};

export const LOGIN_URL = '/auth/login';
export const LOGIN_REDIRECT_URL = '/';
export const LOGOUT_REDIRECT_URL = '/auth/login';

export class UnknownFlowError extends Error {
  override name = 'UnknownFlowError';
  constructor(readonly flowId: string) {
    super('Unknown path for flow');
  }
}

/** The page of a flow; an unknown flow is an error (spec section 8). */
export function pathForFlow(flow: Pick<Flow, 'id'>): string {
  // own keys only: an id such as `toString` must not find Object.prototype
  const path = Object.hasOwn(FLOW_PATHS, flow.id) ? FLOW_PATHS[flow.id] : undefined;
  if (!path) throw new UnknownFlowError(String(flow.id));
  return path;
}

export function pendingFlow(auth: AuthResponseBody | null | undefined): Flow | undefined {
  return auth?.data?.flows?.find((flow) => flow.is_pending);
}
