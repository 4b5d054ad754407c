import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_MEMORY } from '../config.js';
import { type Database, openDatabase, queryRows } from './client.js';
import { cachedUntilWrite } from './pglite-writes.js';

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

  it('keeps nothing for a database without the count (PostgreSQL, a transaction)', async () => {
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
