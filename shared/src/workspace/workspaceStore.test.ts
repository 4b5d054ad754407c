import { CombinedError, type Operation, type OperationContext, type OperationResult } from '@urql/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromValue, makeSubject, never } from 'wonka';
import type { PortalWorkspaceFragment } from '../gql/graphql';
import { workspace } from './testWorkspaces';
import { WORKSPACE_EMPLOYEE_UID_KEY, WORKSPACE_UID_KEY } from './workspaceStorage';
import { createWorkspaceStore, type WorkspaceClient } from './workspaceStore';

const a = workspace('A', { account: 'Alpha' });
const b = workspace('B', { account: 'Beta', kind: 'CAB', employees: ['b1', 'b2'] });

function answer(operation: Operation, list: PortalWorkspaceFragment[]): OperationResult {
  return { operation, data: { allWorkspaces: list }, stale: false, hasNext: false };
}

/** A client answering allWorkspaces from `lists` (the list, or one workspace when asked for it). */
function fakeClient(list: () => PortalWorkspaceFragment[]) {
  const executeQuery = vi.fn((operation: Operation, _context?: Partial<OperationContext>) => {
    const uid = operation.variables?.contractUid as string | undefined;
    return fromValue(answer(operation, uid ? list().filter((w) => w.contractUid === uid) : list()));
  });
  return { executeQuery } as unknown as WorkspaceClient & { executeQuery: typeof executeQuery };
}

describe('workspaceStore', () => {
  beforeEach(() => localStorage.clear());

  it("stores the choice under the spec's keys (section 9)", () => {
    expect(WORKSPACE_UID_KEY).toBe('workspaceUid');
    expect(WORKSPACE_EMPLOYEE_UID_KEY).toBe('workspaceEmployeeUid');
  });

  it('starts idle and empty', () => {
    const store = createWorkspaceStore({ client: () => fakeClient(() => [a]) });
    expect(store.getState()).toMatchObject({ status: 'idle', workspaces: [], current: null });
  });

  it('loads the list, selects (first CAB) and stores the choice', async () => {
    const store = createWorkspaceStore({ client: () => fakeClient(() => [a, b]) });
    await store.load();
    const state = store.getState();
    expect(state.status).toBe('loaded');
    expect(state.current).toMatchObject({ contractUid: 'B', activeEmployeeUid: 'b1', logo: 'Wo' });
    expect(localStorage.getItem(WORKSPACE_UID_KEY)).toBe('B');
    expect(localStorage.getItem(WORKSPACE_EMPLOYEE_UID_KEY)).toBe('b1');
  });

  it('asks with cache-and-network, so it keeps watching the cached list', async () => {
    const client = fakeClient(() => [a]);
    await createWorkspaceStore({ client: () => client }).load();
    expect(client.executeQuery.mock.calls[0]?.[1]).toEqual({ requestPolicy: 'cache-and-network' });
  });

  it('restores the stored workspace and employee', async () => {
    localStorage.setItem(WORKSPACE_UID_KEY, 'B');
    localStorage.setItem(WORKSPACE_EMPLOYEE_UID_KEY, 'b2');
    const store = createWorkspaceStore({ client: () => fakeClient(() => [a, b]) });
    await store.load();
    expect(store.getState().current).toMatchObject({ contractUid: 'B', activeEmployeeUid: 'b2' });
  });

  it('re-applies the list when the cache emits it again (a subscription event), keeping the selection', async () => {
    const subject = makeSubject<OperationResult>();
    let op: Operation | undefined;
    const client = {
      executeQuery: (operation: Operation) => {
        op = operation;
        return subject.source;
      },
    } as unknown as WorkspaceClient;
    const store = createWorkspaceStore({ client: () => client });
    const loaded = store.load();
    expect(store.whenSettled()).toBe(loaded);
    subject.next(answer(op!, [a, b]));
    await loaded;
    expect(store.whenSettled()).toBeUndefined();
    store.setWorkspace('A');
    const listener = vi.fn();
    store.subscribe(listener);
    subject.next(answer(op!, [workspace('A', { account: 'Alpha', amount: '-3.00' }), b]));
    expect(listener).toHaveBeenCalled();
    expect(store.getState().current).toMatchObject({ contractUid: 'A' });
    expect(store.getState().current?.balance.amount).toBe('-3.00');
  });

  it('an empty list is loaded with no current workspace', async () => {
    const store = createWorkspaceStore({ client: () => fakeClient(() => []) });
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'loaded', current: null, workspaces: [] });
  });

  it('a failed first load ends in error (nothing to select from)', async () => {
    const client = {
      executeQuery: (operation: Operation) =>
        fromValue({ operation, error: new CombinedError({ networkError: new Error('down') }), stale: false }),
    } as unknown as WorkspaceClient;
    const store = createWorkspaceStore({ client: () => client });
    await store.load();
    expect(store.getState().status).toBe('error');
  });

  it('setWorkspace selects a listed workspace and stores it; refuses another', async () => {
    const store = createWorkspaceStore({ client: () => fakeClient(() => [a, b]) });
    await store.load();
    expect(store.setWorkspace('A')).toBe(true);
    expect(store.getState().current?.contractUid).toBe('A');
    expect(localStorage.getItem(WORKSPACE_UID_KEY)).toBe('A');
    expect(store.setWorkspace('Z')).toBe(false);
    expect(store.getState().current?.contractUid).toBe('A');
  });

  it('setActiveEmployee works only for an employee of the current workspace', async () => {
    const store = createWorkspaceStore({ client: () => fakeClient(() => [a, b]) });
    await store.load();
    expect(store.setActiveEmployee('b2')).toBe(true);
    expect(localStorage.getItem(WORKSPACE_EMPLOYEE_UID_KEY)).toBe('b2');
    expect(store.setActiveEmployee('A-e1')).toBe(false);
    expect(store.getState().current?.activeEmployeeUid).toBe('b2');
  });

  it('refetch(contractUid) replaces that workspace and keeps its active employee', async () => {
    let list = [a, b];
    const client = fakeClient(() => list);
    const store = createWorkspaceStore({ client: () => client });
    await store.load();
    store.setActiveEmployee('b2');
    list = [a, workspace('B', { account: 'Beta', kind: 'CAB', employees: ['b1', 'b2'], amount: '99.00' })];
    await store.refetch('B');
    expect(client.executeQuery).toHaveBeenLastCalledWith(
      expect.objectContaining({ variables: { contractUid: 'B' } }),
      { requestPolicy: 'network-only' },
    );
    expect(store.getState().current).toMatchObject({ activeEmployeeUid: 'b2' });
    expect(store.getState().current?.balance.amount).toBe('99.00');
  });

  it('refetch() loads the whole list again (a workspace joined), keeping the current one', async () => {
    let list = [a];
    const store = createWorkspaceStore({ client: () => fakeClient(() => list) });
    await store.load();
    list = [a, b];
    await store.refetch();
    expect(store.getState().workspaces.map((w) => w.contractUid)).toEqual(['A', 'B']);
    expect(store.getState().current?.contractUid).toBe('A');
  });

  it('clear() forgets the workspaces (not the stored choice) and ignores late answers', async () => {
    const subject = makeSubject<OperationResult>();
    let op: Operation | undefined;
    const client = {
      executeQuery: (operation: Operation) => {
        op = operation;
        return subject.source;
      },
    } as unknown as WorkspaceClient;
    const store = createWorkspaceStore({ client: () => client });
    void store.load();
    subject.next(answer(op!, [a, b]));
    store.clear();
    expect(store.getState()).toMatchObject({ status: 'idle', current: null, workspaces: [] });
    expect(localStorage.getItem(WORKSPACE_UID_KEY)).toBe('B');
    subject.next(answer(op!, [a]));
    expect(store.getState().status).toBe('idle');
  });

  it('refetch while signed out does nothing', async () => {
    const client = fakeClient(() => [a]);
    const store = createWorkspaceStore({ client: () => client });
    await store.refetch();
    expect(store.getState().status).toBe('idle');
    expect(client.executeQuery).not.toHaveBeenCalled();
  });

  it('whenSettled is pending while the first answer has not come', () => {
    const store = createWorkspaceStore({
      client: () => ({ executeQuery: () => never }) as unknown as WorkspaceClient,
    });
    void store.load();
    expect(store.getState().status).toBe('loading');
    expect(store.whenSettled()).toBeInstanceOf(Promise);
  });
});
