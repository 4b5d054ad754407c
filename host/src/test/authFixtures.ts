import type { AuthMethod, AuthResponseBody, AuthUser, Flow, FlowId, SessionState } from '@portal/shared';

// allauth answers as the headless browser API sends them, built small for tests.

export const ada: AuthUser = {
  id: 7,
  display: 'Ada Lovelace',
  email: 'ada@example.com',
  has_usable_password: true,
};
export const bob: AuthUser = { id: 8, display: 'Bob', email: 'bob@example.com', has_usable_password: true };

const password: AuthMethod = { method: 'password', at: 1_700_000_000, email: 'ada@example.com' };
const reauth: AuthMethod = { method: 'password', at: 1_700_000_900, reauthenticated: true };

export function signedIn(user: AuthUser = ada, methods: AuthMethod[] = [password]): AuthResponseBody {
  return { status: 200, data: { user, methods }, meta: { is_authenticated: true } };
}

/** signed in, but the call needs a recent authentication: flows to choose from, none pending */
export function reauthRequired(
  user: AuthUser = ada,
  flows: Flow[] = [{ id: 'reauthenticate' }],
): AuthResponseBody {
  return { status: 401, data: { user, methods: [password], flows }, meta: { is_authenticated: true } };
}

export function signedInAgain(user: AuthUser = ada): AuthResponseBody {
  return signedIn(user, [password, reauth]);
}

export function signedOut(pending?: FlowId): AuthResponseBody {
  const flows: Flow[] = [{ id: 'login' }, { id: 'signup' }];
  if (pending) flows.push({ id: pending, is_pending: true });
  return { status: 401, data: { flows }, meta: { is_authenticated: false } };
}

export const gone: AuthResponseBody = { status: 410 };

export function session(auth: AuthResponseBody | null): SessionState {
  const isAuthenticated =
    !!auth && (auth.status === 200 || auth.status === 401) && auth.meta?.is_authenticated === true;
  return { loaded: true, isAuthenticated, auth, config: { account: { is_open_for_signup: true } } };
}
