import { type AuthResponseBody, authInfo, type SessionState } from '@portal/shared';

/**
 * The host's session state: an external store (read with useSyncExternalStore), so the router's
 * guard, the auth-change handler and React all read the same, latest value.
 */
export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Takes in an identity answer (start-up or auth-change event). */
  receive(auth: AuthResponseBody): void;
}

/** The session after an identity answer: always the latest answer, even when nothing "changed". */
export function nextSessionState(previous: SessionState, auth: AuthResponseBody): SessionState {
  return {
    loaded: true,
    isAuthenticated: authInfo(auth).isAuthenticated,
    auth,
    config: previous.config,
  };
}

export function createSessionStore(initial: SessionState): SessionStore {
  // whatever start-up brought, the first answer (or failure) has been seen
  let state: SessionState = { ...initial, loaded: true };
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive(auth) {
      state = nextSessionState(state, auth);
      for (const listener of [...listeners]) listener();
    },
  };
}
