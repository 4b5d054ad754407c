import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { rateLimitWindows } from '../jobs/tables.js';

/** One request counted in its client's fixed window, atomically; prepared (it runs on every request). */
const hit = (db: Db) =>
  prepared(db, 'rate_limit_hit', (d) => {
    const at = sql`${sql.placeholder('at')}::bigint`;
    const ended = sql`${rateLimitWindows.windowStart} + ${sql.placeholder('timeWindow')}::bigint <= ${at}`;
    return d
      .insert(rateLimitWindows)
      .values({ key: sql.placeholder('key'), windowStart: at, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          windowStart: sql`case when ${ended} then ${at} else ${rateLimitWindows.windowStart} end`,
          hits: sql`case when ${ended} then 1 else ${rateLimitWindows.hits} + 1 end`,
        },
      })
      .returning({ windowStart: rateLimitWindows.windowStart, hits: rateLimitWindows.hits })
      .prepare('rate_limit_hit');
  });

/**
 * `@fastify/rate-limit`'s store in the database (`rate_limit_windows`, `jobs/tables.ts`) instead of
 * each process's memory, so `/api/`'s flood guard counts a client's requests over every api process:
 * its fixed windows (the plugin's own semantics) as one atomic upsert per request.
 */
export function databaseRateLimitStore(db: Db, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  let operations = 0;
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const at = now();
      hit(db)
        .execute({ key, at, timeWindow })
        .then(async ([row]) => {
          operations += 1;
          // now and then, drop the windows that ended long ago (clients seen once)
          if (operations % 1000 === 0)
            await db.execute(
              sql`delete from rate_limit_windows where window_start < ${at - 24 * 3_600_000}::bigint`,
            );
          const start = Number(row!.windowStart);
          callback(null, { current: Number(row!.hits), ttl: Math.max(0, start + timeWindow - at) });
        })
        .catch((error: unknown) => callback(error as Error));
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
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
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
