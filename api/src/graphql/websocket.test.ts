import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../app.js';
import type { WsConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { authSessions, type User } from '../db/schema.js';
import { DEMO_CONTRACTS, type DemoSeed, OTHER_CONTRACT_UID, seedDemo } from '../db/seed.js';
import { hashToken, SESSION_COOKIE } from '../identity/session.js';
import { gql, WSA_TOKEN } from '../test/graphql.js';
import { captureLogs, type LogLine, openTestDatabase, testConfig } from '../test/helpers.js';
import { Browser } from '../test/identity.js';
import { PERMISSION_DENIED, SIGNATURE_EXPIRED } from './errors.js';
import { originAllowed, SUBSCRIPTION_LIMITS, TOO_MANY_SUBSCRIPTIONS, WS_ENDPOINT } from './websocket.js';

// biome-ignore lint/suspicious/noExplicitAny: results are read freely; their shape is what is asserted.
type Json = any;

const PROTOCOL = 'graphql-transport-ws';
/** Shortened for the tests; the defaults are 10 s and 60 s. */
const INIT_TIMEOUT_MS = 300;
const SESSION_CHECK_MS = 100;

let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
let logs: LogLine[];
let wsUrl: string;
/** The page origin of a portal served from this very address. */
let origin: string;
const clock = {
  offsetMs: 0,
  now: () => Date.now() + clock.offsetMs,
};

const testApp = (logger?: ReturnType<typeof captureLogs>['logger']) =>
  buildApp(testConfig({ PORTAL_DEV_TOOLS: '1' }), {
    database,
    ...(logger ? { logger } : {}),
    identity: { now: clock.now },
    websocket: { connectionInitWaitTimeoutMs: INIT_TIMEOUT_MS, sessionCheckIntervalMs: SESSION_CHECK_MS },
  });

async function listen(instance: FastifyInstance): Promise<number> {
  await instance.listen({ port: 0, host: '127.0.0.1' });
  const address = instance.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  const captured = captureLogs();
  logs = captured.lines;
  app = testApp(captured.logger);
  const port = await listen(app);
  wsUrl = `ws://127.0.0.1:${port}${WS_ENDPOINT}`;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A browser signed in as `user` through a stored session; the session's id for logging it out. */
async function signedIn(user: User, on = app): Promise<{ browser: Browser; sessionId: number }> {
  const browser = new Browser(on);
  const key = randomBytes(32).toString('base64url');
  const [session] = await database.db
    .insert(authSessions)
    .values({
      keyHash: hashToken(key),
      userId: user.id,
      data: { records: [{ method: 'password', at: clock.now() / 1000 }] },
      expiresAt: new Date(clock.now() + 3600_000),
    })
    .returning({ id: authSessions.id });
  browser.jar.set(SESSION_COOKIE, key);
  return { browser, sessionId: session!.id };
}

/** What the portal's client does before every (re)connection: a fresh token over HTTP. */
async function wsaToken(browser: Browser): Promise<string> {
  const answer = await gql(browser, WSA_TOKEN);
  const token = answer.body.data?.getWSAToken;
  if (typeof token !== 'string') throw new Error(JSON.stringify(answer.body));
  return token;
}

/** `ws` as the browser's WebSocket: the browser sends the page's origin with the handshake. */
const socketFrom = (pageOrigin: string) =>
  class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { origin: pageOrigin });
    }
  };

/** The graphql-ws client as the portal runs it, fetching a token per connection. */
function wsClient(token: () => Promise<string>, url = wsUrl, pageOrigin = origin): Client {
  return createClient({
    url,
    webSocketImpl: socketFrom(pageOrigin),
    connectionParams: async () => ({ token: await token() }),
    retryAttempts: 0,
  });
}

const WORKSPACE_CHANGED = /* GraphQL */ `
  subscription Changed($contractUid: String!) {
    workspaceChanged(contractUid: $contractUid) { contractUid unreadMessages balance { amount amountDue currency } }
  }
`;
const NOTIFICATIONS = /* GraphQL */ 'subscription { notifications { type message } }';
const ME_EMAIL = /* GraphQL */ 'query { me { user { email } } }';

const setBalance = (contractUid: string, amount: string) =>
  app.inject({ method: 'POST', url: `/_dev/workspaces/${contractUid}/balance`, payload: { amount } });

/**
 * The first result of `next`, poking (publishing) until it comes: the server subscribes to the
 * pub/sub a moment after the client sent `subscribe`, and an event before that is nobody's.
 */
async function firstEvent<T>(next: Promise<T>, poke: () => Promise<unknown>): Promise<T> {
  let settled = false;
  const result = next.finally(() => {
    settled = true;
  });
  while (!settled) {
    await poke();
    await Promise.race([result.catch(() => undefined), sleep(50)]);
  }
  return result;
}

/** A bare socket, to see what the server does before and around graphql-ws's protocol. */
function rawSocket(options: { origin?: string; path?: string; protocol?: string | null; url?: string } = {}) {
  const url = (options.url ?? wsUrl).replace(WS_ENDPOINT, options.path ?? WS_ENDPOINT);
  const protocols = options.protocol === null ? [] : [options.protocol ?? PROTOCOL];
  const socket = new WebSocket(url, protocols, {
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  });
  const handshake = new Promise<{ status: number } | { error: string } | 'open'>((resolve) => {
    socket.once('open', () => resolve('open'));
    socket.once('unexpected-response', (request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      request.destroy();
    });
    socket.once('error', (error) => resolve({ error: error.message }));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { socket, handshake, closed };
}

describe(`${WS_ENDPOINT} (graphql-transport-ws)`, () => {
  it('delivers a balance change made through the dev endpoint to a subscriber with a good token', async () => {
    const { browser } = await signedIn(seed.demoUser);
    const client = wsClient(() => wsaToken(browser));
    try {
      const events = client.iterate({
        query: WORKSPACE_CHANGED,
        variables: { contractUid: DEMO_CONTRACTS.webshop },
      });
      const first = await firstEvent(events.next(), async () =>
        expect((await setBalance(DEMO_CONTRACTS.webshop, '-30.5')).statusCode).toBe(200),
      );
      expect(first.value).toEqual({
        data: {
          workspaceChanged: {
            contractUid: DEMO_CONTRACTS.webshop,
            unreadMessages: 0,
            balance: { amount: '-30.50', amountDue: '30.50', currency: 'USD' },
          },
        },
      });
      // The subscription stays: the next change arrives too.
      await setBalance(DEMO_CONTRACTS.webshop, '1200.00');
      let next = await events.next();
      while ((next.value as Json).data.workspaceChanged.balance.amount === '-30.50')
        next = await events.next();
      expect((next.value as Json).data.workspaceChanged.balance).toMatchObject({ amount: '1200.00' });
      await events.return?.();
    } finally {
      await client.dispose();
    }
  });

  it("delivers the user's own notifications, and nobody else's", async () => {
    const { browser } = await signedIn(seed.demoUser);
    const client = wsClient(() => wsaToken(browser));
    try {
      const events = client.iterate({ query: NOTIFICATIONS });
      const first = await firstEvent(events.next(), async () => {
        app.graphql.pubsub.publish('notifications', seed.otherUser.id, {
          type: 'error',
          message: 'not yours',
        });
        app.graphql.pubsub.publish('notifications', seed.demoUser.id, { type: 'success', message: 'Paid' });
      });
      expect(first.value).toEqual({ data: { notifications: { type: 'success', message: 'Paid' } } });
      await events.return?.();
    } finally {
      await client.dispose();
    }
  });

  it("answers another user's workspace with the permission error in the subscription", async () => {
    const { browser } = await signedIn(seed.demoUser);
    const client = wsClient(() => wsaToken(browser));
    try {
      const events = client.iterate({
        query: WORKSPACE_CHANGED,
        variables: { contractUid: OTHER_CONTRACT_UID },
      });
      const first = await events.next();
      expect(first.value).toMatchObject({ errors: [{ message: PERMISSION_DENIED }] });
      expect((first.value as Json).errors[0].extensions).toEqual({ code: 'FORBIDDEN' });
      expect((await events.next()).done).toBe(true);
      // An invalid operation: graphql-ws's `error` message, with the validator's words.
      await expect(client.iterate({ query: 'query { nope }' }).next()).rejects.toEqual([
        expect.objectContaining({ message: expect.stringMatching(/Cannot query field "nope"/) }),
      ]);
      // The socket itself stays usable.
      const me = client.iterate({ query: ME_EMAIL });
      expect((await me.next()).value).toEqual({ data: { me: { user: { email: seed.demoUser.email } } } });
    } finally {
      await client.dispose();
    }
  });

  it("closes 4401 'Signature has expired' for an expired token; the client reconnects with a fresh one", async () => {
    const { browser } = await signedIn(seed.demoUser);
    const stale = await wsaToken(browser);
    let tokens = 0;
    const client = wsClient(async () => {
      tokens += 1;
      return tokens === 1 ? stale : wsaToken(browser);
    });
    try {
      clock.offsetMs = 61_000; // past the 60 s lifetime, well within the session's
      try {
        await expect(client.iterate({ query: ME_EMAIL }).next()).rejects.toMatchObject({
          code: 4401,
          reason: SIGNATURE_EXPIRED,
        });
      } finally {
        clock.offsetMs = 0;
      }
      // graphql-ws's client never retries 4401 by itself: the next operation opens a new socket,
      // asking connectionParams (a fresh token) again.
      const me = await client.iterate({ query: ME_EMAIL }).next();
      expect(me.value).toEqual({ data: { me: { user: { email: seed.demoUser.email } } } });
      expect(tokens).toBe(2);
    } finally {
      await client.dispose();
    }
  });

  it("closes 4403 'Forbidden' without a token, and for a tampered or foreign one", async () => {
    const { browser } = await signedIn(seed.demoUser);
    const token = await wsaToken(browser);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: seed.otherUser.id })).toString('base64url');
    for (const params of [
      {},
      { token: '' },
      { token: 'not-a-token' },
      { token: `${header}.${forged}.${signature}` },
    ]) {
      const client = createClient({
        url: wsUrl,
        webSocketImpl: socketFrom(origin),
        connectionParams: params,
        retryAttempts: 0,
      });
      try {
        await expect(client.iterate({ query: ME_EMAIL }).next()).rejects.toMatchObject({
          code: 4403,
          reason: 'Forbidden',
        });
      } finally {
        await client.dispose();
      }
    }
  });

  it('refuses another origin, or none, with 403 before upgrading; other paths get no answer', async () => {
    for (const pageOrigin of [
      'https://evil.example',
      undefined,
      'null',
      // A loopback page on another port than the one the socket connects to.
      'http://127.0.0.1:1',
      origin.replace('http:', 'https:'),
    ]) {
      const { handshake } = rawSocket(pageOrigin === undefined ? {} : { origin: pageOrigin });
      expect(await handshake).toEqual({ status: 403 });
    }
    expect(
      logs.some((line) => line.msg === 'websocket refused: origin' && line.origin === 'https://evil.example'),
    ).toBe(true);
    // The public origin (PORTAL_PUBLIC_URL, http://localhost:8080 here) and the loopback page of
    // this address both pass.
    for (const pageOrigin of ['http://localhost:8080', origin]) {
      const { socket, handshake } = rawSocket({ origin: pageOrigin });
      expect(await handshake).toBe('open');
      socket.close();
    }
    for (const path of ['/ws/other/', '/api/', '/ws/api']) {
      const { handshake } = rawSocket({ origin, path });
      expect(await handshake).toMatchObject({ error: expect.stringMatching(/socket hang up|ECONNRESET/) });
    }
  });

  it('closes 4408 when no connection_init comes in time, and 4406 without graphql-transport-ws', async () => {
    const silent = rawSocket({ origin });
    expect(await silent.handshake).toBe('open');
    expect(silent.socket.protocol).toBe(PROTOCOL);
    const started = Date.now();
    expect(await silent.closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(INIT_TIMEOUT_MS - 50);

    // subscriptions-transport-ws's protocol: the server selects none, which the client refuses.
    expect(await rawSocket({ origin, protocol: 'graphql-ws' }).handshake).toEqual({
      error: 'Server sent no subprotocol',
    });
    const bare = rawSocket({ origin, protocol: null });
    expect(await bare.handshake).toBe('open');
    expect(await bare.closed).toEqual({ code: 4406, reason: 'Subprotocol not acceptable' });
  });

  it("applies yoga's plugins over the socket: an unexpected failure is masked and logged", async () => {
    const { browser } = await signedIn(seed.demoUser);
    const client = wsClient(() => wsaToken(browser));
    await database.db.execute(sql`alter table support_message_reads rename to unread_broken`);
    try {
      const answer = await client.iterate({ query: 'query { me { env { unreadDirectMessages } } }' }).next();
      // As over HTTP: yoga's internal markers (`unexpected`, `http`) stay inside.
      expect(answer.value).toEqual({
        data: { me: null },
        errors: [
          {
            message: 'Unexpected error.',
            path: ['me'],
            locations: [{ line: 1, column: 9 }],
            extensions: { code: 'INTERNAL_SERVER_ERROR' },
          },
        ],
      });
      expect(JSON.stringify(answer.value)).not.toContain('unread');
      expect(
        logs.some(
          (line) =>
            line.msg === 'graphql resolver failed' && /support_message_reads/.test(line.err?.message ?? ''),
        ),
      ).toBe(true);
    } finally {
      await database.db.execute(sql`alter table unread_broken rename to support_message_reads`);
      await client.dispose();
    }
  });

  it("lives on past the token's 60 s while the session lasts; closes 4401 once the session ends", async () => {
    const { browser, sessionId } = await signedIn(seed.demoUser);
    const client = wsClient(() => wsaToken(browser));
    try {
      const events = client.iterate({
        query: WORKSPACE_CHANGED,
        variables: { contractUid: DEMO_CONTRACTS.cabinet },
      });
      await firstEvent(events.next(), () => setBalance(DEMO_CONTRACTS.cabinet, '251.00'));
      clock.offsetMs = 120_000;
      await sleep(SESSION_CHECK_MS * 3);
      await setBalance(DEMO_CONTRACTS.cabinet, '252.00');
      let next = await events.next();
      while ((next.value as Json).data.workspaceChanged.balance.amount !== '252.00')
        next = await events.next();

      // Logged out (the session row goes): the periodic check closes the socket.
      await database.db.delete(authSessions).where(eq(authSessions.id, sessionId));
      await expect(
        (async () => {
          for (;;) await events.next();
        })(),
      ).rejects.toMatchObject({ code: 4401, reason: SIGNATURE_EXPIRED });
    } finally {
      clock.offsetMs = 0;
      await client.dispose();
    }
  });

  it('closes 4401 when the session lapsed before connecting or subscribing', async () => {
    const { browser, sessionId } = await signedIn(seed.demoUser);
    const token = await wsaToken(browser);
    await database.db
      .update(authSessions)
      .set({ expiresAt: new Date(clock.now() - 1000) })
      .where(eq(authSessions.id, sessionId));
    const client = wsClient(async () => token);
    try {
      await expect(client.iterate({ query: ME_EMAIL }).next()).rejects.toMatchObject({
        code: 4401,
        reason: SIGNATURE_EXPIRED,
      });
    } finally {
      await client.dispose();
    }
  });

  it('closes open sockets with 1012 Service Restart when the app closes', async () => {
    const other = testApp();
    const port = await listen(other);
    const { browser } = await signedIn(seed.demoUser, other);
    const url = `ws://127.0.0.1:${port}${WS_ENDPOINT}`;
    const client = wsClient(() => wsaToken(browser), url, `http://127.0.0.1:${port}`);
    let closed: { code: number; reason: string } | undefined;
    client.on('closed', (event) => {
      closed = event as { code: number; reason: string };
    });
    try {
      const events = client.iterate({ query: NOTIFICATIONS });
      await firstEvent(events.next(), async () =>
        other.graphql.pubsub.publish('notifications', seed.demoUser.id, { type: 'info', message: 'hi' }),
      );
      const started = Date.now();
      await other.close();
      // closing does not wait for the clients (a margin for a busy machine, far below any timer)
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(closed).toMatchObject({ code: 1012, reason: 'Service restart' });
      expect(await rawSocket({ url, origin: `http://127.0.0.1:${port}` }).handshake).toMatchObject({
        error: expect.stringMatching(/ECONNREFUSED/),
      });
    } finally {
      await client.dispose();
    }
  });
});

describe('caps', () => {
  it(`refuses operation ${SUBSCRIPTION_LIMITS.perSocket + 1} on one socket; the ${SUBSCRIPTION_LIMITS.perSocket} before it all get the event`, async () => {
    const { browser } = await signedIn(seed.demoUser);
    const client = wsClient(() => wsaToken(browser));
    try {
      const open = Array.from({ length: SUBSCRIPTION_LIMITS.perSocket }, () =>
        client.iterate({ query: WORKSPACE_CHANGED, variables: { contractUid: DEMO_CONTRACTS.partner } }),
      );
      const firsts = open.map((events) => events.next());
      await expect(client.iterate({ query: ME_EMAIL }).next()).rejects.toEqual([
        expect.objectContaining({ message: TOO_MANY_SUBSCRIPTIONS }),
      ]);
      const all = Promise.all(firsts);
      await firstEvent(all, () => setBalance(DEMO_CONTRACTS.partner, '12.00'));
      for (const event of await all)
        expect((event.value as Json).data.workspaceChanged.contractUid).toBe(DEMO_CONTRACTS.partner);
      await Promise.all(open.map((events) => events.return?.()));
    } finally {
      await client.dispose();
    }
  });

  it(`refuses socket ${SUBSCRIPTION_LIMITS.socketsPerUser + 1} of one user with 4429, which the client does not retry`, async () => {
    const { browser } = await signedIn(seed.unverifiedUser);
    const clients = Array.from({ length: SUBSCRIPTION_LIMITS.socketsPerUser + 1 }, () =>
      wsClient(() => wsaToken(browser)),
    );
    try {
      for (const client of clients.slice(0, -1)) {
        const connected = new Promise((resolve) => client.on('connected', resolve));
        void client
          .iterate({ query: NOTIFICATIONS })
          .next()
          .catch(() => undefined);
        await connected;
      }
      await expect(clients.at(-1)!.iterate({ query: NOTIFICATIONS }).next()).rejects.toMatchObject({
        code: 4429,
        reason: 'Too many connections',
      });
    } finally {
      await Promise.all(clients.map((client) => client.dispose()));
    }
  });
});

describe('originAllowed', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
  const production: WsConfig = {
    publicOrigin: 'https://portal.example.com',
    allowLoopbackOrigins: false,
    production: true,
  };
  const development: WsConfig = {
    ...production,
    publicOrigin: 'http://localhost:8080',
    allowLoopbackOrigins: true,
  };

  it('admits only the public origin in production', () => {
    expect(
      originAllowed(request({ origin: 'https://portal.example.com', host: 'api.internal' }), production),
    ).toBe(true);
    for (const origin of [
      'http://portal.example.com',
      'https://portal.example.com:8443',
      'https://evil.example',
      'http://localhost:8080',
      'null',
    ]) {
      expect(originAllowed(request({ origin, host: 'localhost:8080' }), production)).toBe(false);
    }
    expect(originAllowed(request({ host: 'portal.example.com' }), production)).toBe(false);
  });

  it('admits a loopback page on the same host and port outside production', () => {
    expect(
      originAllowed(request({ origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' }), development),
    ).toBe(true);
    // A remote's dev server proxying /ws keeps its own Host and Origin.
    expect(
      originAllowed(request({ origin: 'http://localhost:8082', host: 'localhost:8082' }), development),
    ).toBe(true);
    expect(
      originAllowed(request({ origin: 'http://localhost:8080', host: '127.0.0.1:9999' }), development),
    ).toBe(true);
    // Another port, a rebinding name, or https on loopback: no.
    expect(
      originAllowed(request({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:8080' }), development),
    ).toBe(false);
    expect(
      originAllowed(request({ origin: 'http://evil.example:8080', host: 'evil.example:8080' }), development),
    ).toBe(false);
    expect(
      originAllowed(request({ origin: 'https://localhost:8082', host: 'localhost:8082' }), development),
    ).toBe(false);
  });
});
