import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.js';

/** A user's SSH public key (New instance and Rebuild hand it to the machine). */
export const sshKeys = pgTable(
  'ssh_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key in OpenSSH format, as sshpk writes it back (no comment). */
    publicKey: text('public_key').notNull(),
    /** `SHA256:…`: one key once per user. */
    fingerprint: text('fingerprint').notNull(),
    type: text('type').notNull(),
    bits: integer('bits').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ssh_keys_user_fingerprint').on(table.userId, table.fingerprint),
    index('ssh_keys_user_id').on(table.userId),
  ],
);

export type SshKeyRow = typeof sshKeys.$inferSelect;
