import { createRequest, type OperationResult } from '@urql/core';
import { MeDocument, type MeQuery } from '../gql/graphql';
import { createQueryWatch } from '../graphql/watchQuery';
import type { WorkspaceClient } from '../workspace/workspaceStore';

/** The signed-in user as the portal holds it: every field of `me`. */
export type PortalMe = NonNullable<MeQuery['me']>;

/** idle: nobody signed in; error: the first load failed (the portal goes on with defaults). */
export interface MeState {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  me: PortalMe | null;
}

export const IDLE_ME: MeState = { status: 'idle', me: null };

export interface MeStore {
  getState(): MeState;
  subscribe(listener: () => void): () => void;
  /**
   * Loads `me` and keeps watching it (graphcache re-emits it when a mutation returns a changed
   * user); resolves once the first answer is in, or failed.
   */
  load(): Promise<void>;
  /** while a load runs, the promise of its end; otherwise undefined */
  whenSettled(): Promise<void> | undefined;
  /** forgets the user (sign-out) */
  clear(): void;
}

/**
 * `me` over an urql client, framework-free so the host's guard reads the feature flags outside
 * React. `client` is a getter: the host makes a new client (a new cache) per user.
 */
export function createMeStore({ client }: { client: () => WorkspaceClient }): MeStore {
  let state: MeState = IDLE_ME;
  const watch = createQueryWatch();
  const listeners = new Set<() => void>();
  const set = (next: MeState) => {
    if (next.status === state.status && next.me === state.me) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      if (state.status !== 'loaded') set({ ...state, status: 'loading' });
      return watch.watch(
        client().executeQuery(createRequest(MeDocument, {}), { requestPolicy: 'cache-and-network' }),
        (result: OperationResult<MeQuery>) => {
          if (result.data?.me) set({ status: 'loaded', me: result.data.me });
          else if (state.status === 'loading') set({ ...state, status: 'error' });
        },
      );
    },
    whenSettled: watch.whenSettled,
    clear() {
      watch.stop();
      set(IDLE_ME);
    },
  };
}
