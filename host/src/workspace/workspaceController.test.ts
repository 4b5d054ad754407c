import { PERMISSION_DENIED_MESSAGE, WORKSPACE_UID_KEY } from '@portal/shared';
import type { Client, Operation, OperationResult } from '@urql/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSubject, never } from 'wonka';
import { createSessionStore } from '../session/sessionStore';
import { ada, bob, gone, reauthRequired, session, signedIn, signedOut } from '../test/authFixtures';
import { type FakeClient, fakeWorkspaceClient, meFixture, workspace } from '../test/fakeWorkspaceClient';
import { createWorkspaceController } from './workspaceController';

const a = workspace('A', { account: 'Alpha' });
const b = workspace('B', { account: 'Beta', kind: 'CAB' });

function setup(auth = signedIn(), list = () => [a, b], me = () => meFixture()) {
  const store = createSessionStore(session(auth));
  const clients: FakeClient[] = [];
  const notify = vi.fn();
  const controller = createWorkspaceController({
    session: store,
    notify,
    createClient: () => {
      const client = fakeWorkspaceClient(list, me);
      clients.push(client);
      return client;
    },
  });
  return { store, controller, clients, notify };
}

describe('workspaceController', () => {
  beforeEach(() => localStorage.clear());

  it('signed in at start-up: loads the workspaces at once (first CAB current)', async () => {
    const { controller } = setup();
    await controller.store.whenSettled();
    expect(controller.store.getState()).toMatchObject({ status: 'loaded', current: { contractUid: 'B' } });
  });

  it('signed out: nothing loads, the guard sees nothing loaded', () => {
    const { controller, clients } = setup(signedOut());
    expect(controller.store.getState().status).toBe('idle');
    expect(clients[0]?.executeQuery).not.toHaveBeenCalled();
    expect(controller.guard.state()).toEqual({
      loaded: false,
      currentContractUid: null,
      count: 0,
      contractUids: [],
    });
  });

  it('loads after sign-in, and clears on sign-out with a new client (no cache carried over)', async () => {
    const { store, controller, clients } = setup(signedOut());
    const clientChanged = vi.fn();
    controller.subscribeClient(clientChanged);
    store.receive(signedIn());
    await controller.store.whenSettled();
    expect(controller.guard.state()).toEqual({
      loaded: true,
      currentContractUid: 'B',
      count: 2,
      contractUids: ['A', 'B'],
      // the current workspace's capabilities (the role table), for routes a role may not open
      currentCapabilities: expect.arrayContaining(['WORKSPACE_VIEW', 'BILLING_VIEW']),
    });
    store.receive(gone);
    expect(controller.store.getState()).toMatchObject({ status: 'idle', workspaces: [], current: null });
    expect(clientChanged).toHaveBeenCalledTimes(1);
    expect(controller.client()).toBe(clients[1]);
    // the choice is remembered for the next sign-in
    expect(localStorage.getItem(WORKSPACE_UID_KEY)).toBe('B');
  });

  it("loads the user (me) with the workspaces; the guard's flags come from its profiles", async () => {
    const { store, controller } = setup(signedOut(), undefined, () =>
      meFixture({ env: { profiles: ['beta'] } }),
    );
    expect(controller.flags.prepare()).toBeUndefined();
    expect(controller.flags.flags()).toEqual({});
    store.receive(signedIn());
    await controller.flags.prepare();
    expect(controller.me.getState()).toMatchObject({
      status: 'loaded',
      me: { user: { email: 'demo@example.com' } },
    });
    expect(controller.flags.flags()).toEqual({ beta: true });
    store.receive(gone);
    expect(controller.me.getState()).toEqual({ status: 'idle', me: null });
    expect(controller.flags.flags()).toEqual({});
  });

  it('live updates: signed in, notifications and workspaceChanged of the current workspace; none once signed out', async () => {
    const { store, controller, clients } = setup(signedIn(ada));
    await controller.store.whenSettled();
    const names = (client: FakeClient | undefined) =>
      client?.subscription.mock.calls.map(([doc, vars]) => [doc.definitions[0].name.value, vars]);
    expect(names(clients[0])).toEqual([
      ['Notifications', {}],
      ['MeChanged', {}],
      ['WorkspaceChanged', { contractUid: 'B' }],
    ]);
    controller.store.setWorkspace('A');
    expect(names(clients[0])?.at(-1)).toEqual(['WorkspaceChanged', { contractUid: 'A' }]);
    store.receive(gone);
    // signed out: the new client subscribes to nothing
    expect(clients[1]?.subscription).not.toHaveBeenCalled();
  });

  it('another user signing in starts afresh with a new client', async () => {
    const { store, controller, clients } = setup(signedIn(ada));
    await controller.store.whenSettled();
    store.receive(signedIn(bob));
    expect(controller.client()).toBe(clients[1]);
    await controller.store.whenSettled();
    expect(clients[1]?.executeQuery).toHaveBeenCalled();
    expect(controller.store.getState().status).toBe('loaded');
  });

  it('the same user answering again (reauthentication needed, then done) keeps everything', async () => {
    const { store, controller, clients } = setup(signedIn(ada));
    await controller.store.whenSettled();
    const before = controller.store.getState();
    store.receive(reauthRequired(ada));
    store.receive(signedIn(ada));
    expect(controller.store.getState()).toBe(before);
    expect(clients).toHaveLength(1);
  });

  describe('guard.prepare (before step 5)', () => {
    it('waits for a loading list, then selects the path’s workspace when it is the user’s', async () => {
      const answers = makeSubject<OperationResult>();
      let operation: Operation | undefined;
      const controller = createWorkspaceController({
        session: createSessionStore(session(signedIn())),
        notify: vi.fn(),
        createClient: () =>
          ({
            executeQuery: (op: Operation) => {
              operation = op;
              return answers.source;
            },
            subscription: () => never,
          }) as unknown as Client,
      });
      const waiting = controller.guard.prepare('A');
      expect(waiting).toBeInstanceOf(Promise);
      expect(controller.guard.state().loaded).toBe(false);
      answers.next({ operation: operation!, data: { allWorkspaces: [a, b] }, stale: false, hasNext: false });
      await waiting;
      expect(controller.guard.state().currentContractUid).toBe('A');
    });

    it('nothing to wait for once loaded, for the current workspace or a path without one', async () => {
      const { controller } = setup();
      await controller.store.whenSettled();
      expect(controller.guard.prepare('B')).toBeUndefined();
      expect(controller.guard.prepare(undefined)).toBeUndefined();
      expect(controller.guard.prepare('A')).toBeUndefined();
      expect(controller.guard.state().currentContractUid).toBe('A');
    });

    it('a contractUid not listed: one more look at the list (joined meanwhile?), then left to the guard', async () => {
      let list = [a, b];
      const { controller, clients } = setup(signedIn(), () => list);
      await controller.store.whenSettled();
      await controller.guard.prepare('Z');
      const listQueries = clients[0]?.executeQuery.mock.calls.filter(
        ([operation]) => operation.query.definitions[0].name.value === 'AllWorkspaces',
      );
      expect(listQueries).toHaveLength(2);
      expect(controller.guard.state().currentContractUid).toBe('B');
      list = [a, b, workspace('Z', { account: 'Zulu' })];
      await controller.guard.prepare('Z');
      expect(controller.guard.state().currentContractUid).toBe('Z');
    });
  });

  it('guard.notify says the spec’s permission message', () => {
    const { controller, notify } = setup();
    controller.guard.notify('forbidden');
    expect(notify).toHaveBeenCalledWith({ type: 'error', message: PERMISSION_DENIED_MESSAGE });
  });

  it('dispose stops following the session', () => {
    const { store, controller } = setup(signedOut());
    controller.dispose();
    store.receive(signedIn());
    expect(controller.store.getState().status).toBe('idle');
  });
});
