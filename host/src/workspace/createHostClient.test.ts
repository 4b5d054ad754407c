import { identity, PERMISSION_DENIED_MESSAGE } from '@portal/shared';
import { gql } from '@urql/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pipe, subscribe } from 'wonka';
import { NotificationsDocument } from '../gql/graphql';
import { BEFORE_EXPIRY_KEY } from '../session/beforeExpiryPath';
import { createHostClient } from './createHostClient';

const ME = gql`
  query Me {
    me {
      reason
    }
  }
`;

describe('createHostClient: the host’s side of the error handling', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function setup(url: string, body: unknown) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body)),
    );
    const getSession = vi.spyOn(identity, 'getSession').mockResolvedValue({ status: 200 });
    const notify = vi.fn();
    const [pathname = '/', query] = url.split('?');
    const client = createHostClient({
      place: () => ({ pathname, search: query ? `?${query}` : '' }),
      notify,
    });
    return { client, notify, getSession };
  }

  it('a permission error saves the route name and params as beforeExpiryPath and re-checks the session', async () => {
    const { client, notify, getSession } = setup('/workspace/C-1/billing/invoices?page=2', {
      errors: [{ message: PERMISSION_DENIED_MESSAGE }],
    });
    await client.query(ME, {}).toPromise();
    expect(JSON.parse(localStorage.getItem(BEFORE_EXPIRY_KEY)!)).toEqual({
      name: 'Billing',
      params: { contractUid: 'C-1', tab: 'invoices' },
      query: { page: '2' },
    });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('on a route that does not require auth nothing happens', async () => {
    const { client, notify, getSession } = setup('/invitation/k-1', {
      errors: [{ message: 'Signature has expired' }],
    });
    await client.query(ME, {}).toPromise();
    expect(localStorage.getItem(BEFORE_EXPIRY_KEY)).toBeNull();
    expect(getSession).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('other errors are notified on routes that require auth', async () => {
    const { client, notify } = setup('/support', { errors: [{ message: 'Mailbox is full' }] });
    await client.query(ME, {}).toPromise();
    expect(notify).toHaveBeenCalledWith({ type: 'error', message: 'Mailbox is full' });
  });

  it("a network failure is notified as 'Network Error: {detail}' (the common namespace's text)", async () => {
    const { client, notify } = setup('/support', {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await client.query(ME, {}).toPromise();
    expect(notify).toHaveBeenCalledWith({ type: 'error', message: 'Network Error: Failed to fetch' });
  });
});

/** A WebSocket faked at the boundary; the test plays the api. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static sockets: FakeWebSocket[] = [];
  readyState = 0;
  sent: { type: string; id?: string; payload?: unknown }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.sockets.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000, reason = '') {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  reply(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('createHostClient: subscriptions over /ws/api/', () => {
  afterEach(() => {
    FakeWebSocket.sockets = [];
    vi.unstubAllGlobals();
  });

  it('connects with a getWSAToken token fetched through the client, and after 4401 again with a fresh one', async () => {
    let n = 0;
    const fetch = vi.fn(async () => Response.json({ data: { getWSAToken: `jwt-${++n}` } }));
    vi.stubGlobal('fetch', fetch);
    const client = createHostClient({
      place: () => ({ pathname: '/', search: '' }),
      notify: vi.fn(),
      websocket: {
        webSocketImpl: FakeWebSocket,
        location: { protocol: 'https:', host: 'portal.example.com' },
      },
    });
    const messages: unknown[] = [];
    const { unsubscribe } = pipe(
      client.subscription(NotificationsDocument, {}),
      subscribe((r) => messages.push(r.data?.notifications?.message)),
    );
    const socket = async (index: number) => {
      await vi.waitFor(() => expect(FakeWebSocket.sockets).toHaveLength(index + 1));
      const ws = FakeWebSocket.sockets[index]!;
      ws.open();
      await vi.waitFor(() => expect(ws.sent.some((m) => m.type === 'connection_init')).toBe(true));
      ws.reply({ type: 'connection_ack' });
      await vi.waitFor(() => expect(ws.sent.some((m) => m.type === 'subscribe')).toBe(true));
      return ws;
    };
    const first = await socket(0);
    expect(first.url).toBe('wss://portal.example.com/ws/api/');
    expect(first.sent[0]).toEqual({ type: 'connection_init', payload: { token: 'jwt-1' } });
    first.close(4401, 'Signature has expired');
    const second = await socket(1);
    expect(second.sent[0]).toEqual({ type: 'connection_init', payload: { token: 'jwt-2' } });
    const id = second.sent.find((m) => m.type === 'subscribe')!.id;
    second.reply({
      id,
      type: 'next',
      payload: { data: { notifications: { __typename: 'Notification', type: 'info', message: 'Hello' } } },
    });
    await vi.waitFor(() => expect(messages).toEqual(['Hello']));
    expect(fetch).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
