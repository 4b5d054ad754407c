import { number, oneOf } from '../config/readers.js';
import { configPart, variable } from '../config/schema.js';

/**
 * The background job queue: pg-boss with `DATABASE_URL` (`engine: 'auto'`), or the in-process queue
 * (`local`: one api process on PostgreSQL, and the api's tests on PostgreSQL, which move the compute
 * clock themselves).
 */
export interface JobsConfig {
  pollS: number;
  engine: 'auto' | 'local';
}

const POLL_S = variable({
  name: 'PORTAL_JOBS_POLL_S',
  description:
    'with `DATABASE_URL`: how often (seconds) an idle pg-boss worker asks for due jobs (see "Several processes")',
  schema: number({ min: 0.5, max: 60, fallback: 2 }),
});

const ENGINE = variable({
  name: 'PORTAL_JOBS_ENGINE',
  description:
    "`auto`: pg-boss with `DATABASE_URL`, the in-process queue with PGlite; `local`: the in-process queue on PostgreSQL too (one api process only; the api's tests on PostgreSQL use it)",
  schema: oneOf(['auto', 'local'] as const, 'auto'),
});

/** The background job queue. */
export const jobsPart = configPart({
  key: 'jobs',
  title: 'background jobs',
  variables: [POLL_S, ENGINE],
  build: (get) => ({ jobs: { pollS: get(POLL_S), engine: get(ENGINE) } satisfies JobsConfig }),
});
