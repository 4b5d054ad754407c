import { type Client, createRequest, type OperationResult, type RequestPolicy } from '@urql/core';
import { pipe, take, toPromise } from 'wonka';
import { AllWorkspacesDocument, type AllWorkspacesQuery, type PortalWorkspaceFragment } from '../gql/graphql';
import { createQueryWatch } from '../graphql/watchQuery';
import {
  applyWorkspaceList,
  EMPTY_SELECTION,
  findWorkspace,
  replaceWorkspace,
  selectWorkspace,
  setActiveEmployee,
  storedChoiceOf,
  type WithClientFields,
  type WorkspaceSelection,
} from './selection';
import { readStoredChoice, storeChoice } from './workspaceStorage';

/** A workspace as the portal holds it: every field of `allWorkspaces`, plus the client's fields. */
export type PortalWorkspace = WithClientFields<PortalWorkspaceFragment>;

/** idle: nobody signed in; error: the first load failed (the list stays empty). */
export type WorkspaceStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface WorkspaceState extends WorkspaceSelection<PortalWorkspaceFragment> {
  status: WorkspaceStatus;
}

export const IDLE_WORKSPACES: WorkspaceState = { ...EMPTY_SELECTION, status: 'idle' };

/** The part of an urql client the store uses (a test fakes just this). */
export type WorkspaceClient = Pick<Client, 'executeQuery'>;

export interface WorkspaceStore {
  getState(): WorkspaceState;
  subscribe(listener: () => void): () => void;
  /**
   * Loads the list and keeps watching it (graphcache re-emits it when a subscription event or a
   * refetch changes a workspace); resolves once the first answer is in, or failed.
   */
  load(): Promise<void>;
  /** while a load runs, the promise of its end; otherwise undefined */
  whenSettled(): Promise<void> | undefined;
  /** forgets everything (sign-out); the stored choice stays for the next sign-in */
  clear(): void;
  /** makes a listed workspace current; false for one that is not listed */
  setWorkspace(contractUid: string): boolean;
  /** false unless `employeeUid` is an employee of the current workspace */
  setActiveEmployee(employeeUid: string): boolean;
  /** with a contractUid: that workspace again, replacing it; without: the whole list again */
  refetch(contractUid?: string): Promise<void>;
}

/**
 * The workspace state of spec section 4 over an urql client: the pure rules of `selection.ts`,
 * the list query, and the stored choice. Framework-free, so the host's guard reads it outside
 * React; `client` is a getter because the host makes a new client (a new cache) per user.
 */
export function createWorkspaceStore({ client }: { client: () => WorkspaceClient }): WorkspaceStore {
  let state: WorkspaceState = IDLE_WORKSPACES;
  const watch = createQueryWatch();
  const listeners = new Set<() => void>();

  const set = (next: WorkspaceState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const commit = (selection: WorkspaceSelection<PortalWorkspaceFragment>, status: WorkspaceStatus) => {
    if (selection === state && status === state.status) return;
    const choice = storedChoiceOf(selection);
    if (choice) storeChoice(choice);
    set({ ...selection, status });
  };
  const query = (contractUid: string | undefined, requestPolicy: RequestPolicy) =>
    client().executeQuery(createRequest(AllWorkspacesDocument, contractUid ? { contractUid } : {}), {
      requestPolicy,
    });
  const apply = (result: OperationResult<AllWorkspacesQuery>) => {
    if (result.data)
      commit(applyWorkspaceList(state, result.data.allWorkspaces, readStoredChoice()), 'loaded');
    else if (result.error && state.status === 'loading') set({ ...state, status: 'error' });
  };

  const store: WorkspaceStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      if (state.status !== 'loaded') set({ ...state, status: 'loading' });
      return watch.watch(query(undefined, 'cache-and-network'), (result) =>
        apply(result as OperationResult<AllWorkspacesQuery>),
      );
    },
    whenSettled: watch.whenSettled,
    clear() {
      watch.stop();
      set(IDLE_WORKSPACES);
    },
    setWorkspace(contractUid) {
      commit(selectWorkspace(state, contractUid), state.status);
      return state.current?.contractUid === contractUid;
    },
    setActiveEmployee(employeeUid) {
      commit(setActiveEmployee(state, employeeUid), state.status);
      return state.current?.activeEmployeeUid === employeeUid;
    },
    async refetch(contractUid) {
      // signed out (or not loaded yet): there is nothing to refresh, and no one to ask for
      if (state.status === 'idle') return;
      const mine = watch.generation();
      const result = (await pipe(
        query(contractUid, 'network-only'),
        take(1),
        toPromise,
      )) as OperationResult<AllWorkspacesQuery>;
      if (mine !== watch.generation() || !result.data) return;
      if (!contractUid) return apply(result);
      const fresh = result.data.allWorkspaces.find((w) => w.contractUid === contractUid);
      if (fresh && findWorkspace(state, contractUid)) commit(replaceWorkspace(state, fresh), state.status);
    },
  };
  return store;
}
