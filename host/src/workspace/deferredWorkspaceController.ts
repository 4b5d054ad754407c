import {
  EMPTY_SELECTION,
  featureFlagsOf,
  type MeState,
  type MeStore,
  type WorkspaceState,
  type WorkspaceStore,
} from '@portal/shared';
import type { Client } from '@urql/core';
import { WORKSPACES_NOT_LOADED } from '../guard/workspaceGuardState';
import type { SessionStore } from '../session/sessionStore';
import type { GraphqlProvider, WorkspaceController } from './workspaceController';

/**
 * The workspaces, the user and the GraphQL client as the shell uses them: the GraphQL stack
 * (urql, graphcache, graphql-ws, the stores over them) is a lazy chunk, so before it has loaded
 * there is no client, no list and no user (issue 14: the sign-in pages do not download it).
 */
export interface HostWorkspaces extends Omit<WorkspaceController, 'client' | 'graphqlProvider' | 'dispose'> {
  /** the signed-in user's client; undefined until the GraphQL stack has loaded */
  client(): Client | undefined;
  /** urql's `<Provider>`, once the GraphQL stack has loaded */
  graphqlProvider(): GraphqlProvider | undefined;
  /** loads the GraphQL stack (once); resolves when the controller is there */
  ensure(): Promise<void>;
}

const IDLE_WORKSPACES: WorkspaceState = { ...EMPTY_SELECTION, status: 'idle' };
const IDLE_ME: MeState = { status: 'idle', me: null };

/**
 * A `WorkspaceController` whose real one is loaded on demand: at once when someone is signed in
 * (now or later), or when `ensure()` is called (a visitor opening a page outside /auth/, whose
 * remote page may query the api). Until then the state is idle, and the guard sees
 * `WORKSPACES_NOT_LOADED` and no feature flag; every listener registered meanwhile hears the switch.
 */
export function createDeferredWorkspaceController({
  session,
  load,
}: {
  session: SessionStore;
  /** imports the GraphQL stack and creates the real controller (following `session` itself) */
  load: () => Promise<WorkspaceController>;
}): HostWorkspaces {
  let real: WorkspaceController | undefined;
  let loading: Promise<void> | undefined;
  const storeListeners = new Set<() => void>();
  const meListeners = new Set<() => void>();
  const clientListeners = new Set<() => void>();
  const emit = (listeners: Set<() => void>) => () => {
    for (const listener of [...listeners]) listener();
  };

  const ensure = (): Promise<void> => {
    loading ??= load().then((controller) => {
      real = controller;
      controller.store.subscribe(emit(storeListeners));
      controller.me.subscribe(emit(meListeners));
      controller.subscribeClient(emit(clientListeners));
      emit(storeListeners)();
      emit(meListeners)();
      emit(clientListeners)();
    });
    // a chunk that failed to load (network) is asked for again next time
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const signedIn = () => session.getState().isAuthenticated;
  const follow = () => {
    if (signedIn()) void ensure();
  };
  follow();
  session.subscribe(follow);

  /** the real controller's answer, after loading it if needed (a signed-in navigation waits) */
  const whenReal = <T>(use: (controller: WorkspaceController) => T): T | Promise<T> =>
    real ? use(real) : ensure().then(() => use(real as WorkspaceController));

  const store: WorkspaceStore = {
    getState: () => real?.store.getState() ?? IDLE_WORKSPACES,
    subscribe(listener) {
      storeListeners.add(listener);
      return () => storeListeners.delete(listener);
    },
    load: () => Promise.resolve(whenReal((c) => c.store.load())),
    whenSettled: () => (real ? real.store.whenSettled() : loading?.then(() => real?.store.whenSettled())),
    clear: () => real?.store.clear(),
    setWorkspace: (contractUid) => real?.store.setWorkspace(contractUid) ?? false,
    setActiveEmployee: (employeeUid) => real?.store.setActiveEmployee(employeeUid) ?? false,
    refetch: (contractUid) => (real ? real.store.refetch(contractUid) : Promise.resolve()),
  };
  const me: MeStore = {
    getState: () => real?.me.getState() ?? IDLE_ME,
    subscribe(listener) {
      meListeners.add(listener);
      return () => meListeners.delete(listener);
    },
    load: () => Promise.resolve(whenReal((c) => c.me.load())),
    whenSettled: () => (real ? real.me.whenSettled() : loading?.then(() => real?.me.whenSettled())),
    clear: () => real?.me.clear(),
  };

  return {
    store,
    me,
    client: () => real?.client(),
    subscribeClient(listener) {
      clientListeners.add(listener);
      return () => clientListeners.delete(listener);
    },
    graphqlProvider: () => real?.graphqlProvider(),
    ensure,
    guard: {
      state: () => real?.guard.state() ?? WORKSPACES_NOT_LOADED,
      // only called for a signed-in user, whose stack is loading already
      prepare: (contractUid) =>
        real ? real.guard.prepare(contractUid) : ensure().then(() => real?.guard.prepare(contractUid)),
      notify: (notice) => real?.guard.notify(notice),
    },
    flags: {
      flags: () => (real ? real.flags.flags() : featureFlagsOf(null)),
      prepare: () => {
        if (real) return real.flags.prepare();
        return signedIn() ? ensure().then(() => real?.flags.prepare()) : undefined;
      },
    },
  };
}
