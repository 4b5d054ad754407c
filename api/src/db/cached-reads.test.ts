import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGLITE_MEMORY } from '../config.js';
import { EVENTS_CHANNEL, PgEventTarget } from '../graphql/pg-event-target.js';
import { testPostgres } from '../test/postgres.js';
import { cachedUntilWrite, forgetCachedReads } from './cached-reads.js';
import { type Database, openDatabase, queryRows } from './client.js';

describe('PGlite: reads kept in memory until the next write', () => {
  let database: Database;
  let loads = 0;
  /** The count of `counted`'s rows, through the cache, counting the loads. */
  const countRows = () =>
    cachedUntilWrite(database.db, 'rows', async () => {
      loads += 1;
      const [row] = await queryRows<{ n: number; list: number[] }>(
        database.db,
        sql`select count(*)::int as n, coalesce(array_agg(id order by id), '{}') as list from counted`,
      );
      return row!;
    });
  /** Loads the next `countRows` makes (0: it answered from memory). */
  const loadsOf = async (call: () => Promise<unknown>) => {
    const before = loads;
    await call();
    return loads - before;
  };

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: PGLITE_MEMORY });
    await database.db.execute(sql`create table counted (id integer primary key)`);
  });

  afterAll(async () => {
    await database.close();
  });

  it('answers from memory while only reads happen, a copy each time', async () => {
    await countRows();
    expect(await loadsOf(countRows)).toBe(0);
    await database.db.execute(sql`select 1`);
    const answer = await countRows();
    expect(loads).toBeGreaterThan(0);
    expect(await loadsOf(countRows)).toBe(0);
    answer.list.push(99);
    expect((await countRows()).list).toEqual([]);
  });

  it('reads again after a statement that writes, a failed one and a transaction', async () => {
    await database.db.execute(sql`insert into counted values (1)`);
    expect(await countRows()).toEqual({ n: 1, list: [1] });
    await expect(database.db.execute(sql`insert into counted values (1)`)).rejects.toThrow();
    expect(await loadsOf(countRows)).toBe(1);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into counted values (2)`);
    });
    expect(await countRows()).toEqual({ n: 2, list: [1, 2] });
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(await loadsOf(countRows)).toBe(1);
    expect(await loadsOf(countRows)).toBe(0);
  });

  it('does not keep a read that a write ended during', async () => {
    await database.db.execute(sql`delete from counted`);
    const stale = await cachedUntilWrite(database.db, 'rows', async () => {
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from counted`);
      await database.db.execute(sql`insert into counted values (3)`);
      return { n: row!.n, list: [] };
    });
    expect(stale.n).toBe(0);
    expect(await countRows()).toEqual({ n: 1, list: [3] });
  });

  it('keeps nothing for a database without the count, or in a transaction', async () => {
    let calls = 0;
    const load = async () => ++calls;
    await cachedUntilWrite({}, 'k', load);
    await cachedUntilWrite({}, 'k', load);
    await database.db.transaction(async (tx) => {
      await cachedUntilWrite(tx, 'k', load);
      await cachedUntilWrite(tx, 'k', load);
    });
    expect(calls).toBe(4);
  });
});

// Two api processes on one PostgreSQL: each keeps the session lookups between writes, and hears the
// other's commits to the tables read that way (`auth_sessions`, `users`) through their triggers'
// notifications (drizzle/0018_cached_reads_notify.sql).
const postgres = testPostgres();
const unavailable = 'unavailable' in postgres ? postgres.unavailable : null;

describe.skipIf(unavailable !== null)(
  `PostgreSQL: reads kept until a write of this process or another's${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let a: Database;
    let b: Database;
    let loads = 0;
    /** Patient enough for a loaded machine: a notification or a reconnection within 25 s. */
    const until = async (check: () => Promise<boolean>) => {
      for (const started = performance.now(); performance.now() - started < 25_000; )
        if (await check()) return;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('not within 25 s');
    };
    const countUsers = () =>
      cachedUntilWrite(a.db, 'users', async () => {
        loads += 1;
        const [row] = await queryRows<{ n: number }>(a.db, sql`select count(*)::int as n from users`);
        return row!.n;
      });
    /** Loads the next `countUsers` makes (0: it answered from memory). */
    const loadsOf = async () => {
      const before = loads;
      await countUsers();
      return loads - before;
    };
    /** Whether the count is kept now (read once, then answered from memory). */
    const kept = async () => {
      await countUsers();
      return (await loadsOf()) === 0;
    };

    beforeAll(async () => {
      if (!('url' in postgres)) return;
      // the clock stands still: a kept read cannot expire (its 5 s limit) while a test waits
      vi.useFakeTimers({ toFake: ['Date'] });
      a = await openDatabase({ kind: 'postgres', url: postgres.url });
      await a.migrate();
      b = await openDatabase({ kind: 'postgres', url: postgres.url });
    }, 120_000);

    afterAll(async () => {
      vi.useRealTimers();
      await a?.close();
      await b?.close();
      if ('drop' in postgres) postgres.drop();
    });

    it('answers from memory while only reads happen, and reads again after this process’s write', async () => {
      await until(kept);
      await a.db.execute(sql`update users set first_name = first_name where false`);
      // at once, and once: the notification of this process's own commit is not counted again
      expect(await loadsOf()).toBe(1);
      await b.db.execute(sql`select pg_sleep(0.3)`);
      expect(await loadsOf()).toBe(0);
    });

    it('reads again once another process has changed a table kept here, not for other tables', async () => {
      await until(kept);
      const before = await countUsers();
      await b.db.execute(sql`update rate_limit_windows set hits = hits where false`);
      await b.db.execute(sql`select pg_sleep(0.3)`);
      expect(await loadsOf()).toBe(0);
      await b.db.execute(sql`insert into users (email) values ('kept@example.com')`);
      // the clock stands still: only the notification can drop the kept count
      await until(async () => (await countUsers()) === before + 1);
    });

    it('reads again once a subscription event of another process is heard, before its listeners', async () => {
      const heardBy = new PgEventTarget(
        a.url!,
        async () => {},
        pino({ level: 'silent' }),
        () => forgetCachedReads(a.db),
      );
      try {
        await heardBy.ready;
        await until(kept);
        const loadsWhenHeard: number[] = [];
        heardBy.addEventListener('workspaceChanged', () => loadsWhenHeard.push(loads));
        const before = loads;
        // an event alone (pg_notify is a select: no table changed, no table notification)
        await b.db.execute(
          sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ topic: 'workspaceChanged', detail: {} })})`,
        );
        await until(async () => loadsWhenHeard.length === 1);
        // the clock stands still: only the event dropped it, and before its listener ran
        expect(await loadsOf()).toBe(1);
        expect(loadsWhenHeard).toEqual([before]);
      } finally {
        await heardBy.close();
      }
    });

    it('keeps nothing while its LISTEN connection is lost, and keeps again once it is back', async () => {
      await until(kept);
      await b.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where query = 'LISTEN portal_cached_tables' and datname = current_database()`);
      await until(async () => (await loadsOf()) === 1 && (await loadsOf()) === 1);
      await until(kept);
    });
  },
);
