import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase, queryRows } from '../test/helpers.js';
import { databaseRateLimitStore } from './rate-limit-store.js';

const WINDOW = 60_000;

describe('the flood guard’s count in the database', () => {
  let database: Database;
  let clock: number;
  let store: FastifyRateLimitStore;
  const upserts: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    database.observeStatements((statement) => {
      if (statement.includes('"rate_limit_windows"')) upserts.push(statement);
    });
    clock = 1_000_000;
    const Store = databaseRateLimitStore(database.db, () => clock);
    store = new Store({} as never);
  }, 60_000);
  afterAll(() => database?.close());

  const incr = (key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), WINDOW, 300),
    );

  it('counts requests that arrive together exactly, with fewer statements than requests', async () => {
    upserts.length = 0;
    const counted = await Promise.all(Array.from({ length: 25 }, () => incr('address:10.0.0.1')));
    expect(counted.map((c) => c.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(counted.every((c) => c.ttl === WINDOW)).toBe(true);
    // the first request's upsert, then the 24 that waited for it in one
    expect(upserts).toHaveLength(2);
    const [row] = await queryRows<{ hits: number }>(
      database.db,
      sql`select hits from rate_limit_windows where key = 'address:10.0.0.1'`,
    );
    expect(Number(row!.hits)).toBe(25);
  });

  it('keeps counting in the window, starts again after it, and counts each client apart', async () => {
    clock += 30_000;
    expect(await incr('address:10.0.0.1')).toEqual({ current: 26, ttl: 30_000 });
    expect(await incr('address:10.0.0.2')).toEqual({ current: 1, ttl: WINDOW });
    clock += 30_000;
    const [first, second] = await Promise.all([incr('address:10.0.0.1'), incr('address:10.0.0.1')]);
    expect([first, second]).toEqual([
      { current: 1, ttl: WINDOW },
      { current: 2, ttl: WINDOW },
    ]);
  });
});
