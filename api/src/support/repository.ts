import { and, asc, count, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { UUID } from '../billing/repository.js';
import { computeInstances } from '../compute/tables.js';
import type { Db } from '../db/client.js';
import { invoices, workspaces } from '../db/schema.js';
import { SUPPORT_LIMITS } from './limits.js';
import { supportAttachments, supportMessageReads, supportMessages, supportThreads } from './tables.js';

export type SupportFolderName = 'INBOX' | 'SENT' | 'ALL';

export { UUID };

/** The largest page a list call answers. */
export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 25;

/**
 * The search text as a `to_tsquery('simple', …)` expression: every word (letters and digits) must
 * occur, the last one also as a prefix (typing "firew" finds "firewall"). Null when it has no word.
 * Words are `[\p{L}\p{N}]+` only, so nothing of the input reaches the query syntax.
 */
export function searchQuery(text: string | null | undefined): string | null {
  const words = (text ?? '')
    .slice(0, SUPPORT_LIMITS.maxSearchLength)
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  if (!words || words.length === 0) return null;
  return words.map((word) => `${word}:*`).join(' & ');
}

/** Plain text of a support answer's HTML: for the excerpt, the search and the e-mail (never rendered). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}

const isRead = (userId: string | Placeholder) =>
  sql<boolean>`exists (select 1 from ${supportMessageReads} r where r.message_id = "support_messages"."id" and r.user_id = ${userId})`;

const unreadCondition = (userId: string | Placeholder) =>
  and(eq(supportMessages.author, 'support'), sql`not ${isRead(userId)}`);

/**
 * Unread answers of the workspace `workspaceId` (an expression of the outer query) for `userId`: a
 * correlated subquery, so that a workspace load carries `unreadMessages` in its own statement.
 */
export const unreadCountSql = (workspaceId: SQL, userId: Placeholder) =>
  sql<number>`(select count(*)::int from ${supportMessages} where "support_messages"."workspace_id" = ${workspaceId}
    and "support_messages"."author" = 'support' and not ${isRead(userId)})`;

/**
 * Unread answers addressed to the user personally (`me.env.unreadDirectMessages`): in threads they
 * started, of workspaces they still see.
 */
export async function unreadDirect(db: Db, workspaceIds: string[], userId: string): Promise<number> {
  if (workspaceIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .innerJoin(supportThreads, eq(supportThreads.id, supportMessages.threadId))
    .where(
      and(
        inArray(supportMessages.workspaceId, workspaceIds),
        eq(supportThreads.createdById, userId),
        unreadCondition(userId),
      ),
    );
  return row?.n ?? 0;
}

export interface MessageSummary {
  uid: string;
  threadUid: string;
  author: 'CUSTOMER' | 'SUPPORT';
  from: string;
  subject: string;
  excerpt: string;
  createdAt: Date;
  unread: boolean;
  attachmentCount: number;
}

export interface MessagePage {
  items: MessageSummary[];
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

const authorName = (author: 'customer' | 'support'): 'SUPPORT' | 'CUSTOMER' =>
  author === 'support' ? 'SUPPORT' : 'CUSTOMER';

/**
 * One page of a workspace's messages in a folder (Inbox: support's answers, Sent: the customer's, All:
 * both), newest first; with a search, best match first (ts_rank over the GIN-indexed `search`), then
 * newest. Keyset paging: `after` is the last message's uid and the next page starts below its
 * (rank,) created_at, id, so every page costs the same however deep.
 */
export async function listMessages(
  db: Db,
  options: {
    workspaceId: string;
    userId: string;
    folder: SupportFolderName;
    search?: string | null;
    first?: number | null;
    after?: string | null;
  },
): Promise<MessagePage> {
  const m = supportMessages;
  const first = Math.min(Math.max(options.first ?? DEFAULT_PAGE, 1), MAX_PAGE);
  const query = searchQuery(options.search);
  const tsQuery = query === null ? null : sql`to_tsquery('simple', ${query})`;
  const rank = tsQuery ? sql<number>`ts_rank(${m.search}, ${tsQuery})` : null;
  const conditions: (SQL | undefined)[] = [
    eq(m.workspaceId, options.workspaceId),
    options.folder === 'INBOX'
      ? eq(m.author, 'support')
      : options.folder === 'SENT'
        ? eq(m.author, 'customer')
        : undefined,
    tsQuery ? sql`${m.search} @@ ${tsQuery}` : undefined,
  ];
  const filtered = and(...conditions);
  let page = filtered;
  if (options.after && UUID.test(options.after)) {
    const cursor = options.after;
    page = and(
      filtered,
      tsQuery
        ? sql`(${rank}, ${m.createdAt}, ${m.id}) < (select ts_rank(c.search, ${tsQuery}), c.created_at, c.id from ${m} c where c.id = ${cursor})`
        : sql`(${m.createdAt}, ${m.id}) < (select c.created_at, c.id from ${m} c where c.id = ${cursor})`,
    );
  }
  const [rows, total] = await Promise.all([
    db
      .select({
        uid: m.id,
        threadUid: m.threadId,
        author: m.author,
        from: m.authorName,
        subject: m.subject,
        excerpt: sql<string>`left(${m.bodyText}, 200)`,
        createdAt: m.createdAt,
        read: isRead(options.userId),
        attachmentCount: sql<number>`(select count(*)::int from ${supportAttachments} a where a.message_id = "support_messages"."id")`,
      })
      .from(m)
      .where(page)
      .orderBy(...(rank ? [desc(rank)] : []), desc(m.createdAt), desc(m.id))
      .limit(first + 1),
    db.select({ n: count() }).from(m).where(filtered),
  ]);
  const items = rows.slice(0, first).map((row) => ({
    uid: row.uid,
    threadUid: row.threadUid,
    author: authorName(row.author),
    from: row.from,
    subject: row.subject,
    excerpt: row.excerpt,
    createdAt: row.createdAt,
    unread: row.author === 'support' && !row.read,
    attachmentCount: row.attachmentCount,
  })) satisfies MessageSummary[];
  return {
    items,
    totalCount: total[0]?.n ?? 0,
    hasNextPage: rows.length > first,
    endCursor: items.at(-1)?.uid ?? null,
  };
}

export interface ThreadRow {
  id: string;
  workspaceId: string;
  contractUid: string;
  workspaceName: string;
  subject: string;
  createdById: string | null;
  instanceId: string | null;
  instanceName: string | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
  createdAt: Date;
}

/** A thread by uid with its workspace (for the permission check), or undefined. */
export async function findThread(db: Db, uid: string): Promise<ThreadRow | undefined> {
  if (!UUID.test(uid)) return undefined;
  const [row] = await db
    .select({
      id: supportThreads.id,
      workspaceId: supportThreads.workspaceId,
      contractUid: workspaces.contractUid,
      workspaceName: workspaces.name,
      subject: supportThreads.subject,
      createdById: supportThreads.createdById,
      instanceId: supportThreads.instanceId,
      instanceName: computeInstances.name,
      invoiceId: supportThreads.invoiceId,
      invoiceNumber: invoices.number,
      createdAt: supportThreads.createdAt,
    })
    .from(supportThreads)
    .innerJoin(workspaces, eq(workspaces.id, supportThreads.workspaceId))
    .leftJoin(computeInstances, eq(computeInstances.id, supportThreads.instanceId))
    .leftJoin(invoices, eq(invoices.id, supportThreads.invoiceId))
    .where(eq(supportThreads.id, uid));
  return row;
}

/** A thread's messages, oldest first, with their attachments and the viewer's unread flags. */
export async function threadMessages(db: Db, threadId: string, userId: string) {
  const rows = await db
    .select({
      uid: supportMessages.id,
      author: supportMessages.author,
      from: supportMessages.authorName,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
      read: isRead(userId),
    })
    .from(supportMessages)
    .where(eq(supportMessages.threadId, threadId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const files =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(supportAttachments)
          .where(
            inArray(
              supportAttachments.messageId,
              rows.map((row) => row.uid),
            ),
          )
          .orderBy(asc(supportAttachments.createdAt), asc(supportAttachments.name));
  return rows.map((row) => ({
    uid: row.uid,
    author: authorName(row.author),
    from: row.from,
    body: row.body,
    createdAt: row.createdAt,
    unread: row.author === 'support' && !row.read,
    attachments: files
      .filter((file) => file.messageId === row.uid)
      .map((file) => ({
        uid: file.id,
        name: file.name,
        size: file.size,
        contentType: file.contentType.split(';')[0]!,
        url: attachmentUrl(file.id),
      })),
  }));
}

export const attachmentUrl = (uid: string) => `/api/support/attachments/${uid}`;

/** Marks every answer of the thread read for the user; true when anything changed. */
export async function markThreadRead(db: Db, threadId: string, userId: string): Promise<boolean> {
  const unread = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .where(and(eq(supportMessages.threadId, threadId), unreadCondition(userId)));
  if (unread.length === 0) return false;
  await db
    .insert(supportMessageReads)
    .values(unread.map((row) => ({ messageId: row.id, userId })))
    .onConflictDoNothing();
  return true;
}

/**
 * Marks the thread unread for the user: its latest answer from support becomes unread again.
 * False when the thread has no answer (nothing can be unread) .
 */
export async function markThreadUnread(db: Db, threadId: string, userId: string): Promise<boolean> {
  const [latest] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .where(and(eq(supportMessages.threadId, threadId), eq(supportMessages.author, 'support')))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(1);
  if (!latest) return false;
  await db
    .delete(supportMessageReads)
    .where(and(eq(supportMessageReads.messageId, latest.id), eq(supportMessageReads.userId, userId)));
  return true;
}
