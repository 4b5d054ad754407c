import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_MEMORY } from '../config.js';
import { type Database, openDatabase, queryRows } from './client.js';
import { prepared } from './prepared.js';

const notes = pgTable('notes', {
  id: integer('id').primaryKey(),
  body: text('body'),
  at: timestamp('at', { withTimezone: true }),
  tags: text('tags').array(),
});

/** The postgres error under drizzle's wrapper. */
async function pgError(promise: Promise<unknown>): Promise<{ code?: string }> {
  try {
    await promise;
  } catch (error) {
    return ((error as { cause?: unknown }).cause ?? error) as { code?: string };
  }
  throw new Error('expected the statement to fail');
}

describe('PGlite: the statements of `prepared` run as named statements on generic plans', () => {
  let database: Database;
  const byId = () =>
    prepared(database.db, 'test_note_by_id', (d) =>
      d
        .select()
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')))
        .prepare('test_note_by_id'),
    );
  /** PostgreSQL's own view of the session's named statements. */
  const named = () =>
    queryRows<{ statement: string; generic_plans: number; custom_plans: number }>(
      database.db,
      sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`,
    );

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: PGLITE_MEMORY });
    await database.db.execute(
      sql`create table notes (id integer primary key, body text, at timestamptz, tags text[])`,
    );
    await database.db.insert(notes).values([
      { id: 1, body: 'first', at: new Date('2026-11-24T10:00:00Z'), tags: ['a', 'b'] },
      { id: 2, body: null, at: null, tags: null },
    ]);
  });

  afterAll(async () => {
    await database.close();
  });

  it('answers as the unnamed statement does, from one plan made once', async () => {
    const unnamed = await database.db.select().from(notes).orderBy(notes.id);
    expect(await byId().execute({ id: 1 })).toEqual([unnamed[0]]);
    expect(await byId().execute({ id: 2 })).toEqual([unnamed[1]]);
    expect(await byId().execute({ id: 3 })).toEqual([]);
    expect(unnamed[0]).toEqual({
      id: 1,
      body: 'first',
      at: new Date('2026-11-24T10:00:00Z'),
      tags: ['a', 'b'],
    });
    const [statement, ...others] = await named();
    expect(others).toEqual([]);
    expect(statement!.statement).toBe(byId().getQuery().sql);
    expect(statement).toMatchObject({ generic_plans: 3, custom_plans: 0 });
  });

  it('fails as PostgreSQL says, and the session goes on', async () => {
    const cast = prepared(database.db, 'test_cast', (d) =>
      d
        .select({ n: sql<number>`${sql.placeholder('n')}::int` })
        .from(notes)
        .limit(1)
        .prepare('test_cast'),
    );
    expect(await pgError(cast.execute({ n: 'not a number' }))).toMatchObject({ code: '22P02' });
    expect(await cast.execute({ n: '7' })).toEqual([{ n: 7 }]);
    expect(await byId().execute({ id: 1 })).toHaveLength(1);
  });

  it('waits for a transaction in progress and reads what it committed', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.update(notes).set({ body: 'changed' }).where(eq(notes.id, 1));
      inside();
      // the named statement, sent now, must not run inside this transaction
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.update(notes).set({ body: 'committed' }).where(eq(notes.id, 1));
    });
    await entered;
    const [row] = await byId().execute({ id: 1 });
    await transaction;
    expect(row!.body).toBe('committed');
  });
});
