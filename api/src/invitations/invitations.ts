import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type Invitation, invitations, users, workspaces } from '../db/schema.js';
import { hashToken } from '../identity/session.js';

/** How long an invitation link is good for. */
export const INVITATION_TTL_DAYS = 7;

/** The refusals of `acceptInvitation`, shown to the user as they are (spec section 8: server message). */
export const INVITATION_MESSAGES = {
  unknown: 'This invitation link is not valid. Check the link or ask for a new invitation.',
  accepted: 'This invitation has already been accepted.',
  expired: 'This invitation has expired. Ask the workspace administrator to send you a new one.',
  otherEmail: (email: string) =>
    `This invitation was sent to ${email}. Log in with that e-mail address to accept it.`,
} as const;

export type InvitationStatus = 'VALID' | 'ACCEPTED' | 'EXPIRED';

/** A key for a link: 192 random bits, URL-safe. Only its SHA-256 is stored. */
export const newInvitationKey = () => randomBytes(24).toString('base64url');

export const invitationStatus = (invitation: Invitation, nowMs: number): InvitationStatus =>
  invitation.acceptedAt !== null ? 'ACCEPTED' : invitation.expiresAt.getTime() <= nowMs ? 'EXPIRED' : 'VALID';

export interface FoundInvitation {
  invitation: Invitation;
  workspaceName: string;
  contractUid: string;
  invitedBy: string;
}

/** The invitation of a link's key, with what the Invitation screen shows. */
export async function findInvitation(db: Db, key: string): Promise<FoundInvitation | undefined> {
  const [row] = await db
    .select({
      invitation: invitations,
      workspaceName: workspaces.name,
      contractUid: workspaces.contractUid,
      inviterFirst: users.firstName,
      inviterLast: users.lastName,
      inviterEmail: users.email,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .innerJoin(users, eq(users.id, invitations.invitedById))
    .where(eq(invitations.keyHash, hashToken(key)));
  if (!row) return undefined;
  const name = `${row.inviterFirst} ${row.inviterLast}`.trim();
  return {
    invitation: row.invitation,
    workspaceName: row.workspaceName,
    contractUid: row.contractUid,
    invitedBy: name || row.inviterEmail,
  };
}
