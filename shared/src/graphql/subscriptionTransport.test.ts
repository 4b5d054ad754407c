import { gql } from '@urql/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pipe, subscribe } from 'wonka';
import { createPortalClient } from './createPortalClient';
import {
  createSubscriptionTransport,
  fetchWsaToken,
  type SubscriptionTransportOptions,
  websocketUrl,
} from './subscriptionTransport';

/** A WebSocket faked at the boundary: the test plays the server through `serverSend` and `serverClose`. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static sockets: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocol: string,
  ) {
    FakeWebSocket.sockets.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000, reason = '') {
    this.serverClose(code, reason);
  }
  // the server's side
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }
  serverSend(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  serverClose(code: number, reason: string) {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code, reason, wasClean: code !== 1006 });
  }
  of(type: string) {
    return this.sent.filter((m) => m.type === type);
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const latest = () => FakeWebSocket.sockets.at(-1)!;

/** Opens the latest socket and acknowledges its `connection_init`; answers the init's token. */
async function accept(): Promise<unknown> {
  const socket = latest();
  socket.open();
  await flush();
  const init = socket.of('connection_init')[0];
  socket.serverSend({ type: 'connection_ack' });
  await flush();
  return (init?.payload as { token?: string } | undefined)?.token;
}

const WORKSPACE_CHANGED = gql`
  subscription WorkspaceChanged($contractUid: String!) {
    workspaceChanged(contractUid: $contractUid) {
      contractUid
      unreadMessages
    }
  }
`;

function setup(overrides: Partial<SubscriptionTransportOptions> = {}) {
  let n = 0;
  const fetchToken = vi.fn(async () => `token-${++n}`);
  const transport = createSubscriptionTransport({
    fetchToken,
    webSocketImpl: FakeWebSocket,
    retryWait: async () => {},
    location: { protocol: 'http:', host: 'portal.test:8080' },
    ...overrides,
  });
  const sink = { next: vi.fn(), error: vi.fn(), complete: vi.fn() };
  const start = (variables = { contractUid: 'C-1' }) =>
    transport
      .forwardSubscription(
        { query: 'subscription { x }', variables, operationName: undefined, extensions: undefined },
        undefined as never,
      )
      .subscribe(sink);
  return { transport, fetchToken, sink, start };
}

describe('websocketUrl', () => {
  it('is ws: on http and wss: on https, on the page’s host', () => {
    expect(websocketUrl('/ws/api/', { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/ws/api/',
    );
    expect(websocketUrl('/ws/api/', { protocol: 'https:', host: 'portal.example.com' })).toBe(
      'wss://portal.example.com/ws/api/',
    );
    expect(websocketUrl('wss://other.example/ws/', { protocol: 'http:', host: 'x' })).toBe(
      'wss://other.example/ws/',
    );
  });
});

describe('createSubscriptionTransport', () => {
  afterEach(() => {
    FakeWebSocket.sockets = [];
  });

  it('is lazy: no socket before the first subscription', async () => {
    const { start } = setup();
    await flush();
    expect(FakeWebSocket.sockets).toHaveLength(0);
    start();
    await flush();
    expect(FakeWebSocket.sockets).toHaveLength(1);
  });

  it('connects to the absolute URL with graphql-transport-ws and a fresh token in connection_init', async () => {
    const { start, sink, fetchToken } = setup();
    start();
    await flush();
    expect(latest().url).toBe('ws://portal.test:8080/ws/api/');
    expect(latest().protocol).toBe('graphql-transport-ws');
    expect(await accept()).toBe('token-1');
    expect(fetchToken).toHaveBeenCalledTimes(1);
    const [subscribeMessage] = latest().of('subscribe');
    expect(subscribeMessage).toMatchObject({
      payload: { query: 'subscription { x }', variables: { contractUid: 'C-1' } },
    });
    latest().serverSend({ id: subscribeMessage!.id, type: 'next', payload: { data: { x: 1 } } });
    expect(sink.next).toHaveBeenCalledWith({ data: { x: 1 } });
  });

  it('closes the socket after the last subscription ends', async () => {
    const { start } = setup();
    const subscription = start();
    await flush();
    await accept();
    subscription.unsubscribe();
    await flush();
    expect(latest().of('complete')).toHaveLength(1);
    expect(latest().readyState).toBe(FakeWebSocket.CLOSED);
  });

  it('reconnects with backoff after a network drop, with a fresh token, and subscribes again', async () => {
    const retryWait = vi.fn(async () => {});
    const { start, sink, fetchToken } = setup({ retryWait });
    start();
    await flush();
    await accept();
    latest().serverClose(1006, '');
    await flush();
    expect(retryWait).toHaveBeenCalledWith(0);
    expect(FakeWebSocket.sockets).toHaveLength(2);
    expect(await accept()).toBe('token-2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(latest().of('subscribe')).toHaveLength(1);
    expect(sink.error).not.toHaveBeenCalled();
  });

  it('never retries 4403 Forbidden: the subscription fails with the reason', async () => {
    const { start, sink } = setup();
    start();
    await flush();
    latest().open();
    await flush();
    latest().serverClose(4403, 'Forbidden');
    await flush();
    await flush();
    expect(FakeWebSocket.sockets).toHaveLength(1);
    expect(sink.error).toHaveBeenCalledWith(new Error('Forbidden'));
  });

  it('on 4401 Signature has expired (fatal to graphql-ws) subscribes again on a new socket with a fresh token', async () => {
    const { start, sink, fetchToken } = setup();
    start();
    await flush();
    await accept();
    latest().serverClose(4401, 'Signature has expired');
    await flush();
    await flush();
    expect(FakeWebSocket.sockets).toHaveLength(2);
    expect(await accept()).toBe('token-2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
    const [again] = latest().of('subscribe');
    expect(again).toBeDefined();
    latest().serverSend({ id: again!.id, type: 'next', payload: { data: { x: 2 } } });
    expect(sink.next).toHaveBeenCalledWith({ data: { x: 2 } });
    expect(sink.error).not.toHaveBeenCalled();
  });

  it('re-subscribes all active operations after 4401, on one socket', async () => {
    const { transport } = setup();
    const sinks = [1, 2].map(() => ({ next: vi.fn(), error: vi.fn(), complete: vi.fn() }));
    for (const [i, sink] of sinks.entries())
      transport
        .forwardSubscription(
          {
            query: `subscription { s${i} }`,
            operationName: undefined,
            variables: undefined,
            extensions: undefined,
          },
          undefined as never,
        )
        .subscribe(sink);
    await flush();
    await accept();
    expect(latest().of('subscribe')).toHaveLength(2);
    latest().serverClose(4401, 'Signature has expired');
    await flush();
    await flush();
    expect(FakeWebSocket.sockets).toHaveLength(2);
    await accept();
    expect(
      latest()
        .of('subscribe')
        .map((m) => (m.payload as { query: string }).query),
    ).toEqual(['subscription { s0 }', 'subscription { s1 }']);
    for (const sink of sinks) expect(sink.error).not.toHaveBeenCalled();
  });

  it('gives up after repeated 4401 without any event in between', async () => {
    const { start, sink } = setup();
    start();
    for (let i = 0; i < 4; i++) {
      await flush();
      await accept();
      latest().serverClose(4401, 'Signature has expired');
      await flush();
    }
    await flush();
    expect(FakeWebSocket.sockets).toHaveLength(4);
    expect(sink.error).toHaveBeenCalledWith(new Error('Signature has expired'));
  });

  it('when no token can be fetched (the session ended) the subscription ends quietly', async () => {
    const { start, sink } = setup({
      fetchToken: async () => Promise.reject(new Error('You do not have permission')),
    });
    start();
    await flush();
    latest().open();
    await flush();
    await flush();
    expect(sink.error).not.toHaveBeenCalled();
    expect(sink.complete).toHaveBeenCalled();
    expect(FakeWebSocket.sockets).toHaveLength(1);
  });
});

describe('fetchWsaToken and the urql client', () => {
  it('asks getWSAToken over HTTP, never from the cache', async () => {
    let n = 0;
    const fetch = vi.fn(async () => Response.json({ data: { getWSAToken: `jwt-${++n}` } }));
    const client = createPortalClient({
      currentRouteRequiresAuth: () => true,
      saveBeforeExpiryPath: vi.fn(),
      checkSession: vi.fn(),
      notify: vi.fn(),
      fetch: fetch as typeof globalThis.fetch,
    });
    expect(await fetchWsaToken(client)).toBe('jwt-1');
    expect(await fetchWsaToken(client)).toBe('jwt-2');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('rejects when the api answers an error, which the client has handled (session re-check)', async () => {
    const checkSession = vi.fn();
    const client = createPortalClient({
      currentRouteRequiresAuth: () => true,
      saveBeforeExpiryPath: vi.fn(),
      checkSession,
      notify: vi.fn(),
      fetch: (async () =>
        Response.json({
          data: { getWSAToken: null },
          errors: [{ message: 'Signature has expired' }],
        })) as typeof fetch,
    });
    await expect(fetchWsaToken(client)).rejects.toThrow('Signature has expired');
    expect(checkSession).toHaveBeenCalledTimes(1);
  });

  it('an urql subscription goes over the socket with a token fetched through the same client', async () => {
    const fetch = vi.fn(async () => Response.json({ data: { getWSAToken: 'jwt-1' } }));
    let client: ReturnType<typeof createPortalClient> | undefined;
    const transport = createSubscriptionTransport({
      fetchToken: () => fetchWsaToken(client!),
      webSocketImpl: FakeWebSocket,
      location: { protocol: 'https:', host: 'portal.example.com' },
    });
    client = createPortalClient({
      currentRouteRequiresAuth: () => true,
      saveBeforeExpiryPath: vi.fn(),
      checkSession: vi.fn(),
      notify: vi.fn(),
      fetch: fetch as typeof globalThis.fetch,
      forwardSubscription: transport.forwardSubscription,
    });
    const results: unknown[] = [];
    const { unsubscribe } = pipe(
      client.subscription(WORKSPACE_CHANGED, { contractUid: 'C-1' }),
      subscribe((r) => results.push(r.data)),
    );
    await flush();
    expect(latest().url).toBe('wss://portal.example.com/ws/api/');
    latest().open();
    await vi.waitFor(() => expect(latest().of('connection_init')).toHaveLength(1));
    expect(latest().of('connection_init')[0]).toMatchObject({ payload: { token: 'jwt-1' } });
    latest().serverSend({ type: 'connection_ack' });
    await vi.waitFor(() => expect(latest().of('subscribe')).toHaveLength(1));
    const id = latest().of('subscribe')[0]!.id;
    latest().serverSend({
      id,
      type: 'next',
      payload: {
        data: { workspaceChanged: { __typename: 'Workspace', contractUid: 'C-1', unreadMessages: 3 } },
      },
    });
    await vi.waitFor(() => expect(results).toHaveLength(1));
    expect(results[0]).toMatchObject({ workspaceChanged: { contractUid: 'C-1', unreadMessages: 3 } });
    unsubscribe();
    transport.dispose();
  });
});
