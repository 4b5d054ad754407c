import { CombinedError, type Operation, type OperationResult } from '@urql/core';
import { describe, expect, it, vi } from 'vitest';
import { fromValue, makeSubject, never } from 'wonka';
import type { WorkspaceClient } from '../workspace/workspaceStore';
import { createMeStore, type PortalMe } from './meStore';
import { featureFlagsOf, preferencesOf } from './userSettings';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function me(user: Partial<PortalMe['user']> = {}, profiles: string[] = []): PortalMe {
  return {
    reason: null,
    user: {
      email: 'ada@example.com',
      phone: '',
      firstName: 'Ada',
      lastName: 'Lovelace',
      timezone: 'Asia/Tokyo',
      dateFormat: 'DD.MM.YYYY',
      timeFormat: '12h',
      language: null,
      totp2faEnabled: false,
      hasUsablePassword: true,
      isBusiness: false,
      ...user,
    },
    env: { profiles, currentExternalIp: '192.0.2.1', unreadDirectMessages: 0 },
  };
}

const answer = (operation: Operation, value: PortalMe, stale = false): OperationResult => ({
  operation,
  data: { me: value },
  stale,
  hasNext: false,
});

function clientOf(executeQuery: (operation: Operation) => unknown) {
  return { executeQuery: vi.fn(executeQuery) } as unknown as WorkspaceClient & {
    executeQuery: ReturnType<typeof vi.fn>;
  };
}

describe('preferencesOf', () => {
  it("takes the user's timezone, date format and time format", () => {
    expect(preferencesOf(me())).toEqual({
      timezone: 'Asia/Tokyo',
      dateFormat: 'DD.MM.YYYY',
      timeFormat: '12h',
    });
  });

  it('without a user: the browser timezone, YYYY-MM-DD and 24h', () => {
    expect(preferencesOf(null)).toEqual({
      timezone: browserZone,
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
    });
  });

  it('without a user in German: DD.MM.YYYY; a chosen format stays', () => {
    expect(preferencesOf(null, 'de').dateFormat).toBe('DD.MM.YYYY');
    expect(preferencesOf(me({ dateFormat: 'YYYY-MM-DD' }), 'de').dateFormat).toBe('YYYY-MM-DD');
  });

  it('an unknown zone or format falls back part by part', () => {
    expect(
      preferencesOf(me({ timezone: 'Mars/Olympus', dateFormat: 'DD/MM/YY', timeFormat: '24h' })),
    ).toEqual({
      timezone: browserZone,
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
    });
    expect(preferencesOf(me({ timeFormat: 'military' })).timeFormat).toBe('24h');
  });
});

describe('featureFlagsOf', () => {
  it('turns each profile into a flag that is on', () => {
    expect(featureFlagsOf(me({}, ['beta', 'gpu']))).toEqual({ beta: true, gpu: true });
  });

  it('no user or no profiles: every flag off', () => {
    expect(featureFlagsOf(null)).toEqual({});
    expect(featureFlagsOf(me())).toEqual({});
  });
});

describe('meStore', () => {
  it('starts idle, loads the user with cache-and-network and settles', async () => {
    const client = clientOf((operation) => fromValue(answer(operation, me())));
    const store = createMeStore({ client: () => client });
    expect(store.getState()).toEqual({ status: 'idle', me: null });
    const loading = store.load();
    expect(store.whenSettled()).toBe(loading);
    await loading;
    expect(store.getState()).toEqual({ status: 'loaded', me: me() });
    expect(client.executeQuery.mock.calls[0]?.[1]).toEqual({ requestPolicy: 'cache-and-network' });
    expect(store.whenSettled()).toBeUndefined();
  });

  it('a failed first load is an error, and the load still settles', async () => {
    const client = clientOf((operation) =>
      fromValue({
        operation,
        error: new CombinedError({ networkError: new Error('offline') }),
        stale: false,
        hasNext: false,
      }),
    );
    const store = createMeStore({ client: () => client });
    await store.load();
    expect(store.getState()).toEqual({ status: 'error', me: null });
  });

  it('keeps watching: a changed user from the cache (a saved preference) replaces it', async () => {
    const subject = makeSubject<OperationResult>();
    let op: Operation | undefined;
    const client = clientOf((operation) => {
      op = operation;
      return subject.source;
    });
    const store = createMeStore({ client: () => client });
    const listener = vi.fn();
    store.subscribe(listener);
    const loading = store.load();
    subject.next(answer(op!, me(), true)); // a stale cache answer does not settle
    expect(store.getState().status).toBe('loaded');
    expect(store.whenSettled()).toBe(loading);
    subject.next(answer(op!, me()));
    await loading;
    subject.next(answer(op!, me({ timezone: 'Europe/Paris' })));
    expect(store.getState().me?.user.timezone).toBe('Europe/Paris');
    // loading, the stale answer, the fresh one, the change
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('clear forgets the user and ignores a late answer of the old load', () => {
    const subject = makeSubject<OperationResult>();
    let op: Operation | undefined;
    const store = createMeStore({
      client: () =>
        clientOf((operation) => {
          op = operation;
          return subject.source;
        }),
    });
    void store.load();
    store.clear();
    subject.next(answer(op!, me()));
    expect(store.getState()).toEqual({ status: 'idle', me: null });
    expect(store.whenSettled()).toBeUndefined();
  });

  it('a load that never answers stays loading', () => {
    const store = createMeStore({ client: () => clientOf(() => never) });
    void store.load();
    expect(store.getState().status).toBe('loading');
    expect(store.whenSettled()).toBeInstanceOf(Promise);
  });
});
