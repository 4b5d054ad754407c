import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type Database, openDatabase } from '../db/client.js';
import { DEMO_CONTRACTS, seedDemo } from '../db/seed.js';
import { testConfig } from '../test/helpers.js';
import { testPostgres } from '../test/postgres.js';

// Issue 16: two api processes on one PostgreSQL hear each other's events (LISTEN/NOTIFY), so a
// subscriber of process A gets the change a request to process B made, once.
const postgres = testPostgres();
const unavailable = 'unavailable' in postgres ? postgres.unavailable : null;

describe.skipIf(unavailable !== null)(
  `events across api processes on PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let databases: Database[] = [];
    let a: FastifyInstance;
    let b: FastifyInstance;

    beforeAll(async () => {
      if (!('url' in postgres)) return;
      const config = testConfig({ DATABASE_URL: postgres.url, PORTAL_DEV_TOOLS: '1' });
      if (config.database.kind !== 'postgres') throw new Error('DATABASE_URL was not taken');
      databases = [await openDatabase(config.database), await openDatabase(config.database)];
      await databases[0]!.migrate();
      await seedDemo(databases[0]!.db);
      [a, b] = databases.map((database) => buildApp(config, { database })) as [
        FastifyInstance,
        FastifyInstance,
      ];
      await Promise.all([a.ready(), b.ready()]);
    }, 120_000);

    afterAll(async () => {
      await a?.close();
      await b?.close();
      for (const database of databases) await database.close();
      if ('drop' in postgres) postgres.drop();
    });

    it("a subscriber of process A gets the balance change a request to B made, once; B's own too", async () => {
      const onA = a.graphql.pubsub
        .subscribe('workspaceChanged', DEMO_CONTRACTS.webshop)
        [Symbol.asyncIterator]();
      const onB = b.graphql.pubsub
        .subscribe('workspaceChanged', DEMO_CONTRACTS.webshop)
        [Symbol.asyncIterator]();
      const first = onA.next();
      const firstOnB = onB.next();
      // the listeners are registered at once (the Repeater starts on the first next()); LISTEN is up since ready
      const changed = await b.inject({
        method: 'POST',
        url: `/_dev/workspaces/${DEMO_CONTRACTS.webshop}/balance`,
        payload: { amount: '77.00' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await first).value).toEqual({ contractUid: DEMO_CONTRACTS.webshop });
      expect((await firstOnB).value).toEqual({ contractUid: DEMO_CONTRACTS.webshop });

      // exactly once: the next event A sees is the next change, not a copy of the first
      const second = onA.next();
      await a.inject({
        method: 'POST',
        url: `/_dev/workspaces/${DEMO_CONTRACTS.partner}/balance`,
        payload: { amount: '1.00' },
      });
      await b.inject({
        method: 'POST',
        url: `/_dev/workspaces/${DEMO_CONTRACTS.webshop}/balance`,
        payload: { amount: '78.00' },
      });
      expect((await second).value).toEqual({ contractUid: DEMO_CONTRACTS.webshop });
      await onA.return?.();
      await onB.return?.();
    });
  },
);
