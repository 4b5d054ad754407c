import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Scheduler } from '../compute/scheduler.js';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { PgBossJobQueue } from './pg-boss-queue.js';
import { type JobQueue, LocalJobQueue } from './queue.js';

export type { JobQueue } from './queue.js';

/**
 * pg-boss on PostgreSQL (`DATABASE_URL`), the in-process queue on PGlite's one process or when
 * asked for (`PORTAL_JOBS_ENGINE=local`: one process only).
 */
export function createJobQueue(
  database: Database,
  scheduler: Scheduler,
  log: FastifyBaseLogger,
  options: { pollS: number; engine: 'auto' | 'local' },
): JobQueue {
  return database.url !== undefined && options.engine === 'auto'
    ? new PgBossJobQueue(database.url, database.db, scheduler, log, options)
    : new LocalJobQueue(scheduler, log);
}

/**
 * `GET /_dev/jobs/runs?name=compute.charges` (dev tools only): the recorded runs of a periodic job
 * over every process, oldest first, `[{slot, process, ranAt}]`, so a test counts that each slot ran
 * once. Recorded with pg-boss only (with PGlite there is one process: the list is empty).
 */
export function registerDevJobTools(app: FastifyInstance, database: Database, jobs: JobQueue): void {
  app.get('/_dev/jobs/runs', async (request, reply) => {
    const name = (request.query as { name?: unknown }).name;
    if (typeof name !== 'string' || name === '') return reply.code(400).send({ error: 'name is required' });
    const rows = await queryRows<{ slot: string | number; process: string; ran_at: Date | string }>(
      database.db,
      sql`select slot, process, ran_at from job_runs where name = ${name} order by ran_at, id`,
    );
    return {
      name,
      engine: jobs.kind,
      process: jobs.process,
      runs: rows.map((r) => ({
        slot: Number(r.slot),
        process: r.process,
        ranAt: new Date(r.ran_at).toISOString(),
      })),
    };
  });
}
