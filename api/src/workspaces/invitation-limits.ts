import { and, count, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { userError } from '../graphql/errors.js';
import { invitationMails } from './tables.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How many invitation mails (invitations and resends alike) may go out, in sliding windows like
 * allauth's rate limits: per workspace, so that a workspace is no mail relay, and per address across
 * every workspace, so that nobody's mailbox can be filled.
 */
export const INVITATION_LIMITS = {
  perWorkspace: { amount: 20, windowMs: HOUR_MS },
  perAddress: { amount: 3, windowMs: DAY_MS },
} as const;

export const INVITATIONS_LIMITED = 'INVITATIONS_RATE_LIMITED';

export const INVITATION_LIMIT_MESSAGES = {
  perWorkspace: `This workspace has sent ${INVITATION_LIMITS.perWorkspace.amount} invitations in the last hour, the most it may. Try again in an hour.`,
  perAddress: `This address has been sent ${INVITATION_LIMITS.perAddress.amount} invitations in the last 24 hours, the most one address may get. Try again tomorrow.`,
} as const;

/**
 * Records one invitation mail to `email` from the workspace, or refuses it (nothing recorded) when a
 * window is full. The windows' keys are locked first, so two processes on one PostgreSQL count in turn.
 */
export async function reserveInvitationMail(
  db: Db,
  workspaceId: string,
  email: string,
  now: number,
  /** The input field a refusal is shown on, when the form has one. */
  field?: string,
): Promise<void> {
  const refusal = await db.transaction(async (tx) => {
    for (const key of [`invitation-mails:to:${email}`, `invitation-mails:ws:${workspaceId}`]) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    const { perWorkspace, perAddress } = INVITATION_LIMITS;
    // mails older than the longest window count for nothing any more
    await tx
      .delete(invitationMails)
      .where(
        and(
          or(eq(invitationMails.workspaceId, workspaceId), eq(invitationMails.email, email)),
          lte(invitationMails.sentAt, new Date(now - DAY_MS)),
        ),
      );
    const sentSince = async (where: SQL, windowMs: number) => {
      const [row] = await tx
        .select({ n: count() })
        .from(invitationMails)
        .where(and(where, gt(invitationMails.sentAt, new Date(now - windowMs))));
      return row?.n ?? 0;
    };
    if (
      (await sentSince(eq(invitationMails.workspaceId, workspaceId), perWorkspace.windowMs)) >=
      perWorkspace.amount
    )
      return INVITATION_LIMIT_MESSAGES.perWorkspace;
    if ((await sentSince(eq(invitationMails.email, email), perAddress.windowMs)) >= perAddress.amount)
      return INVITATION_LIMIT_MESSAGES.perAddress;
    await tx.insert(invitationMails).values({ workspaceId, email, sentAt: new Date(now) });
    return null;
  });
  if (refusal) throw userError(refusal, INVITATIONS_LIMITED, field);
}
