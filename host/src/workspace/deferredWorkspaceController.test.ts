import { describe, expect, it, vi } from 'vitest';
import { WORKSPACES_NOT_LOADED } from '../guard/workspaceGuardState';
import { createSessionStore } from '../session/sessionStore';
import { session, signedIn, signedOut } from '../test/authFixtures';
import { fakeWorkspaceClient, workspace } from '../test/fakeWorkspaceClient';
import { createDeferredWorkspaceController } from './deferredWorkspaceController';
import { createWorkspaceController, type WorkspaceController } from './workspaceController';

function setup(auth: Parameters<typeof session>[0]) {
  const store = createSessionStore(session(auth));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const made: WorkspaceController[] = [];
  const load = vi.fn(async () => {
    await gate;
    const controller = createWorkspaceController({
      session: store,
      notify: () => {},
      createClient: () => fakeWorkspaceClient(() => [workspace('A', { kind: 'CAB' })]),
    });
    made.push(controller);
    return controller;
  });
  const deferred = createDeferredWorkspaceController({ session: store, load });
  return { store, deferred, load, release, made };
}

describe('the deferred workspace controller (the GraphQL stack as a lazy chunk)', () => {
  it('signed out: loads nothing, and reads as idle, with no client and no flags', () => {
    const { deferred, load } = setup(signedOut());
    expect(load).not.toHaveBeenCalled();
    expect(deferred.client()).toBeUndefined();
    expect(deferred.graphqlProvider()).toBeUndefined();
    expect(deferred.store.getState()).toMatchObject({ status: 'idle', current: null, workspaces: [] });
    expect(deferred.me.getState()).toEqual({ status: 'idle', me: null });
    expect(deferred.guard.state()).toBe(WORKSPACES_NOT_LOADED);
    expect(deferred.flags.flags()).toEqual({});
    expect(deferred.flags.prepare()).toBeUndefined();
    expect(deferred.store.setWorkspace('A')).toBe(false);
  });

  it('loads once someone signs in, once only, and tells every listener when it is there', async () => {
    const { store, deferred, load, release, made } = setup(signedOut());
    const heard = { store: 0, client: 0 };
    deferred.store.subscribe(() => heard.store++);
    deferred.subscribeClient(() => heard.client++);
    store.receive(signedIn());
    const ready = deferred.ensure();
    expect(load).toHaveBeenCalledTimes(1);
    release();
    await ready;
    expect(load).toHaveBeenCalledTimes(1);
    expect(made).toHaveLength(1);
    expect(deferred.client()).toBe(made[0]?.client());
    expect(deferred.graphqlProvider()).toBeDefined();
    expect(heard.client).toBeGreaterThan(0);
    // the list loads through the real controller and reaches the deferred one's listeners
    await vi.waitFor(() => expect(deferred.store.getState().status).toBe('loaded'));
    expect(deferred.store.getState().current?.contractUid).toBe('A');
    expect(heard.store).toBeGreaterThan(0);
    expect(deferred.guard.state()).toMatchObject({ loaded: true, currentContractUid: 'A', count: 1 });
  });

  it('a signed-in navigation to a workspace waits for the stack, then for the list', async () => {
    const { deferred, release } = setup(signedIn());
    let prepared = false;
    const waiting = Promise.resolve(deferred.guard.prepare('A')).then(() => {
      prepared = true;
    });
    await Promise.resolve();
    expect(prepared).toBe(false);
    release();
    await waiting;
    expect(deferred.guard.state()).toMatchObject({ loaded: true, currentContractUid: 'A' });
  });

  it('a visitor outside /auth/ asks for it with ensure()', async () => {
    const { deferred, load, release } = setup(signedOut());
    const ready = deferred.ensure();
    release();
    await ready;
    expect(load).toHaveBeenCalledTimes(1);
    expect(deferred.client()).toBeDefined();
    expect(deferred.store.getState().status).toBe('idle');
  });
});
