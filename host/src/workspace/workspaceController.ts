import {
  authInfo,
  featureFlagsOf,
  type MeStore,
  type Notification,
  type SessionState,
  type WorkspaceStore,
} from '@portal/shared';
import { createMeStore, createWorkspaceStore } from '@portal/shared/graphql';
import type { Client } from '@urql/core';
import type { ComponentType, ReactNode } from 'react';
import { Provider as UrqlProvider } from 'urql';
import type { FeatureFlagSource, WorkspaceGuardSource } from '../guard/workspaceGuardState';
import { i18n } from '../portal/i18n';
import type { SessionStore } from '../session/sessionStore';
import { createWorkspaceLiveUpdates } from './workspaceLiveUpdates';

/** urql's `<Provider>` (or a test's stand-in): the GraphQL client of remote pages' hooks. */
export type GraphqlProvider = ComponentType<{ value: Client; children?: ReactNode }>;

/** The host's workspaces, user (`me`) and GraphQL client, following the session. */
export interface WorkspaceController {
  store: WorkspaceStore;
  /** the signed-in user: preferences and feature flags come from it */
  me: MeStore;
  /** the client of the signed-in user (a new one, with an empty cache, per user) */
  client(): Client;
  /** called when `client()` changes */
  subscribeClient(listener: () => void): () => void;
  /** urql's `<Provider>`, for the hooks of remote pages */
  graphqlProvider(): GraphqlProvider;
  /** what the navigation guard reads (step 5) */
  guard: WorkspaceGuardSource;
  /** the feature flags the navigation guard reads (step 1) */
  flags: FeatureFlagSource;
  dispose(): void;
}

/** Who the workspaces belong to: null signed out; a signed-in answer without a user keeps the last one. */
function ownerOf(state: SessionState, previous: string | null): string | null {
  if (!state.isAuthenticated) return null;
  const id = authInfo(state.auth).user?.id;
  return id == null ? (previous ?? 'signed-in') : String(id);
}

/**
 * After sign-in the workspaces (`allWorkspaces`, spec section 4) and the user (`me`) load; on
 * sign-out, or when another user signs in, they are forgotten and the client is replaced, so nothing of one
 * user's cache is ever shown to the next. The stored choice (`workspaceUid`) stays.
 */
export function createWorkspaceController({
  session,
  createClient,
  notify,
}: {
  session: SessionStore;
  createClient: () => Client;
  notify: (notification: Notification) => void;
}): WorkspaceController {
  let client = createClient();
  let owner: string | null = null;
  const clientListeners = new Set<() => void>();
  const store = createWorkspaceStore({ client: () => client });
  const me = createMeStore({ client: () => client });
  // notifications and the current workspace's changes, over the websocket while signed in
  const live = createWorkspaceLiveUpdates({
    client: () => client,
    workspaces: store.getState,
    signedIn: () => owner !== null,
    notify,
  });
  const stopLive = store.subscribe(live.sync);

  const follow = () => {
    const next = ownerOf(session.getState(), owner);
    if (next === owner) return;
    const hadOwner = owner !== null;
    owner = next;
    store.clear();
    me.clear();
    if (hadOwner) {
      client = createClient();
      for (const listener of [...clientListeners]) listener();
    }
    if (next !== null) {
      void store.load();
      void me.load();
    }
    live.sync();
  };
  follow();
  const unsubscribe = session.subscribe(follow);

  const prepare = (contractUid: string | undefined): Promise<void> | undefined => {
    const loading = store.whenSettled();
    if (loading) return loading.then(() => prepare(contractUid));
    const state = store.getState();
    if (!contractUid || state.status !== 'loaded' || state.current?.contractUid === contractUid) return;
    if (store.setWorkspace(contractUid)) return;
    // Not in the list: it may have been joined since the list loaded (an accepted invitation).
    // One more look; if it is still not there, the guard refuses it.
    return store.refetch().then(() => {
      store.setWorkspace(contractUid);
    });
  };

  return {
    store,
    me,
    client: () => client,
    graphqlProvider: () => UrqlProvider,
    subscribeClient(listener) {
      clientListeners.add(listener);
      return () => clientListeners.delete(listener);
    },
    guard: {
      state() {
        const { status, current, workspaces } = store.getState();
        return {
          loaded: status === 'loaded',
          currentContractUid: current?.contractUid ?? null,
          count: workspaces.length,
          contractUids: workspaces.map((w) => w.contractUid),
          ...(current ? { currentCapabilities: current.capabilities } : {}),
        };
      },
      prepare,
      notify(notice) {
        if (notice === 'forbidden')
          notify({ type: 'error', message: i18n.t('errors.permissionDenied', { ns: 'common' }) });
      },
    },
    flags: {
      flags: () => featureFlagsOf(me.getState().me),
      prepare: () => (owner === null ? undefined : me.whenSettled()),
    },
    dispose() {
      unsubscribe();
      stopLive();
      live.dispose();
      store.clear();
      me.clear();
    },
  };
}
