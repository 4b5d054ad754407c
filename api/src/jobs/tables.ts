import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What several api processes on one database share besides the domains' own tables (issue 16):
 * the rate-limit counters and the record of periodic job runs. pg-boss keeps its queue in its own
 * schema (`pgboss`), which it creates and migrates itself; drizzle never sees it.
 */

/** allauth's sliding windows: one row per counted hit, `at` in ms of the api's clock. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limit_hits_key_at_idx').on(t.key, t.at)],
);

/** Fixed windows of `/api/`'s flood guard (@fastify/rate-limit's store): one row per key. */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_windows_start_idx').on(t.windowStart)],
);

/** One row per run of a periodic job (which process, which slot): how a cluster test sees "once". */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    process: text('process').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_runs_name_slot_idx').on(t.name, t.slot), index('job_runs_ran_at_idx').on(t.ranAt)],
);
