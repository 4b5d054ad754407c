import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { authSessions } from '../db/schema.js';
import { type DemoSeed, seedDemo } from '../db/seed.js';
import { WS_ENDPOINT } from '../graphql/websocket.js';
import { hashToken, SESSION_COOKIE } from '../identity/session.js';
import { gql, WSA_TOKEN } from '../test/graphql.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { Browser } from '../test/identity.js';
import { drainAndClose } from './drain.js';

// Two api processes of one deployment on one database (as behind the balancer): A is drained while
// a client is subscribed and a request is in flight; the client reconnects to B.

let database: Database;
let seed: DemoSeed;

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
});

afterAll(async () => {
  await database?.close();
});

const testApp = () => buildApp(testConfig({ PORTAL_DEV_TOOLS: '1' }), { database });

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `127.0.0.1:${address.port}`;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function signedInBrowser(app: FastifyInstance): Promise<Browser> {
  const browser = new Browser(app);
  const key = randomBytes(32).toString('base64url');
  await database.db.insert(authSessions).values({
    keyHash: hashToken(key),
    userId: seed.demoUser.id,
    data: { records: [{ method: 'password', at: Date.now() / 1000 }] },
    expiresAt: new Date(Date.now() + 3600_000),
  });
  browser.jar.set(SESSION_COOKIE, key);
  return browser;
}

const NOTIFICATIONS = /* GraphQL */ 'subscription { notifications { type message } }';

describe('drainAndClose (SIGTERM behind a load balancer)', () => {
  it('fails /healthz with "draining", closes websockets with 1012, finishes requests in flight; clients reconnect elsewhere', async () => {
    const a = testApp();
    const b = testApp();
    const release = deferred();
    const arrived = deferred();
    a.get('/_test/slow', async () => {
      arrived.resolve();
      await release.promise;
      return { finished: true };
    });
    const hostA = await listen(a);
    const hostB = await listen(b);
    const browser = await signedInBrowser(b);
    let target = hostA;
    const closes: { code: number; reason: string }[] = [];
    const client = createClient({
      url: () => `ws://${target}${WS_ENDPOINT}`,
      webSocketImpl: class extends WebSocket {
        constructor(address: string | URL, protocols?: string | string[]) {
          super(address, protocols, { origin: `http://${target}` });
        }
      },
      connectionParams: async () => ({ token: (await gql(browser, WSA_TOKEN)).body.data.getWSAToken }),
      retryAttempts: 5,
      retryWait: async () => {},
      on: { closed: (event) => closes.push(event as { code: number; reason: string }) },
    });
    const received: string[] = [];
    const gotEvent: { next?: () => void } = {};
    const connected = deferred();
    client.on('connected', () => connected.resolve());
    const unsubscribe = client.subscribe<{ notifications: { message: string } }>(
      { query: NOTIFICATIONS },
      {
        next: (result) => {
          received.push(result.data?.notifications.message ?? '');
          gotEvent.next?.();
        },
        error: () => {},
        complete: () => {},
      },
    );
    try {
      await connected.promise;
      expect(b.drain.draining).toBe(false);
      expect((await fetch(`http://${hostA}/healthz`)).status).toBe(200);

      // a request in flight on A when the shutdown begins
      const slow = fetch(`http://${hostA}/_test/slow`).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
      await arrived.promise;

      const drainWait = deferred();
      const drained = deferred();
      const closing = drainAndClose(a, {
        drainMs: 3_000,
        graceMs: 60_000,
        wait: () => {
          drained.resolve();
          return drainWait.promise;
        },
      });
      await drained.promise;
      // 1. the balancer's probe sees the process leave; it still serves what reaches it
      const health = await fetch(`http://${hostA}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'draining' });
      expect(health.headers.get('cache-control')).toBe('no-store');
      expect((await fetch(`http://${hostA}/remotes.json`)).status).toBe(200);
      expect(closes).toEqual([]);

      // 2. the drain ends: the sockets get 1012, the listener closes, the request in flight finishes
      target = hostB;
      const reconnected = deferred();
      client.on('connected', () => reconnected.resolve());
      drainWait.resolve();
      await reconnected.promise;
      expect(closes[0]).toMatchObject({ code: 1012, reason: 'Service restart' });
      await expect(fetch(`http://${hostA}/healthz`)).rejects.toThrow();
      release.resolve();
      expect(await slow).toEqual({ status: 200, body: { finished: true } });
      await closing;
      expect(a.server.listening).toBe(false);

      // 3. the client resubscribed on B and gets its events (published until the subscription is in)
      let got = false;
      const event = new Promise<void>((resolve) => {
        gotEvent.next = resolve;
      }).then(() => {
        got = true;
      });
      while (!got) {
        await b.graphql.pubsub.publish('notifications', seed.demoUser.id, { type: 'info', message: 'on B' });
        await Promise.race([event, sleep(50)]);
      }
      expect(received[0]).toBe('on B');
    } finally {
      unsubscribe();
      await client.dispose();
      release.resolve();
      await a.close();
      await b.close();
    }
  });

  it('cuts off what still runs after the grace, so shutdown is bounded', async () => {
    const app = testApp();
    app.get('/_test/hang', () => new Promise(() => {}));
    const host = await listen(app);
    const hanging = fetch(`http://${host}/_test/hang`).then(
      () => 'answered',
      () => 'cut off',
    );
    // the request is in (the route awaits forever) before the shutdown begins
    await new Promise<void>((resolve) => app.server.once('request', () => setImmediate(resolve)));
    let cutOff = false;
    await drainAndClose(app, { drainMs: 0, graceMs: 200, onCutOff: () => (cutOff = true) });
    expect(cutOff).toBe(true);
    expect(await hanging).toBe('cut off');
  });
});
