import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A pending change of a user's login e-mail (allauth's ACCOUNT_CHANGE_EMAIL): the new address
 * waits here, unverified, until the link mailed to it is followed; then it replaces the old one.
 * One pending change per user (a new request replaces it). Only the key's hash is stored.
 */
export const emailChanges = pgTable('email_changes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type EmailChange = typeof emailChanges.$inferSelect;
