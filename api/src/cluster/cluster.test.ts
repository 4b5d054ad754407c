import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  type Cluster,
  ensureHaproxy,
  ensurePostgres,
  freePort,
  REMOTES,
  ROOT,
  startCluster,
} from '../../../scripts/cluster.mjs';
import { payments as ledgerPayments } from '../billing/tables.js';
import { type Database, openDatabase } from '../db/client.js';
import { DEMO_CONTRACTS } from '../db/demo.js';
import { supportThreads } from '../support/tables.js';

// The scaled deployment, proved (issue 16; `npm test` runs this after the production build, with
// `pnpm --filter @portal/api test:cluster`): Debian's PostgreSQL 15, three api processes of
// api/dist and HAProxy with deploy/haproxy.cfg, all on free loopback ports (scripts/cluster.mjs).
// Where PostgreSQL or HAProxy cannot be had (not root, no apt) it is skipped with the reason printed.

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

const ALLAUTH = '/_allauth/browser/v1';
const DEMO = { email: 'demo@example.com', password: 'Demo-Pass-2026' };

function unavailable(): string | null {
  if (!existsSync(`${ROOT}/api/dist/main.js`))
    return 'api/dist is not built (pnpm --filter @portal/api build)';
  const why = ensurePostgres({ log: (line) => console.log(`[cluster test] ${line}`) });
  if (why) return why;
  return ensureHaproxy({ log: (line) => console.log(`[cluster test] ${line}`) });
}

const skipped = unavailable();
if (skipped) console.warn(`[cluster test] SKIPPED: ${skipped}`);

interface Auth {
  cookie: string;
  csrf: string;
}

/** Signs the demo customer in over HTTP (the session lives in the database: valid on every process). */
async function signIn(url: string): Promise<Auth> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${url}${ALLAUTH}/auth/session`));
  const login = await fetch(`${url}${ALLAUTH}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-csrftoken': jar.get('csrftoken') ?? '',
    },
    body: JSON.stringify(DEMO),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  keep(login);
  return { cookie: cookie(), csrf: jar.get('csrftoken') ?? '' };
}

async function gql(url: string, auth: Auth, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${url}/api/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: auth.cookie, 'x-csrftoken': auth.csrf },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The portal's graphql-ws client (shared/src/graphql): a fresh token per connection, retries on 1006/1012. */
function wsClient(cluster: Cluster, auth: Auth, url: () => string): { client: Client; closes: number[] } {
  const closes: number[] = [];
  const origin = cluster.url;
  const client = createClient({
    url,
    webSocketImpl: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { origin });
      }
    },
    connectionParams: async () => ({
      token: (await gql(cluster.url, auth, '{ getWSAToken }')).body.data.getWSAToken,
    }),
    retryAttempts: 20,
    retryWait: () => sleep(200),
    on: { closed: (event) => closes.push((event as { code: number }).code) },
  });
  return { client, closes };
}

const WORKSPACE_CHANGED =
  'subscription ($c: String!) { workspaceChanged(contractUid: $c) { contractUid balance { amount } } }';

/** Subscribes and collects the balances heard. */
function listen(client: Client, contractUid: string) {
  const amounts: string[] = [];
  let waiting: { amount: string; resolve: () => void } | undefined;
  const dispose = client.subscribe<Json>(
    { query: WORKSPACE_CHANGED, variables: { c: contractUid } },
    {
      next: (event) => {
        const amount = event.data?.workspaceChanged?.balance?.amount;
        if (typeof amount !== 'string') return;
        amounts.push(amount);
        if (waiting && amount === waiting.amount) waiting.resolve();
      },
      error: () => {},
      complete: () => {},
    },
  );
  /** Makes the change (again, until heard: the server subscribes a moment after `subscribe`). */
  const hear = async (amount: string, change: () => Promise<unknown>, timeoutMs = 30_000) => {
    let heard = false;
    const done = new Promise<void>((resolve) => {
      waiting = { amount, resolve };
    }).then(() => {
      heard = true;
    });
    const until = Date.now() + timeoutMs;
    while (!heard) {
      if (Date.now() > until) throw new Error(`balance ${amount} not heard within ${timeoutMs / 1000} s`);
      await change();
      await Promise.race([done, sleep(500)]);
    }
  };
  return { amounts, hear, dispose };
}

const setBalance = (apiUrl: string, contractUid: string, amount: string) =>
  post(`${apiUrl}/_dev/workspaces/${contractUid}/balance`, { amount }).then((r) => {
    if (!r.ok) throw new Error(`balance: ${r.status}`);
  });

describe.skipIf(skipped !== null)(
  `the cluster: PostgreSQL, three api processes, HAProxy${skipped ? ` (SKIPPED: ${skipped})` : ''}`,
  () => {
    let cluster: Cluster;
    let database: Database;
    let auth: Auth;

    beforeAll(async () => {
      const ports = {
        balancer: await freePort(),
        remotes: Object.fromEntries(await Promise.all(REMOTES.map(async (name) => [name, await freePort()]))),
        api: [await freePort(), await freePort(), await freePort()],
      };
      cluster = await startCluster({
        processes: 3,
        ports,
        database: `portal_cluster_test_${randomBytes(4).toString('hex')}`,
        dropDatabase: true,
        nodeEnv: 'test',
        // allauth's own limits (scale 1); charges accrue every second, so their job has slots to count
        env: {
          PORTAL_DEV_TOOLS: '1',
          PORTAL_RATE_LIMIT_SCALE: '1',
          PORTAL_COMPUTE_CHARGE_TICK_S: '1',
          PORTAL_JOBS_POLL_S: '0.5',
          LOG_LEVEL: 'warn',
        },
        drainS: 1,
      });
      database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
      auth = await signIn(cluster.url);
    }, 180_000);

    afterAll(async () => {
      await database?.close();
      await cluster?.stop();
    }, 60_000);

    it('serves the portal through the balancer: the host, /remotes.json, the remotes with their caching', async () => {
      const index = await fetch(`${cluster.url}/workspace`, { headers: { accept: 'text/html' } });
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('<div id="root">');
      const map = (await (await fetch(`${cluster.url}/remotes.json`)).json()) as Record<string, string>;
      expect(map.auth).toBe(`${cluster.url}/remotes/auth/mf-manifest.json`);
      const manifest = await fetch(map.auth!);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      const { metaData } = (await manifest.json()) as Json;
      const entry = `${cluster.url}/remotes/auth/${metaData.remoteEntry.name}`;
      const hashedEntry = await fetch(entry, { headers: { 'accept-encoding': 'br' } });
      expect(hashedEntry.status).toBe(200);
      expect(hashedEntry.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(await fetch(`${cluster.url}/healthz`).then((r) => r.json())).toEqual({ status: 'ok' });
    });

    it('(a) a subscriber connected to process A hears a change made through process B', async () => {
      const [a, b] = cluster.apis;
      const { client } = wsClient(cluster, auth, () => `ws://127.0.0.1:${a!.port}/ws/api/`);
      const heard = listen(client, DEMO_CONTRACTS.cabinet);
      try {
        await heard.hear('321.00', () => setBalance(b!.url, DEMO_CONTRACTS.cabinet, '321.00'));
        expect(heard.amounts).toContain('321.00');
      } finally {
        heard.dispose();
        await client.dispose();
      }
    });

    it('(c) a signed payment webhook delivered twice, to two processes at once, applies once', async () => {
      const [, b, c] = cluster.apis;
      const held = await post(`${b!.url}/_dev/billing/sandbox/deliveries`, { hold: true });
      expect(await held.json()).toEqual({ hold: true, delivered: 0 });
      const started = await gql(
        b!.url,
        auth,
        `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { uid intentId clientSecret amount } }`,
        {
          input: {
            contractUid: DEMO_CONTRACTS.webshop,
            idempotencyKey: `cluster-${randomBytes(4).toString('hex')}`,
            returnUrl: '/workspace/x/billing/invoices',
            topUpAmount: '12.00',
            newCard: true,
          },
        },
      );
      expect(started.body.errors).toBeUndefined();
      const payment = started.body.data.startPayment;
      const confirmed = await post(
        `${b!.url}/sandbox/stripe/v1/payment_intents/${payment.intentId}/confirm`,
        {
          client_secret: payment.clientSecret,
          return_url: '/workspace/x/billing/invoices',
          payment_method_data: {
            type: 'card',
            card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
          },
        },
      );
      expect(((await confirmed.json()) as Json).status).toBe('succeeded');
      const { events } = (await (
        await fetch(`${b!.url}/_dev/billing/sandbox/events?intentId=${payment.intentId}`)
      ).json()) as Json;
      expect(events.map((e: Json) => [e.type, e.delivered])).toEqual([
        ['payment_intent.processing', false],
        ['payment_intent.succeeded', false],
      ]);
      const deliver = (apiUrl: string, event: Json) =>
        post(`${apiUrl}/api/payments/webhook`, event.payload, { 'stripe-signature': event.signature }).then(
          (r) => r.status,
        );
      expect(await deliver(b!.url, events[0])).toBe(200);
      // the provider's retry races the first delivery: one to B, one to C, at the same moment
      expect(await Promise.all([deliver(b!.url, events[1]), deliver(c!.url, events[1])])).toEqual([200, 200]);
      const rows = await database.db
        .select()
        .from(ledgerPayments)
        .where(eq(ledgerPayments.idempotencyKey, payment.intentId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amount: '12.00', currency: 'USD' });
      const after = await gql(
        cluster.url,
        auth,
        `query ($c: String!, $uid: ID!) { payment(contractUid: $c, uid: $uid) { status } }`,
        {
          c: DEMO_CONTRACTS.webshop,
          uid: payment.uid,
        },
      );
      expect(after.body.data.payment.status).toBe('SUCCEEDED');
    });

    it("failed logins spread over the three processes hit allauth's limit at the same count as on one (5 per account)", async () => {
      const failedLogin = async (url: string) => {
        const session = await fetch(`${url}${ALLAUTH}/auth/session`);
        const csrf = /csrftoken=([^;]+)/.exec(session.headers.getSetCookie().join(';'))?.[1] ?? '';
        const answer = await post(
          `${url}${ALLAUTH}/auth/login`,
          { email: 'other@example.com', password: 'not-the-password' },
          { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
        );
        return { status: answer.status, body: (await answer.json()) as Json };
      };
      const codes: string[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const { status, body } = await failedLogin(cluster.apis[attempt % 3]!.url);
        expect(status).toBe(400);
        codes.push(body.errors[0].code);
      }
      // allauth's login_failed: 5 per account in 5 minutes, counted in PostgreSQL by every process
      expect(codes.slice(0, 5).every((code) => code !== 'too_many_login_attempts')).toBe(true);
      expect(codes[5]).toBe('too_many_login_attempts');
    });

    it('a periodic job (charge accrual, every second here) runs once per slot, not once per process', async () => {
      const runsOf = async () =>
        (await (await fetch(`${cluster.apis[0]!.url}/_dev/jobs/runs?name=compute.charges`)).json()) as Json;
      let answer = await runsOf();
      for (let i = 0; i < 120 && answer.runs.length < 6; i += 1) {
        await sleep(500);
        answer = await runsOf();
      }
      expect(answer.engine).toBe('pg-boss');
      expect(answer.runs.length).toBeGreaterThanOrEqual(6);
      const slots = answer.runs.map((run: Json) => run.slot);
      // three processes each keep the timer; each slot still ran on exactly one of them
      expect(new Set(slots).size).toBe(slots.length);
    }, 90_000);

    it('(b) kill -9 of one process during a stream of writes: no acknowledged write lost, the others take over, its subscribers reconnect', async () => {
      const victim = cluster.apis[0]!;
      // a subscriber on the process about to die; it reconnects through the balancer
      let target = `ws://127.0.0.1:${victim.port}/ws/api/`;
      const { client, closes } = wsClient(cluster, auth, () => target);
      const heard = listen(client, DEMO_CONTRACTS.cabinet);
      const acknowledged: string[] = [];
      const failures: string[] = [];
      let sent = 0;
      let killedAt = -1;
      try {
        await heard.hear('400.00', () => setBalance(cluster.apis[1]!.url, DEMO_CONTRACTS.cabinet, '400.00'));
        target = `${cluster.url.replace('http', 'ws')}/ws/api/`;

        // two writers through the balancer: new support threads, each with its own subject
        const WRITES_BEFORE = 20;
        const WRITES_AFTER = 30;
        const writer = async () => {
          for (;;) {
            if (killedAt >= 0 && acknowledged.length >= killedAt + WRITES_AFTER) return;
            const subject = `cluster write ${++sent}`;
            const answer = await gql(
              cluster.url,
              auth,
              'mutation ($input: SendSupportMessageInput!) { sendSupportMessage(input: $input) { uid subject } }',
              { input: { contractUid: DEMO_CONTRACTS.cabinet, subject, body: 'Sent while a process dies.' } },
            ).catch((error: Error) => ({ status: 0, body: { errors: [{ message: error.message }] } }));
            if (
              answer.status === 200 &&
              !answer.body.errors &&
              answer.body.data?.sendSupportMessage?.subject === subject
            )
              acknowledged.push(subject);
            else failures.push(`${subject}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
            if (killedAt < 0 && acknowledged.length >= WRITES_BEFORE) {
              killedAt = acknowledged.length;
              victim.child.kill('SIGKILL');
            }
          }
        };
        await Promise.all([writer(), writer()]);
        expect(
          victim.child.signalCode ?? (await new Promise((r) => victim.child.once('exit', (_c, s) => r(s)))),
        ).toBe('SIGKILL');
        console.log(
          `[cluster test] kill -9 after ${killedAt} acknowledged writes: ${acknowledged.length} acknowledged, ${failures.length} failed`,
        );
        // only what was in flight on the dead process can fail (502 from the balancer); the rest went on
        expect(failures.length, failures.join('\n')).toBeLessThanOrEqual(4);
        expect(acknowledged.length).toBeGreaterThanOrEqual(killedAt + WRITES_AFTER);

        // every write answered 200 is in the database
        const stored = await database.db
          .select({ subject: supportThreads.subject })
          .from(supportThreads)
          .where(inArray(supportThreads.subject, acknowledged));
        expect(new Set(stored.map((row) => row.subject))).toEqual(new Set(acknowledged));

        // the subscriber lost its process (1006), reconnected through the balancer, hears later events
        await heard.hear('401.00', () => setBalance(cluster.apis[2]!.url, DEMO_CONTRACTS.cabinet, '401.00'));
        expect(closes).toContain(1006);
        expect(heard.amounts.slice(-1)).toEqual(['401.00']);

        // and the balancer answers health through the survivors
        expect((await fetch(`${cluster.url}/healthz`)).status).toBe(200);
      } finally {
        heard.dispose();
        await client.dispose();
      }
    }, 120_000);
  },
);
