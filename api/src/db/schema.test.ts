import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, queryRows } from '../test/helpers.js';
import { type Database, MIGRATIONS_FOLDER } from './client.js';
import { users } from './schema.js';

/** The postgres error under drizzle's wrapper, whose own message is just the failed query. */
async function pgError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (error) {
    return ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  }
  throw new Error('expected the statement to fail');
}

describe('migrations', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('create the users table', async () => {
    const columns = await queryRows(
      database.db,
      sql`select column_name, data_type, is_nullable from information_schema.columns
          where table_schema = 'public' and table_name = 'users' order by ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'uuid', is_nullable: 'NO' },
      { column_name: 'email', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'first_name', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'last_name', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'phone', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'timezone', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'date_format', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'time_format', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'created_at', data_type: 'timestamp with time zone', is_nullable: 'NO' },
      { column_name: 'auth_id', data_type: 'integer', is_nullable: 'NO' },
      { column_name: 'password_hash', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'email_verified', data_type: 'boolean', is_nullable: 'NO' },
      { column_name: 'phone_verified', data_type: 'boolean', is_nullable: 'NO' },
      { column_name: 'consent_personal_data_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'consent_marketing_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'referral', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'profiles', data_type: 'ARRAY', is_nullable: 'NO' },
      { column_name: 'language', data_type: 'text', is_nullable: 'YES' },
    ]);
  });

  it('fill in the defaults', async () => {
    const [user] = await database.db.insert(users).values({ email: 'defaults@example.com' }).returning();
    expect(user).toMatchObject({
      email: 'defaults@example.com',
      firstName: '',
      lastName: '',
      phone: '',
      timezone: 'Europe/Berlin',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
      language: null,
    });
    expect(user?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Math.abs(Date.now() - (user?.createdAt.getTime() ?? 0))).toBeLessThan(60_000);
  });

  it('keep e-mails unique and lower-cased', async () => {
    await database.db.insert(users).values({ email: 'unique@example.com' });
    expect(await pgError(database.db.insert(users).values({ email: 'unique@example.com' }))).toMatchObject({
      code: '23505',
      constraint: 'users_email_unique',
    });
    expect(await pgError(database.db.insert(users).values({ email: 'Upper@Example.com' }))).toMatchObject({
      code: '23514',
      constraint: 'users_email_lower_case',
    });
  });

  it('accept only the date and time formats of the spec', async () => {
    const insert = (values: Record<string, string>) =>
      database.db.execute(
        sql`insert into users (email, date_format, time_format)
            values (${values.email}, ${values.dateFormat}, ${values.timeFormat})`,
      );
    await insert({ email: 'us@example.com', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' });
    expect(
      await pgError(insert({ email: 'x1@example.com', dateFormat: 'DD/MM/YY', timeFormat: '24h' })),
    ).toMatchObject({ constraint: 'users_date_format' });
    expect(
      await pgError(insert({ email: 'x2@example.com', dateFormat: 'DD.MM.YYYY', timeFormat: 'am' })),
    ).toMatchObject({ constraint: 'users_time_format' });
  });

  it("accept only the portal's languages, or none", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'de@example.com', language: 'de' })
      .returning();
    expect(user?.language).toBe('de');
    expect(
      await pgError(
        database.db.execute(sql`insert into users (email, language) values ('fr@example.com', 'fr')`),
      ),
    ).toMatchObject({ constraint: 'users_language' });
  });

  it('are idempotent', async () => {
    await database.migrate();
    const applied = await queryRows(
      database.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(applied).toEqual([{ count: journal.entries.length }]);
  });
});

// `api/src/db/client.ts`, SESSION_SETTINGS: run by the PostgreSQL pass of `npm test` (PGlite has one
// connection of its own and none of these settings)
describe.runIf(process.env.PORTAL_TEST_POSTGRES === '1')('PostgreSQL connections', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  const settings = (db: Database['db']) =>
    queryRows(
      db,
      sql`select current_setting('jit') as jit, current_setting('plan_cache_mode') as plans,
                 current_setting('synchronous_commit') as commits`,
    );

  it('have JIT off and generic plans for prepared statements, on every connection of the pool', async () => {
    const rows = await Promise.all(Array.from({ length: 4 }, () => settings(database.db)));
    expect(rows.flat()).toEqual(Array(4).fill({ jit: 'off', plans: 'force_generic_plan', commits: 'on' }));
  });

  it("the flood guard's counters commit without waiting for the WAL flush", async () => {
    expect(await settings(database.countersDb!)).toEqual([
      { jit: 'off', plans: 'force_generic_plan', commits: 'off' },
    ]);
  });
});
