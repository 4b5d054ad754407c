import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.js';

/**
 * What the Profile tab keeps beyond the account itself (names, phone and preferences are on
 * `users`, which the identity service owns): the account type of spec section 3, Personal (false)
 * or Business (true). A user without a row is Personal.
 */
export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  isBusiness: boolean('is_business').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
