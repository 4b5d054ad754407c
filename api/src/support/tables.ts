import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { computeInstances } from '../compute/tables.js';
import { invoices, users, workspaces } from '../db/schema.js';

/** PostgreSQL's `tsvector` (full-text search document); drizzle has no built-in type for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Who wrote a message: the customer (plain text) or the provider's support desk (HTML). */
export const SUPPORT_AUTHORS = ['customer', 'support'] as const;
export type SupportAuthorKind = (typeof SUPPORT_AUTHORS)[number];

/**
 * A conversation with support about one workspace (optionally about one of its instances or
 * invoices). The subject is the thread's; each message repeats it for the list and the search.
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    instanceId: uuid('instance_id').references(() => computeInstances.id, { onDelete: 'set null' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The customer who started it (gets the e-mail of each answer); null once the user is gone. */
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_threads_workspace_id').on(table.workspaceId)],
);

/**
 * One message of a thread. `body` is what was written (customer: plain text; support: HTML, stored as
 * given and sanitised where it is rendered); `body_text` its plain text, for the excerpt, the e-mail
 * and the search. `search` is generated from subject (weight A) and text (weight B) and GIN-indexed.
 * `workspace_id` repeats the thread's, so the list pages one index range.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    author: text('author', { enum: SUPPORT_AUTHORS }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name shown in From: the customer's name, or the support desk's. */
    authorName: text('author_name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', subject), 'A') || setweight(to_tsvector('simple', body_text), 'B')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_messages_list').on(table.workspaceId, table.createdAt.desc(), table.id.desc()),
    // the unread count of every workspace load (`unreadCountSql`): a workspace's answers alone,
    // instead of a scan of all its messages (PostgreSQL's generic plan read the whole table)
    index('support_messages_answers').on(table.workspaceId).where(sql`${table.author} = 'support'`),
    index('support_messages_thread').on(table.threadId, table.createdAt),
    index('support_messages_search').using('gin', table.search),
    // a user's uploads of the last hour (`quota.ts`)
    index('support_messages_author').on(table.authorId, table.createdAt),
  ],
);

/** A message a user has read (answers from support only: the customer's own are never unread). */
export const supportMessageReads = pgTable(
  'support_message_reads',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    index('support_message_reads_user').on(table.userId),
  ],
);

/** A file sent with a message; its bytes are in the storage driver under `storage_key`. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Decided by the api from the file's extension (never the browser's claim). */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_attachments_message').on(table.messageId),
    check('support_attachments_size', sql`${table.size} >= 0`),
  ],
);
