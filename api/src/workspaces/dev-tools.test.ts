import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { authSessions, type User } from '../db/schema.js';
import { DEMO_CONTRACTS, DEMO_USER, type DemoSeed, OTHER_USER, seedDemo } from '../db/seed.js';
import { WS_ENDPOINT } from '../graphql/websocket.js';
import { hashToken, SESSION_COOKIE } from '../identity/session.js';
import { gql, WSA_TOKEN } from '../test/graphql.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { Browser } from '../test/identity.js';
import { MAX_NOTIFICATION_LENGTH, NOTIFICATION_TYPES } from './dev-tools.js';

// biome-ignore lint/suspicious/noExplicitAny: results are read freely; their shape is what is asserted.
type Json = any;

// The dev endpoints of live updates on a real app listening on a port, with real graphql-ws clients
// (as src/graphql/websocket.test.ts): what they store, what subscribers receive, what they refuse.

let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
let wsUrl: string;
let origin: string;

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  app = buildApp(testConfig({ PORTAL_DEV_TOOLS: '1' }), { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  wsUrl = `ws://127.0.0.1:${address.port}${WS_ENDPOINT}`;
  origin = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A browser signed in as `user` through a stored session (no argon2 round trip). */
async function signedIn(user: User): Promise<Browser> {
  const browser = new Browser(app);
  const key = randomBytes(32).toString('base64url');
  await database.db.insert(authSessions).values({
    keyHash: hashToken(key),
    userId: user.id,
    data: { records: [{ method: 'password', at: Date.now() / 1000 }] },
    expiresAt: new Date(Date.now() + 3600_000),
  });
  browser.jar.set(SESSION_COOKIE, key);
  return browser;
}

/** The graphql-ws client as the portal runs it: the page's origin, a fresh WSA token per connection. */
function wsClient(browser: Browser): Client {
  return createClient({
    url: wsUrl,
    webSocketImpl: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { origin });
      }
    },
    connectionParams: async () => {
      const token = (await gql(browser, WSA_TOKEN)).body.data?.getWSAToken;
      if (typeof token !== 'string') throw new Error('no WSA token');
      return { token };
    },
    retryAttempts: 0,
  });
}

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

const NOTIFICATIONS = /* GraphQL */ 'subscription { notifications { type message } }';
const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object });
const notify = (body: Record<string, unknown>) => post('/_dev/users/notify', body);

describe('POST /_dev/users/notify', () => {
  it("publishes a notification to that user's websocket subscribers only", async () => {
    const demo = wsClient(await signedIn(seed.demoUser));
    const other = wsClient(await signedIn(seed.otherUser));
    try {
      const demoEvents = demo.iterate({ query: NOTIFICATIONS });
      const otherEvents = other.iterate({ query: NOTIFICATIONS });
      let answer: Json;
      const first = await firstEvent(demoEvents.next(), async () => {
        // The address as typed, in any case: the user's normalised e-mail is looked up.
        answer = await notify({
          email: ` ${DEMO_USER.email.toUpperCase()} `,
          type: 'success',
          message: 'Paid',
        });
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ email: DEMO_USER.email, type: 'success', message: 'Paid' });
      expect(first.value).toEqual({ data: { notifications: { type: 'success', message: 'Paid' } } });

      // The other user's first event is their own, never demo's.
      const otherFirst = await firstEvent(otherEvents.next(), () =>
        notify({ email: OTHER_USER.email, type: 'warning', message: 'For other' }),
      );
      expect(otherFirst.value).toEqual({
        data: { notifications: { type: 'warning', message: 'For other' } },
      });

      // Every type of the schema goes through.
      for (const type of NOTIFICATION_TYPES) {
        expect((await notify({ email: DEMO_USER.email, type, message: `a ${type}` })).statusCode).toBe(200);
        let next = await demoEvents.next();
        while ((next.value as Json).data.notifications.message !== `a ${type}`)
          next = await demoEvents.next();
        expect(next.value).toEqual({ data: { notifications: { type, message: `a ${type}` } } });
      }
      await demoEvents.return?.();
      await otherEvents.return?.();
    } finally {
      await demo.dispose();
      await other.dispose();
    }
  });

  it('answers 400 naming every bad field, 404 for an unknown user', async () => {
    const good = { email: DEMO_USER.email, type: 'info', message: 'Hello' };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...good, type: 'danger' }, ['type must be one of info, success, warning, error']],
      [{ ...good, type: 'INFO' }, ['type must be one of info, success, warning, error']],
      [{ ...good, type: undefined }, ['type must be one of info, success, warning, error']],
      [
        { ...good, message: '' },
        [`message must be a non-empty string of at most ${MAX_NOTIFICATION_LENGTH} characters`],
      ],
      [
        { ...good, message: '   ' },
        [`message must be a non-empty string of at most ${MAX_NOTIFICATION_LENGTH} characters`],
      ],
      [
        { ...good, message: 42 },
        [`message must be a non-empty string of at most ${MAX_NOTIFICATION_LENGTH} characters`],
      ],
      [
        { ...good, message: 'x'.repeat(MAX_NOTIFICATION_LENGTH + 1) },
        [`message must be a non-empty string of at most ${MAX_NOTIFICATION_LENGTH} characters`],
      ],
      [{ ...good, email: 'demo' }, ['email must be an e-mail address']],
      [{ ...good, email: 7 }, ['email must be an e-mail address']],
      [
        {},
        [
          'email must be an e-mail address',
          'type must be one of info, success, warning, error',
          `message must be a non-empty string of at most ${MAX_NOTIFICATION_LENGTH} characters`,
        ],
      ],
    ];
    for (const [body, problems] of cases) {
      const answer = await notify(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toEqual({ error: problems.join('; ') });
    }
    expect((await notify({ ...good, message: 'x'.repeat(MAX_NOTIFICATION_LENGTH) })).statusCode).toBe(200);
    const unknown = await notify({ ...good, email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'no user with this email' });
  });
});

describe('without PORTAL_DEV_TOOLS', () => {
  it('neither endpoint exists', async () => {
    const plain = buildApp(testConfig({ PORTAL_DEV_TOOLS: '0' }), { database });
    try {
      const balance = await plain.inject({
        method: 'POST',
        url: `/_dev/workspaces/${DEMO_CONTRACTS.cabinet}/balance`,
        payload: { amount: '1.00' },
      });
      expect(balance.statusCode).toBe(404);
      const notified = await plain.inject({
        method: 'POST',
        url: '/_dev/users/notify',
        payload: { email: DEMO_USER.email, type: 'info', message: 'hi' },
      });
      expect(notified.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
