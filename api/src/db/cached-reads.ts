import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Logger } from 'pino';

/** The writes counted on a database client (`countWrites`, `countPoolWrites`), with what was read since the last one. */
interface Counter {
  writes: number;
  reads: Map<string, { value: unknown; at: number }>;
  /** False while a write could go unseen (PostgreSQL: the `LISTEN` connection is not listening). */
  live: boolean;
  /** How long a read is kept at most, in ms. */
  maxAgeMs: number;
}

const counters = new WeakMap<object, Counter>();

/** A statement that only reads: every read of the portal's own is one `select`. */
const READ = /^\s*select\b/i;

/** At most this many reads kept: the oldest goes first. */
const MAX_READS = 10_000;

/**
 * The channel of the tables whose reads PostgreSQL lets a process keep: their triggers notify it at
 * every commit that changed them (`drizzle/0018_cached_reads_notify.sql`: `auth_sessions`, `users`,
 * for the session lookup; `drizzle/0019_workspace_reads_notify.sql`: the fifteen tables of the
 * workspace load).
 */
export const CACHED_TABLES_CHANNEL = 'portal_cached_tables';
const RECONNECT_MS = 1_000;
/**
 * PostgreSQL: a read is kept at most this long even when no notification came (a `LISTEN`
 * connection that hangs without failing would miss them).
 */
const POSTGRES_MAX_AGE_MS = 5_000;

/** The server process of a connection (pg's `processID`, known once connected; not in its types). */
const backendOf = (client: object) => (client as { processID?: number }).processID ?? -1;

const written = (counter: Counter) => {
  counter.writes += 1;
  counter.reads.clear();
};

/**
 * Counts the writes on PGlite's one session, so that `cachedUntilWrite` can keep reads in memory.
 * A PGlite database belongs to one process (its folder is locked, `db/data-dir-lock.ts`) and every
 * statement of that process goes through this client, so after a statement that is not a `select`
 * (done or failed) and after every transaction (whatever it did) the count moves on. Nothing else
 * can change the database.
 */
export function countWrites(client: PGlite): void {
  const counter: Counter = { writes: 0, reads: new Map(), live: true, maxAgeMs: Number.POSITIVE_INFINITY };
  counters.set(client, counter);
  const query = client.query.bind(client);
  client.query = async (text, params, options) => {
    try {
      return await query(text, params, options);
    } finally {
      if (!READ.test(text)) written(counter);
    }
  };
  const exec = client.exec.bind(client);
  client.exec = async (text, options) => {
    try {
      return await exec(text, options);
    } finally {
      if (!READ.test(text)) written(counter);
    }
  };
  const transaction = client.transaction.bind(client);
  client.transaction = async (callback) => {
    try {
      return await transaction(callback);
    } finally {
      written(counter);
    }
  };
}

/**
 * The same count on a PostgreSQL pool, which other api processes share: this process's statements
 * that are not a `select` move it when they start and when they end (every connection of the pool,
 * transactions' `commit` included), and so does every notification on `CACHED_TABLES_CHANNEL`,
 * which PostgreSQL sends at the commit of any process that changed a table read through
 * `cachedUntilWrite` (but those of this pool's own connections, counted already). Reads are kept
 * only while the `LISTEN` connection listens (it is opened again a second after it fails,
 * everything kept dropped), and at most `POSTGRES_MAX_AGE_MS`.
 * Another process's write is seen here when its notification arrives: a few milliseconds after
 * its commit, as a read begun just before that commit would have missed it too.
 */
export function countPoolWrites(
  pool: pg.Pool,
  url: string,
  logger?: Logger,
): { ready: Promise<void>; close(): Promise<void> } {
  const counter: Counter = { writes: 0, reads: new Map(), live: false, maxAgeMs: POSTGRES_MAX_AGE_MS };
  counters.set(pool, counter);
  /** The server processes of this pool's connections: their commits are counted already. */
  const own = new Set<number>();
  pool.on('remove', (client) => own.delete(backendOf(client)));
  pool.on('connect', (client) => {
    own.add(backendOf(client));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const config = args[0] as string | { text?: string } | undefined;
      const text = typeof config === 'string' ? config : config?.text;
      if (typeof text === 'string' && READ.test(text)) return query(...args);
      written(counter);
      // ended: through its callback (the pool's own `query` passes one) or its promise
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function')
        args[last] = (...answer: unknown[]) => {
          written(counter);
          return callback(...answer);
        };
      const result = query(...args);
      if (result instanceof Promise)
        result.then(
          () => written(counter),
          () => written(counter),
        );
      return result;
    };
  });

  let listener: pg.Client | null = null;
  let closed = false;
  const lost = (client: pg.Client, err: unknown) => {
    if (listener !== client) return;
    listener = null;
    counter.live = false;
    written(counter);
    void client.end().catch(() => {});
    if (closed) return;
    logger?.error({ err }, 'cached reads: the LISTEN connection failed; reading everything until it is back');
    setTimeout(() => void listen(), RECONNECT_MS).unref();
  };
  const listen = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    listener = client;
    client.on('notification', (message) => {
      if (!own.has(message.processId)) written(counter);
    });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHED_TABLES_CHANNEL}`);
      if (listener !== client) return;
      written(counter);
      counter.live = true;
    } catch (err) {
      lost(client, err);
    }
  };
  return {
    /** Settles once the first `LISTEN` is done or has failed (then retried in the background). */
    ready: listen(),
    close: async () => {
      closed = true;
      counter.live = false;
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Drops what is kept for `db`'s client, as a write does. A subscription event of another api process
 * (`graphql/pg-event-target.ts`) means that process wrote: its event can arrive before the
 * notification of the tables it changed (two `LISTEN` connections), and the subscriptions it wakes
 * read those tables at once (`workspaceChanged` loads the workspace).
 */
export function forgetCachedReads(db: object): void {
  const client = (db as { $client?: object }).$client;
  const counter = client && counters.get(client);
  if (counter) written(counter);
}

/**
 * `load()`'s answer, kept under `key` until the next write counted on `db`'s client (`countWrites`
 * on PGlite, `countPoolWrites` on PostgreSQL, where only the tables notifying
 * `CACHED_TABLES_CHANNEL` may be read through here); on a transaction's handle, or while the count
 * is not live, always `load()`. An answer is kept only if no write was counted while it was read
 * (a read that overlapped a write may predate it). Each caller gets its own copy.
 */
export async function cachedUntilWrite<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  const client = (db as { $client?: object }).$client;
  const counter = client && counters.get(client);
  if (!counter?.live) return load();
  const kept = counter.reads.get(key);
  if (kept && Date.now() - kept.at < counter.maxAgeMs) return structuredClone(kept.value as T);
  const before = counter.writes;
  const at = Date.now();
  const value = await load();
  if (counter.writes === before && counter.live) {
    counter.reads.delete(key);
    if (counter.reads.size >= MAX_READS) counter.reads.delete(counter.reads.keys().next().value!);
    counter.reads.set(key, { value: structuredClone(value), at });
  }
  return value;
}
