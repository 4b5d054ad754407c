import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { rateLimitWindows } from '../jobs/tables.js';

/** `hits` requests counted in their client's fixed window, atomically; prepared (a busy path). */
const hit = (db: Db) =>
  prepared(db, 'rate_limit_hit', (d) => {
    const at = sql`${sql.placeholder('at')}::bigint`;
    const hits = sql`${sql.placeholder('hits')}::integer`;
    const ended = sql`${rateLimitWindows.windowStart} + ${sql.placeholder('timeWindow')}::bigint <= ${at}`;
    return d
      .insert(rateLimitWindows)
      .values({ key: sql.placeholder('key'), windowStart: at, hits })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          windowStart: sql`case when ${ended} then ${at} else ${rateLimitWindows.windowStart} end`,
          hits: sql`case when ${ended} then ${hits} else ${rateLimitWindows.hits} + ${hits} end`,
        },
      })
      .returning({ windowStart: rateLimitWindows.windowStart, hits: rateLimitWindows.hits })
      .prepare('rate_limit_hit');
  });

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * `@fastify/rate-limit`'s store in the database (`rate_limit_windows`, `jobs/tables.ts`) instead of
 * each process's memory, so `/api/`'s flood guard counts a client's requests over every api process:
 * its fixed windows (the plugin's own semantics) as one atomic upsert.
 *
 * One upsert per client at a time: the requests of a client that arrive while its upsert runs wait
 * and are counted together by the next one (`hits` = their number), each answered with its own
 * place in the sum. The count stays exact and in the database before any request is let through,
 * but a busy client costs one statement per round trip instead of one per request, and its
 * requests no longer queue on the lock of its one row.
 */
export function databaseRateLimitStore(db: Db, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  let operations = 0;
  /** Per client and window length: the requests waiting for the upsert under way. */
  const waiting = new Map<string, Counted[]>();

  const count = (key: string, timeWindow: number, batch: Counted[]): void => {
    const slot = `${timeWindow} ${key}`;
    const at = now();
    hit(db)
      .execute({ key, at, timeWindow, hits: batch.length })
      .then(async ([row]) => {
        operations += batch.length;
        // now and then, drop the windows that ended long ago (clients seen once)
        if (operations >= 1000) {
          operations = 0;
          await db.execute(
            sql`delete from rate_limit_windows where window_start < ${at - 24 * 3_600_000}::bigint`,
          );
        }
        return { total: Number(row!.hits), ttl: Math.max(0, Number(row!.windowStart) + timeWindow - at) };
      })
      .then(
        ({ total, ttl }) => {
          // the batch's requests in their order of arrival: the last one is the window's count
          for (const [i, callback] of batch.entries())
            callback(null, { current: total - batch.length + 1 + i, ttl });
        },
        (error: unknown) => {
          for (const callback of batch) callback(error as Error);
        },
      )
      .finally(() => {
        const next = waiting.get(slot)!;
        if (next.length === 0) waiting.delete(slot);
        else {
          waiting.set(slot, []);
          count(key, timeWindow, next);
        }
      });
  };

  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: Counted, timeWindow: number): void {
      const slot = `${timeWindow} ${key}`;
      const queue = waiting.get(slot);
      if (queue) queue.push(callback);
      else {
        waiting.set(slot, []);
        count(key, timeWindow, [callback]);
      }
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}

/**
 * The same fixed windows in this process's memory, for PGlite: a PGlite database belongs to one
 * process (its folder is locked, `db/data-dir-lock.ts`; an in-memory one has no folder to share),
 * so this count is the whole count, without a statement on every request. Ended windows are
 * dropped every 1,000 requests (an ended window counts as none), so memory holds the clients of
 * about the last minute.
 */
export function memoryRateLimitStore(now: () => number = Date.now): FastifyRateLimitStoreCtor {
  const windows = new Map<string, { start: number; hits: number; ends: number }>();
  let operations = 0;
  class MemoryStore implements FastifyRateLimitStore {
    incr(key: string, callback: Counted, timeWindow: number): void {
      const at = now();
      operations += 1;
      if (operations % 1000 === 0) {
        for (const [k, w] of windows) if (w.ends <= at) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.start + timeWindow <= at) {
        w = { start: at, hits: 0, ends: at + timeWindow };
        windows.set(key, w);
      }
      w.hits += 1;
      callback(null, { current: w.hits, ttl: Math.max(0, w.start + timeWindow - at) });
    }

    child(): FastifyRateLimitStore {
      return new MemoryStore();
    }
  }
  return MemoryStore;
}

/**
 * One hit counted in the same windows as `POST /api/`'s limit (the store's windows live in its
 * closure or its table, so any instance of the same store counts together): whether `key` is still
 * within `max` for the window.
 */
export function floodCounter(
  Store: FastifyRateLimitStoreCtor,
  timeWindow: number,
): (key: string, max: number) => Promise<boolean> {
  const store = new Store({});
  return (key, max) =>
    new Promise((resolve, reject) => {
      store.incr(
        key,
        (error, result) => (error ? reject(error) : resolve((result?.current ?? 0) <= max)),
        timeWindow,
        max,
      );
    });
}
