import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { paymentAttempts } from '../billing/payments/tables.js';
import { signPayload } from '../billing/payments/webhook-signature.js';
import { payments as ledgerPayments } from '../billing/tables.js';
import { seedCatalog } from '../compute/seed.js';
import { computeInstances } from '../compute/tables.js';
import { type Database, openDatabase } from '../db/client.js';
import { users, workspaces } from '../db/schema.js';
import { DEMO_CONTRACTS, DEMO_PASSWORD, DEMO_USER, seedDemo } from '../db/seed.js';
import { API_RATE_LIMITED, API_RATE_LIMITS } from '../graphql/plugin.js';
import { MESSAGES } from '../identity/messages.js';
import { gql } from '../test/graphql.js';
import { testConfig } from '../test/helpers.js';
import { Browser, signedInBrowser } from '../test/identity.js';
import { testPostgres } from '../test/postgres.js';
import type { PgBossJobQueue } from './pg-boss-queue.js';
import { slotJobId } from './queue.js';

// Issue 16: several api processes on one PostgreSQL share the rate limits and run background work
// once (pg-boss). Two (or three) apps on one database stand for the processes. PostgreSQL starts
// once for the file; no test sleeps: each waits for the event it needs, with a generous timeout.
const postgres = testPostgres();
const unavailable = 'unavailable' in postgres ? postgres.unavailable : null;
const WAIT = { timeout: 30_000, interval: 100 };
const WEBHOOK_SECRET = 'whsec_cluster_jobs_test';
const START_PAYMENT = `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { uid intentId } }`;

describe.skipIf(unavailable !== null)(
  `several api processes on one PostgreSQL: rate limits and jobs${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    const databases: Database[] = [];
    let config: ReturnType<typeof testConfig>;
    let a: FastifyInstance;
    let b: FastifyInstance;

    const openApp = async () => {
      const database = await openDatabase(config.database);
      databases.push(database);
      const app = buildApp(config, { database });
      await app.ready();
      return app;
    };

    beforeAll(async () => {
      if (!('url' in postgres)) return;
      config = testConfig({
        DATABASE_URL: postgres.url,
        PORTAL_JOBS_ENGINE: 'auto', // pg-boss: two processes

        PORTAL_DEV_TOOLS: '1',
        PORTAL_JOBS_POLL_S: '0.5',
        PORTAL_COMPUTE_SIM_SPEED: '4', // a deployment takes 2 s
        PAYMENTS_SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      });
      if (config.database.kind !== 'postgres') throw new Error('DATABASE_URL was not taken');
      const first = await openDatabase(config.database);
      await first.migrate();
      await seedCatalog(first.db);
      await seedDemo(first.db);
      await first.close();
      [a, b] = await Promise.all([openApp(), openApp()]);
    }, 120_000);

    afterAll(async () => {
      await a?.close();
      await b?.close();
      for (const database of databases) await database.close();
      if ('drop' in postgres) postgres.drop();
    });

    it('failed logins spread over both processes hit allauth’s login_failed limit at the same count as on one', async () => {
      const email = 'victim@example.com';
      const [onA, onB] = [new Browser(a, '10.9.0.1'), new Browser(b, '10.9.0.2')];
      // 5/5m per account: five failures, alternating processes and addresses
      for (let i = 0; i < 5; i++) {
        const answer = await (i % 2 ? onB : onA).login(email, 'Wrong-Pass-1');
        expect(answer.body.errors[0].code).toBe('email_password_mismatch');
      }
      for (const browser of [onA, onB]) {
        const limited = await browser.login(email, 'Wrong-Pass-1');
        expect(limited.status).toBe(400);
        expect(limited.body.errors).toEqual([
          { code: 'too_many_login_attempts', message: MESSAGES.too_many_login_attempts },
        ]);
      }
      // 10/m per address: one address spraying accounts over both processes is stopped at the 11th
      const [sprayA, sprayB] = [new Browser(a, '10.9.0.3'), new Browser(b, '10.9.0.3')];
      for (let i = 0; i < 10; i++) {
        const answer = await (i % 2 ? sprayB : sprayA).login(`spray${i}@example.com`, 'Wrong-Pass-1');
        expect(answer.body.errors[0].code).toBe('email_password_mismatch');
      }
      expect((await sprayA.login('spray-last@example.com', 'Wrong-Pass-1')).body.errors[0].code).toBe(
        'too_many_login_attempts',
      );
    });

    it('/api/’s flood guard counts one address over both processes', async () => {
      const post = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/',
          remoteAddress: '10.9.1.1',
          payload: { query: '{ __typename }' },
        });
      const answers = await Promise.all(
        Array.from({ length: API_RATE_LIMITS.address }, (_, i) => post(i % 2 ? b : a)),
      );
      // refused for want of a CSRF token, but counted
      expect(answers.every((answer) => answer.statusCode === 403)).toBe(true);
      for (const app of [a, b]) {
        const limited = await post(app);
        expect(limited.statusCode).toBe(429);
        expect(limited.json().message).toBe(API_RATE_LIMITED);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it('a sign-out through one process ends the session on the other, which had read it', async () => {
      const onA = new Browser(a, '10.9.2.1');
      expect((await onA.login(DEMO_USER.email, DEMO_PASSWORD)).status).toBe(200);
      // the same browser's next request goes to the other process (no sticky sessions)
      const onB = new Browser(b, onA.ip);
      for (const [name, value] of onA.jar) onB.jar.set(name, value);
      const session = async (browser: Browser) => (await browser.api('GET', '/auth/session')).status;
      // read twice on B: B keeps the lookup in memory between writes (db/cached-reads.ts)
      expect(await session(onB)).toBe(200);
      expect(await session(onB)).toBe(200);
      expect((await onA.api('DELETE', '/auth/session')).status).toBe(401);
      // B hears of A's commit through PostgreSQL's notification (at the latest, a kept read ends after 5 s)
      await vi.waitFor(async () => expect(await session(onB)).toBe(401), WAIT);
    });

    it('a periodic job’s slot runs once, whichever processes queue it', async () => {
      const ran: string[] = [];
      for (const app of [a, b])
        await app.jobs.every('test.tick', { intervalMs: 3_600_000 }, async ({ slot }) => {
          ran.push(`${app.jobs.process} ${slot}`);
        });
      // what each process's timer does when the slot falls due: both queue it, one insert counts
      const queued = await Promise.all([a.jobs.trigger('test.tick', 7), b.jobs.trigger('test.tick', 7)]);
      expect(queued.filter(Boolean)).toHaveLength(1);
      const boss = (a.jobs as PgBossJobQueue).boss;
      await vi.waitFor(async () => {
        expect((await boss.getJobById('test.tick', slotJobId('test.tick', 7)))?.state).toBe('completed');
      }, WAIT);
      // once it ran, the slot is done for every process
      expect(await b.jobs.trigger('test.tick', 7)).toBe(false);
      expect(ran).toHaveLength(1);
      expect(ran[0]).toMatch(/ 7$/);
      const runs = await b.inject({ method: 'GET', url: '/_dev/jobs/runs?name=test.tick' });
      expect(runs.json()).toMatchObject({ name: 'test.tick', engine: 'pg-boss', runs: [{ slot: 7 }] });
      expect(runs.json().runs).toHaveLength(1);
    });

    it('a job whose handler throws is retried and then succeeds', async () => {
      let attempts = 0;
      let succeeded!: () => void;
      const done = new Promise<void>((resolve) => {
        succeeded = resolve;
      });
      for (const app of [a, b])
        await app.jobs.define(
          'test.flaky',
          async () => {
            attempts += 1;
            if (attempts === 1) throw new Error('SMTP 421 try again later');
            succeeded();
          },
          { retryLimit: 2, retryDelayS: 0 },
        );
      await a.jobs.send('test.flaky', { to: 'a@example.com' });
      await vi.waitFor(() => done, WAIT);
      expect(attempts).toBe(2);
    });

    it('a deferred job queued by a process that then stops runs on another', async () => {
      const c = await openApp();
      const ranOn: string[] = [];
      let ran!: () => void;
      const done = new Promise<void>((resolve) => {
        ran = resolve;
      });
      // only b works this queue (c would be a process that is gone by then, whatever the load)
      await b.jobs.define<{ id: string }>('test.later', async ({ id }) => {
        ranOn.push(`${b.jobs.process} ${id}`);
        ran();
      });
      await c.jobs.send('test.later', { id: 'invoice-mail' }, { afterMs: 1_000 });
      await c.close();
      await vi.waitFor(() => done, WAIT);
      expect(ranOn).toEqual([`${b.jobs.process} invoice-mail`]);
    });

    it('a payment webhook whose application fails in its request is queued (200) and applied once by the queue', async () => {
      const db = databases[0]!.db;
      const [user] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
      const demo = await signedInBrowser(a, db, user!);
      const started = await gql(demo, START_PAYMENT, {
        input: {
          contractUid: DEMO_CONTRACTS.cabinet,
          idempotencyKey: `cluster-webhook-${Date.now()}`,
          returnUrl: '/workspace/x/billing/invoices',
          topUpAmount: '13.00',
          newCard: true,
        },
      });
      expect(started.body.errors).toBeUndefined();
      const intentId: string = started.body.data.startPayment.intentId;
      const event = JSON.stringify({
        id: `evt_cluster_${intentId}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: intentId,
            object: 'payment_intent',
            status: 'succeeded',
            amount: 1300,
            currency: 'eur',
          },
        },
      });
      // the database fails a's first try: the event must not be lost, nor applied twice
      const failOnce = vi
        .spyOn(a.graphql.payments, 'handleEvent')
        .mockRejectedValueOnce(new Error('connection terminated unexpectedly'));
      const answer = await a.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)),
        },
        payload: event,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(failOnce).toHaveBeenCalledTimes(1);
      const settled = () =>
        db.select().from(ledgerPayments).where(eq(ledgerPayments.idempotencyKey, intentId));
      await vi.waitFor(async () => expect(await settled()).toHaveLength(1), WAIT);
      failOnce.mockRestore();
      const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, intentId));
      expect(attempt?.status).toBe('SUCCEEDED');
      expect(await settled()).toHaveLength(1);
    });

    it('a deployment started by a process that then stops still finishes (its step is a job)', async () => {
      const c = await openApp();
      const db = databases[0]!.db;
      const [workspace] = await db
        .select()
        .from(workspaces)
        .where(eq(workspaces.contractUid, DEMO_CONTRACTS.webshop));
      const row = await c.graphql.compute.create(
        { id: workspace!.id, contractUid: workspace!.contractUid, currency: workspace!.currency },
        {
          name: 'cluster-web-1',
          imageUid: 'ubuntu-24-04',
          locationUid: 'fra1',
          planUid: 's-2vcpu-4gb',
          rootPassword: null,
        },
      );
      expect(row.status).toBe('INSTALLING');
      await c.close();
      await vi.waitFor(async () => {
        const [now] = await db.select().from(computeInstances).where(eq(computeInstances.id, row.id));
        expect(now?.status).toBe('ACTIVE');
      }, WAIT);
    });
  },
);
