import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { nameStatement } from './pglite-statements.js';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement of a hot path, built once per database handle and prepared under `name`: drizzle
 * renders its SQL once instead of on every request, and PostgreSQL plans it once per connection
 * (node-postgres prepares a named statement on each connection the first time it runs there).
 * On PGlite the same texts become named statements too (`db/pglite-statements.ts`).
 * `build` must use only placeholders (`sql.placeholder`) for what varies, and each name must stay
 * one statement: PostgreSQL refuses a name reused for another text.
 */
export function prepared<T extends { getQuery(): { sql: string } }>(
  db: Db,
  name: string,
  build: (db: Db) => T,
): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
    nameStatement(db, statement.getQuery().sql);
  }
  return statement;
}

/**
 * `column = any($placeholder::uuid[])`: one statement text whatever the number of ids (an `in (…)`
 * list is another statement, and another plan, for every count).
 */
export const isAnyUuid = (column: SQLWrapper, placeholder: string): SQL =>
  sql`${column} = any(${sql.placeholder(placeholder)}::uuid[])`;
