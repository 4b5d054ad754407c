import type { PGlite } from '@electric-sql/pglite';

/** The writes counted on a PGlite client (`countWrites`), with what was read since the last one. */
interface Counter {
  writes: number;
  reads: Map<string, unknown>;
}

const counters = new WeakMap<object, Counter>();

/** A statement that only reads: every read of the portal's own is one `select`. */
const READ = /^\s*select\b/i;

/** At most this many reads kept: the oldest goes first. */
const MAX_READS = 10_000;

/**
 * Counts the writes on PGlite's one session, so that `cachedUntilWrite` can keep reads in memory.
 * A PGlite database belongs to one process (its folder is locked, `db/data-dir-lock.ts`) and every
 * statement of that process goes through this client, so after a statement that is not a `select`
 * (done or failed) and after every transaction (whatever it did) the count moves on. Nothing else
 * can change the database.
 */
export function countWrites(client: PGlite): void {
  const counter: Counter = { writes: 0, reads: new Map() };
  counters.set(client, counter);
  const written = () => {
    counter.writes += 1;
    counter.reads.clear();
  };
  const query = client.query.bind(client);
  client.query = async (text, params, options) => {
    try {
      return await query(text, params, options);
    } finally {
      if (!READ.test(text)) written();
    }
  };
  const exec = client.exec.bind(client);
  client.exec = async (text, options) => {
    try {
      return await exec(text, options);
    } finally {
      if (!READ.test(text)) written();
    }
  };
  const transaction = client.transaction.bind(client);
  client.transaction = async (callback) => {
    try {
      return await transaction(callback);
    } finally {
      written();
    }
  };
}

/**
 * `load()`'s answer, kept under `key` until the next write on `db`'s PGlite client
 * (`countWrites`); on any other database (PostgreSQL, which other processes write too), or on a
 * transaction's handle, always `load()`. An answer is kept only if no write ended while it was read
 * (PGlite runs one statement or transaction at a time: a read that overlapped a write may predate
 * it). Each caller gets its own copy.
 */
export async function cachedUntilWrite<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  const client = (db as { $client?: object }).$client;
  const counter = client && counters.get(client);
  if (!counter) return load();
  if (counter.reads.has(key)) return structuredClone(counter.reads.get(key) as T);
  const before = counter.writes;
  const value = await load();
  if (counter.writes === before) {
    if (counter.reads.size >= MAX_READS) counter.reads.delete(counter.reads.keys().next().value!);
    counter.reads.set(key, structuredClone(value));
  }
  return value;
}
