import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { inject } from 'vitest';
import { type Config, type Env, loadConfig, PGLITE_MEMORY } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { createLogger } from '../logger.js';
import { testPostgres } from './postgres.js';

/**
 * A migrated in-memory PGlite: open one per test file, in `beforeAll` (it takes seconds). With
 * `PORTAL_TEST_POSTGRES=1` (`npm test`'s run of the api tests on PostgreSQL, `api/README.md`): a new
 * database of PostgreSQL 15 instead, migrated, and dropped when it is closed.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.PORTAL_TEST_POSTGRES === '1') return openPostgresTestDatabase();
  // the run's migrated template when Vitest's global set-up made one (`pglite-template.ts`)
  const template = inject('pgliteTemplate');
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: PGLITE_MEMORY,
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  });
  await database.migrate();
  return database;
}

async function openPostgresTestDatabase(): Promise<Database> {
  const server = testPostgres({ fresh: true });
  if ('unavailable' in server) throw new Error(`PORTAL_TEST_POSTGRES=1, but ${server.unavailable}`);
  const database = await openDatabase({ kind: 'postgres', url: server.url });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    server.drop();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    kind: database.kind,
    db: database.db,
    url: database.url,
    ...(database.countersDb ? { countersDb: database.countersDb } : {}),
    migrate: () => database.migrate(),
    ping: () => database.ping(),
    observeStatements: (listener) => database.observeStatements(listener),
    close: () => {
      closing ??= database.close().then(() => server.drop());
      return closing;
    },
  };
}

export { queryRows } from '../db/client.js';

/** The configuration `main` would load from this environment, with an in-memory database. */
/**
 * The api's configuration for a test. Background work runs in process on the compute scheduler the
 * test moves, also when the test's database is PostgreSQL (`PORTAL_TEST_POSTGRES=1`); the tests of
 * several processes ask for pg-boss (`PORTAL_JOBS_ENGINE: 'auto'` with `DATABASE_URL`).
 */
export function testConfig(env: Env = {}): Config {
  return loadConfig({ PGLITE_DIR: PGLITE_MEMORY, PORTAL_JOBS_ENGINE: 'local', ...env });
}

export interface LogLine {
  level: number;
  msg: string;
  err?: { message: string };
  [key: string]: unknown;
}

/** A real pino logger whose JSON lines land in `lines`, so tests can assert what an operator sees. */
export function captureLogs(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (line) lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  return { logger: createLogger({ logLevel: 'info', nodeEnv: 'test' }, stream), lines };
}
