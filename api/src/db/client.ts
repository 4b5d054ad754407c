import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { type DatabaseConfig, PGLITE_MEMORY } from '../config.js';
import { countPoolWrites, countWrites } from './cached-reads.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { namedStatements } from './pglite-statements.js';
import * as schema from './schema.js';

/** The generated SQL migrations; `src/db` and `dist/db` sit at the same depth below the package. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** What both drivers have in common: code above this module never knows which one it talks to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly kind: DatabaseConfig['kind'];
  readonly db: Db;
  /** PostgreSQL's connection string (its own connections: the events' LISTEN); none for PGlite. */
  readonly url?: string;
  /**
   * PostgreSQL only: a pool of two connections whose commits do not wait for the WAL flush
   * (`synchronous_commit = off`), for counters a crash may lose the last instant of (the flood
   * guard's windows, `graphql/rate-limit-store.ts`). Never for anything else.
   */
  readonly countersDb?: Db;
  /** Applies pending migrations from MIGRATIONS_FOLDER. */
  migrate(): Promise<void>;
  /** Resolves once the database answers `select 1`. */
  ping(): Promise<void>;
  /** Closes the pool or PGlite (flushing its files) and releases the data folder. Idempotent. */
  close(): Promise<void>;
  /**
   * Calls `listener` with the SQL of every statement sent from now on (drizzle's logger), until the
   * returned function is called: the tests count the statements of a request with it.
   */
  observeStatements(listener: (sql: string) => void): () => void;
}

/** Drizzle's logger, passing each statement to the listeners of `observeStatements`. */
function statementObservers() {
  const listeners = new Set<(sql: string) => void>();
  return {
    logger: {
      logQuery(query: string) {
        for (const listener of listeners) listener(query);
      },
    },
    observeStatements(listener: (sql: string) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export async function openDatabase(config: DatabaseConfig, logger?: Logger): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url, logger) : openPglite(config);
}

function onceOnly(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= fn();
    return closing;
  };
}

async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

async function openPglite({
  dataDir,
  loadDataDir,
}: Extract<DatabaseConfig, { kind: 'pglite' }>): Promise<Database> {
  const inMemory = dataDir === PGLITE_MEMORY;
  let releaseLock = async () => {};
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = await acquireDataDirLock(dataDir);
  }
  let client: PGlite;
  try {
    client = await (inMemory ? PGlite.create(loadDataDir ? { loadDataDir } : {}) : PGlite.create(dataDir));
  } catch (error) {
    await releaseLock();
    throw error;
  }
  // PGlite is one session: this setting holds for all its statements (see SESSION_SETTINGS)
  await client.exec('set plan_cache_mode = force_generic_plan');
  namedStatements(client);
  countWrites(client);
  const observers = statementObservers();
  const db = drizzlePglite({ client, schema, logger: observers.logger });
  return {
    kind: 'pglite',
    db,
    observeStatements: observers.observeStatements,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => ping(db),
    close: onceOnly(async () => {
      try {
        await client.close();
      } finally {
        await releaseLock();
      }
    }),
  };
}

/**
 * Every connection's settings.
 * - No JIT: the portal's statements are short, and PostgreSQL's estimate of the workspace load (its
 *   correlated subqueries times every workspace) passes jit_above_cost once the tables have
 *   statistics, which made each load compile for about a second (measured: 0.9-1.3 s instead of
 *   2 ms).
 * - Generic plans for the prepared statements: PostgreSQL otherwise plans the workspace load anew on
 *   each execution (its generic estimate looks dearer than the custom ones), about 0.7 ms of its
 *   1.3-1.9 ms. Every prepared statement here looks rows up by key, where one plan suits all.
 */
const SESSION_SETTINGS = ['jit=off', 'plan_cache_mode=force_generic_plan'];

async function openPostgres(url: string, logger?: Logger): Promise<Database> {
  const pool = newPool(url, SESSION_SETTINGS, logger);
  // The flood guard's counters: commits that do not wait for the WAL flush. Its upsert of one row
  // per session (or address) held that row's lock through the flush, so one browser's requests
  // queued behind each other's fsync (measured with pgbench, 10 clients: 6.3 ms a count, 1,600 a
  // second, against 0.8 ms with no flush wait). A crash may lose the last fraction of a second of
  // counts, which only lets a client a few requests more; nothing else goes through this pool.
  const countersPool = newPool(url, [...SESSION_SETTINGS, 'synchronous_commit=off'], logger, 2);
  // the session lookups kept in memory between writes (`cached-reads.ts`): this pool's writes and
  // the notifications of the other processes' count
  const writes = countPoolWrites(pool, url, logger);
  await writes.ready;
  const observers = statementObservers();
  const db = drizzlePg({ client: pool, schema, logger: observers.logger });
  return {
    kind: 'postgres',
    db,
    countersDb: drizzlePg({ client: countersPool, schema, logger: observers.logger }),
    observeStatements: observers.observeStatements,
    url,
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => ping(db),
    close: onceOnly(async () => {
      await Promise.all([writes.close(), pool.end(), countersPool.end()]);
    }),
  };
}

function newPool(url: string, settings: string[], logger: Logger | undefined, max?: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: 5_000,
    // settings of the session, sent with the connection's startup message
    options: settings.map((setting) => `-c ${setting}`).join(' '),
    ...(max === undefined ? {} : { max }),
  });
  // An idle client that loses its server emits here; unhandled, it would crash the process.
  pool.on('error', (err) => logger?.error({ err }, 'postgres: idle client error'));
  return pool;
}

/** Raw SQL rows; both drivers answer `execute` with `{ rows }`, which the common Db type cannot say. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
