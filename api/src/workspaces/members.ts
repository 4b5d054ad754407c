import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  authorizedPeople,
  type Invitation,
  invitations,
  type User,
  type WorkspaceRole,
  workspaceEmployees,
} from '../db/schema.js';
import type { GraphQLContext } from '../graphql/context.js';
import { userError } from '../graphql/errors.js';
import { MESSAGES } from '../identity/messages.js';
import type { MailMessage } from '../identity/notify/types.js';
import { checkPassword } from '../identity/passwords.js';
import { hashToken } from '../identity/session.js';
import { normalizeEmail } from '../identity/users.js';
import { INVITATION_TTL_DAYS, invitationStatus, newInvitationKey } from '../invitations/invitations.js';
import { reserveInvitationMail } from './invitation-limits.js';
import type { WorkspaceRow } from './repository.js';
import { EMAIL_INVALID, isEmail } from './validation.js';

/** The refusals of the users-and-roles mutations (each on the field it is about). */
export const MEMBER_MESSAGES = {
  alreadyMember: (email: string) => `${email} is already a user of this workspace.`,
  alreadyInvited: (email: string) =>
    `${email} has already been invited. Resend the invitation if the e-mail did not arrive.`,
  lastAdministrator:
    'A workspace needs at least one Administrative user. Give another user the Administrative role first.',
  unknownMember: 'This user is not a user of this workspace any more.',
  unknownInvitation: 'This invitation has been accepted or revoked in the meantime.',
  noPassword:
    'Your account has no password (you sign in with a provider). Set a password in Profile › Authentication first.',
  tooManyPasswordAttempts: 'Too many password attempts. Wait a minute, then try again.',
} as const;

const DAY_MS = 24 * 3600 * 1000;

export const INVITATION_SUBJECT = '[Portal] You are invited to a workspace';

/** The mail with the invitation link (`/invitation/:key`, the Invitation page). */
export function invitationMail(
  to: string,
  link: string,
  workspaceName: string,
  inviter: string,
  role: string,
) {
  const paragraphs = [
    `${inviter} invites you to the workspace "${workspaceName}" with the role ${role}.`,
    `To accept, open the link below (it is valid for ${INVITATION_TTL_DAYS} days) and sign in or sign up with this e-mail address:`,
  ];
  const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return {
    to,
    // only our own words: the workspace's and the inviter's names are anyone's free text
    subject: INVITATION_SUBJECT,
    text: [...paragraphs, link].join('\n\n'),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ].join('\n'),
  } satisfies MailMessage;
}

/**
 * The fresh authentication of a sensitive change: the caller's current password, checked like
 * allauth's reauthentication ('Incorrect password.' on `password`).
 */
export async function requirePassword(ctx: GraphQLContext, user: User, password: string): Promise<void> {
  if (user.passwordHash === null) throw userError(MEMBER_MESSAGES.noPassword, 'NO_PASSWORD', 'password');
  // every check counts, over HTTP and the websocket alike, so the password cannot be guessed here
  if (!(await ctx.passwordAttempt(user.id))) {
    throw userError(MEMBER_MESSAGES.tooManyPasswordAttempts, 'TOO_MANY_ATTEMPTS', 'password');
  }
  if (!(await checkPassword(user.passwordHash, password))) {
    throw userError(MESSAGES.incorrect_password, 'INCORRECT_PASSWORD', 'password');
  }
}

const displayName = (user: User) => `${user.firstName} ${user.lastName}`.trim() || user.email;

async function sendInvitation(
  ctx: GraphQLContext,
  workspace: WorkspaceRow,
  inviter: User,
  email: string,
  role: WorkspaceRole,
  key: string,
) {
  const link = `${ctx.publicUrl}/invitation/${encodeURIComponent(key)}`;
  await ctx.mailer.send(invitationMail(email, link, workspace.name, displayName(inviter), role));
}

export async function inviteUser(
  ctx: GraphQLContext,
  workspace: WorkspaceRow,
  inviter: User,
  rawEmail: string,
  role: WorkspaceRole,
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  if (!isEmail(email)) throw userError(EMAIL_INVALID, 'BAD_USER_INPUT', 'email');
  const [member] = await ctx.db
    .select({ id: workspaceEmployees.id })
    .from(workspaceEmployees)
    .where(and(eq(workspaceEmployees.workspaceId, workspace.id), eq(workspaceEmployees.email, email)));
  if (member) throw userError(MEMBER_MESSAGES.alreadyMember(email), 'ALREADY_MEMBER', 'email');
  const open = await ctx.db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspace.id),
        eq(invitations.email, email),
        isNull(invitations.acceptedAt),
      ),
    );
  if (open.some((i) => invitationStatus(i, ctx.now()) === 'VALID')) {
    throw userError(MEMBER_MESSAGES.alreadyInvited(email), 'ALREADY_INVITED', 'email');
  }
  const key = newInvitationKey();
  const now = ctx.now();
  await reserveInvitationMail(ctx.db, workspace.id, email, now, 'email');
  await ctx.db.transaction(async (tx) => {
    // an expired invitation of the same address makes way for the new one
    for (const expired of open) await tx.delete(invitations).where(eq(invitations.id, expired.id));
    await tx.insert(invitations).values({
      keyHash: hashToken(key),
      workspaceId: workspace.id,
      email,
      role,
      invitedById: inviter.id,
      createdAt: new Date(now),
      expiresAt: new Date(now + INVITATION_TTL_DAYS * DAY_MS),
    });
  });
  await sendInvitation(ctx, workspace, inviter, email, role, key);
}

async function openInvitation(db: Db, workspace: WorkspaceRow, uid: string): Promise<Invitation> {
  const [invitation] = /^[0-9a-f-]{36}$/i.test(uid)
    ? await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.id, uid),
            eq(invitations.workspaceId, workspace.id),
            isNull(invitations.acceptedAt),
          ),
        )
    : [];
  if (!invitation) throw userError(MEMBER_MESSAGES.unknownInvitation, 'NOT_FOUND');
  return invitation;
}

/** A new key (the old link stops working) and a new expiry, mailed again. */
export async function resendInvitation(
  ctx: GraphQLContext,
  workspace: WorkspaceRow,
  inviter: User,
  uid: string,
) {
  const invitation = await openInvitation(ctx.db, workspace, uid);
  const key = newInvitationKey();
  const now = ctx.now();
  await reserveInvitationMail(ctx.db, workspace.id, invitation.email, now);
  await ctx.db
    .update(invitations)
    .set({
      keyHash: hashToken(key),
      invitedById: inviter.id,
      createdAt: new Date(now),
      expiresAt: new Date(now + INVITATION_TTL_DAYS * DAY_MS),
    })
    .where(eq(invitations.id, invitation.id));
  await sendInvitation(ctx, workspace, inviter, invitation.email, invitation.role, key);
}

export async function revokeInvitation(db: Db, workspace: WorkspaceRow, uid: string) {
  const invitation = await openInvitation(db, workspace, uid);
  await db.delete(invitations).where(eq(invitations.id, invitation.id));
}

/** How many Administrative employees the workspace has besides `exceptEmployeeId`. */
async function otherAdministrators(db: Db, workspaceId: string, exceptEmployeeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceEmployees)
    .where(
      and(
        eq(workspaceEmployees.workspaceId, workspaceId),
        eq(workspaceEmployees.role, 'Administrative'),
        ne(workspaceEmployees.id, exceptEmployeeId),
      ),
    );
  return row!.n;
}

const isUid = (uid: string) => /^[0-9a-f-]{36}$/i.test(uid);

export async function changeRole(db: Db, workspace: WorkspaceRow, employeeUid: string, role: WorkspaceRole) {
  const [employee] = isUid(employeeUid)
    ? await db
        .select()
        .from(workspaceEmployees)
        .where(and(eq(workspaceEmployees.id, employeeUid), eq(workspaceEmployees.workspaceId, workspace.id)))
    : [];
  if (!employee) throw userError(MEMBER_MESSAGES.unknownMember, 'NOT_FOUND');
  if (employee.role === role) return;
  if (
    employee.role === 'Administrative' &&
    (await otherAdministrators(db, workspace.id, employee.id)) === 0
  ) {
    throw userError(MEMBER_MESSAGES.lastAdministrator, 'LAST_ADMINISTRATOR', 'role');
  }
  await db.update(workspaceEmployees).set({ role }).where(eq(workspaceEmployees.id, employee.id));
}

/** Removes an employee or an authorized person; never the last Administrative user. */
export async function removeMember(db: Db, workspace: WorkspaceRow, memberUid: string) {
  if (!isUid(memberUid)) throw userError(MEMBER_MESSAGES.unknownMember, 'NOT_FOUND');
  const [employee] = await db
    .select()
    .from(workspaceEmployees)
    .where(and(eq(workspaceEmployees.id, memberUid), eq(workspaceEmployees.workspaceId, workspace.id)));
  if (employee) {
    if (
      employee.role === 'Administrative' &&
      (await otherAdministrators(db, workspace.id, employee.id)) === 0
    ) {
      throw userError(MEMBER_MESSAGES.lastAdministrator, 'LAST_ADMINISTRATOR');
    }
    await db.delete(workspaceEmployees).where(eq(workspaceEmployees.id, employee.id));
    return;
  }
  const removed = await db
    .delete(authorizedPeople)
    .where(and(eq(authorizedPeople.id, memberUid), eq(authorizedPeople.workspaceId, workspace.id)))
    .returning({ id: authorizedPeople.id });
  if (removed.length === 0) throw userError(MEMBER_MESSAGES.unknownMember, 'NOT_FOUND');
}
