import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD.MM.YYYY'] as const;
export const TIME_FORMATS = ['24h', '12h'] as const;

/** A SQL list of constant strings, for check constraints (the values are ours, never user input). */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A person who can log in. The e-mail is the login and is stored lower-cased (a check enforces it),
 * so the unique constraint is case-insensitive in effect. Names and phone are '' rather than null
 * when unknown: sign-up does not ask for them and the screens show them as empty fields.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    timezone: text('timezone').notNull().default('Europe/Berlin'),
    dateFormat: text('date_format', { enum: DATE_FORMATS }).notNull().default('YYYY-MM-DD'),
    timeFormat: text('time_format', { enum: TIME_FORMATS }).notNull().default('24h'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_date_format', sql`${table.dateFormat} in (${sqlList(DATE_FORMATS)})`),
    check('users_time_format', sql`${table.timeFormat} in (${sqlList(TIME_FORMATS)})`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
