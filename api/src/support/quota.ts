import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';

/**
 * What support attachments may take beyond one message's limits (`limits.ts`): the bytes stored for
 * a workspace in all, and the files one user uploads in an hour. Sizes are decimal, as the others.
 */
export const ATTACHMENT_QUOTA = {
  workspaceBytes: 1_000_000_000,
  uploadsPerHour: 25,
} as const;

export const STORAGE_QUOTA_EXCEEDED = 'STORAGE_QUOTA_EXCEEDED';
export const UPLOAD_RATE_LIMITED = 'UPLOAD_RATE_LIMITED';

export const ATTACHMENT_QUOTA_MESSAGES = {
  storage:
    "These attachments would take this workspace's support attachments over 1 GB, its storage quota. Send the message without them, or ask support in a message to raise the quota.",
  rate: `You have uploaded ${ATTACHMENT_QUOTA.uploadsPerHour} files in the last hour, the most one user may. Send the message without attachments, or try again later.`,
} as const;

export interface QuotaRefusal {
  message: string;
  code: string;
}

/**
 * Whether `files` more files of `bytes` in all fit the workspace's quota and the user's hourly
 * uploads; null when they do. With `lock` (in the storing transaction) the workspace's and the
 * user's keys are locked first, so that two sends count one after the other.
 */
export async function attachmentQuotaRefusal(
  db: Db,
  input: { workspaceId: string; userId: string; files: number; bytes: number; lock?: boolean },
): Promise<QuotaRefusal | null> {
  if (input.files === 0) return null;
  if (input.lock) {
    for (const key of [
      `support-attachments:user:${input.userId}`,
      `support-attachments:ws:${input.workspaceId}`,
    ])
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
  const [row] = await queryRows<{ stored: string; recent: number }>(
    db,
    sql`select
      (select coalesce(sum(a.size), 0)::text from support_attachments a
        join support_messages m on m.id = a.message_id
        where m.workspace_id = ${input.workspaceId}::uuid) as stored,
      (select count(*)::int from support_attachments a
        join support_messages m on m.id = a.message_id
        -- the message's time is its files' (one transaction stores both)
        where m.author_id = ${input.userId}::uuid and m.author = 'customer'
          and m.created_at > now() - interval '1 hour') as recent`,
  );
  if ((row?.recent ?? 0) + input.files > ATTACHMENT_QUOTA.uploadsPerHour)
    return { message: ATTACHMENT_QUOTA_MESSAGES.rate, code: UPLOAD_RATE_LIMITED };
  if (Number(row?.stored ?? 0) + input.bytes > ATTACHMENT_QUOTA.workspaceBytes)
    return { message: ATTACHMENT_QUOTA_MESSAGES.storage, code: STORAGE_QUOTA_EXCEEDED };
  return null;
}
