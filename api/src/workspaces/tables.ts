import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from '../db/schema.js';

/**
 * The workspace data of spec section 3 beyond what `workspaces` and `accounts` hold: the contract's
 * representative, its address and the free text printed on invoices. One row per workspace, created
 * on the first save ('' for what was never given).
 */
export const workspaceProfiles = pgTable('workspace_profiles', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  representativeFirstName: text('representative_first_name').notNull().default(''),
  representativeLastName: text('representative_last_name').notNull().default(''),
  representativeEmail: text('representative_email').notNull().default(''),
  /** E.164, '' when not given. */
  representativeMobile: text('representative_mobile').notNull().default(''),
  city: text('city').notNull().default(''),
  street: text('street').notNull().default(''),
  /** An id of the country list (`countries.ts`): ISO 3166-1 numeric, 0 for Other. */
  countryId: integer('country_id').notNull().default(0),
  zip: text('zip').notNull().default(''),
  invoiceNote: text('invoice_note').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A workspace its administrator deleted. The row stays (invoices and payments are kept for the
 * legal retention period) but the workspace is gone for everyone: `visibleWorkspaces` skips it.
 */
export const workspaceDeletions = pgTable('workspace_deletions', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  deletedById: uuid('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A deactivated account: Django's `is_active = False`. The identity service refuses it every login
 * (README: "Account deactivation"); its sessions were ended when it was deactivated.
 */
export const userDeactivations = pgTable('user_deactivations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every invitation mail sent (invitations and resends), kept a day: what the sending limits per
 * workspace and per address count (`workspaces/invitation-limits.ts`). Revoking an invitation keeps
 * its mails here, so revoking and inviting again does not reset the count.
 */
export const invitationMails = pgTable(
  'invitation_mails',
  {
    id: serial('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-cased, as invitations store it. */
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('invitation_mails_workspace').on(table.workspaceId, table.sentAt),
    index('invitation_mails_email').on(table.email, table.sentAt),
  ],
);

export type WorkspaceProfileRow = typeof workspaceProfiles.$inferSelect;
