import type { WorkspaceState } from '@portal/shared';
import { IDLE_WORKSPACES } from '@portal/shared/graphql';
import type { Client, OperationResult } from '@urql/core';
import { describe, expect, it, vi } from 'vitest';
import { makeSubject, onEnd, type Subject } from 'wonka';
import { workspace } from '../test/fakeWorkspaceClient';
import { createWorkspaceLiveUpdates } from './workspaceLiveUpdates';

/** A client faked at the boundary: every subscription is a subject the test pushes results into. */
function fakeClient() {
  const open: { name: string; variables: unknown; subject: Subject<OperationResult>; active: boolean }[] = [];
  const subscription = vi.fn(
    (document: { definitions: { name?: { value: string } }[] }, variables: unknown) => {
      const subject = makeSubject<OperationResult>();
      const entry = { name: document.definitions[0]?.name?.value ?? '', variables, subject, active: true };
      open.push(entry);
      return onEnd(() => {
        entry.active = false;
      })(subject.source);
    },
  );
  const active = () => open.filter((o) => o.active).map((o) => [o.name, o.variables]);
  return { client: { subscription } as unknown as Pick<Client, 'subscription'>, open, active };
}

function state(contractUid: string | null): WorkspaceState {
  const current = contractUid ? { ...workspace(contractUid), activeEmployeeUid: null, logo: '' } : null;
  return {
    ...IDLE_WORKSPACES,
    status: 'loaded',
    current,
    workspaces: current ? [current] : [],
  } as WorkspaceState;
}

function setup() {
  let client = fakeClient();
  let signedIn = true;
  let workspaces = state('C-1');
  const notify = vi.fn();
  const live = createWorkspaceLiveUpdates({
    client: () => client.client,
    workspaces: () => workspaces,
    signedIn: () => signedIn,
    notify,
  });
  return {
    live,
    notify,
    get fake() {
      return client;
    },
    newClient: () => (client = fakeClient()),
    signOut: () => (signedIn = false),
    select: (uid: string | null) => (workspaces = state(uid)),
  };
}

describe('createWorkspaceLiveUpdates', () => {
  it('signed in: notifications and workspaceChanged of the current workspace', () => {
    const t = setup();
    t.live.sync();
    expect(t.fake.active()).toEqual([
      ['Notifications', {}],
      ['MeChanged', {}],
      ['WorkspaceChanged', { contractUid: 'C-1' }],
    ]);
    // syncing again without a change subscribes nothing more
    t.live.sync();
    expect(t.fake.open).toHaveLength(3);
  });

  it('a notification goes to notify with its type and message', () => {
    const t = setup();
    t.live.sync();
    t.fake.open[0]!.subject.next({
      data: { notifications: { __typename: 'Notification', type: 'warning', message: 'Card expires soon' } },
    } as unknown as OperationResult);
    expect(t.notify).toHaveBeenCalledWith({ type: 'warning', message: 'Card expires soon' });
  });

  it('a result without data (an error, handled by the client) notifies nothing here', () => {
    const t = setup();
    t.live.sync();
    t.fake.open[0]!.subject.next({ data: undefined } as unknown as OperationResult);
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('switching workspace moves workspaceChanged to the new contractUid; notifications stay', () => {
    const t = setup();
    t.live.sync();
    t.select('C-2');
    t.live.sync();
    expect(t.fake.active()).toEqual([
      ['Notifications', {}],
      ['MeChanged', {}],
      ['WorkspaceChanged', { contractUid: 'C-2' }],
    ]);
    t.select(null);
    t.live.sync();
    expect(t.fake.active()).toEqual([
      ['Notifications', {}],
      ['MeChanged', {}],
    ]);
  });

  it('a new client (another user) subscribes again on it and ends the old one’s', () => {
    const t = setup();
    t.live.sync();
    const old = t.fake;
    t.newClient();
    t.live.sync();
    expect(old.active()).toEqual([]);
    expect(t.fake.active()).toHaveLength(3);
  });

  it('signed out or disposed: nothing stays subscribed', () => {
    const t = setup();
    t.live.sync();
    t.signOut();
    t.live.sync();
    expect(t.fake.active()).toEqual([]);
    const u = setup();
    u.live.sync();
    u.live.dispose();
    expect(u.fake.active()).toEqual([]);
  });
});
