import type { SessionState } from '@portal/shared';
import { useSyncExternalStore } from 'react';
import type { SessionStore } from './sessionStore';

/** The current session, re-rendering on every identity answer the store takes in. */
export function useSessionState(store: SessionStore): SessionState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
