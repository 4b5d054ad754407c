import { randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import { type User, users } from '../../db/schema.js';
import { type EmailChange, emailChanges } from '../../profile/tables.js';
import type { Ctx } from '../context.js';
import { type ApiError, errorResponse, fieldError } from '../envelope.js';
import { emailChangeMail } from '../notify/templates.js';
import { hashToken } from '../session.js';
import { requiredEmail } from '../validation.js';
import { requireRecentUser, requireUser } from './guards.js';
import type { Route } from './route.js';

/** allauth's messages of the e-mail forms. */
export const EMAIL_MESSAGES = {
  same: 'This email address is already associated with this account.',
  unknown: 'This email address is not associated with this account.',
} as const;

/** allauth's EMAIL_CONFIRMATION_EXPIRE_DAYS (3). */
const CHANGE_LIFETIME_MS = 3 * 86_400_000;

async function pendingChange(ctx: Ctx, userId: string): Promise<EmailChange | undefined> {
  const [row] = await ctx.db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, new Date(ctx.services.now()))));
  return row;
}

/** allauth's EmailAddress list: the login address (primary), and a pending new one (unverified). */
async function addresses(ctx: Ctx, user: User) {
  const pending = await pendingChange(ctx, user.id);
  return {
    status: 200,
    data: [
      { email: user.email, primary: true, verified: user.emailVerified },
      ...(pending ? [{ email: pending.email, primary: false, verified: false }] : []),
    ],
  };
}

async function mailChangeLink(ctx: Ctx, user: User, email: string): Promise<void> {
  const key = randomBytes(32).toString('base64url');
  const now = ctx.services.now();
  const values = {
    email,
    tokenHash: hashToken(key),
    createdAt: new Date(now),
    expiresAt: new Date(now + CHANGE_LIFETIME_MS),
  };
  await ctx.db
    .insert(emailChanges)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: emailChanges.userId, set: values });
  await ctx.sendMail(emailChangeMail(email, `${ctx.services.config.publicUrl}/auth/confirm-email/${key}`));
}

/**
 * The pending change a verification key names, if it is still good (unexpired, and the address
 * not taken by someone else meanwhile).
 */
export async function emailChangeByKey(
  ctx: Ctx,
  key: unknown,
): Promise<{ change: EmailChange; user: User } | undefined> {
  if (typeof key !== 'string' || key === '' || key.length > 200) return undefined;
  const [row] = await ctx.db
    .select({ change: emailChanges, user: users })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(
      and(
        eq(emailChanges.tokenHash, hashToken(key)),
        gt(emailChanges.expiresAt, new Date(ctx.services.now())),
      ),
    );
  return row;
}

/**
 * Following the link proves the new mailbox: it becomes the login (verified), the old address is
 * gone, and the change is used up. False when someone else took the address meanwhile, or a
 * concurrent request used the key first.
 */
export async function applyEmailChange(ctx: Ctx, change: EmailChange): Promise<User | undefined> {
  return ctx.db.transaction(async (tx) => {
    const used = await tx
      .delete(emailChanges)
      .where(and(eq(emailChanges.userId, change.userId), eq(emailChanges.tokenHash, change.tokenHash)))
      .returning({ userId: emailChanges.userId });
    if (used.length === 0) return undefined;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, change.email), ne(users.id, change.userId)));
    if (taken) return undefined;
    const [updated] = await tx
      .update(users)
      .set({ email: change.email, emailVerified: true })
      .where(eq(users.id, change.userId))
      .returning();
    return updated;
  });
}

/**
 * allauth's `/account/email` with ACCOUNT_CHANGE_EMAIL = True: the account has one login address;
 * POST asks to change it (a mail with a link goes to the new address, which replaces the old one
 * once the link is followed), PUT sends that mail again, GET lists both, DELETE drops the pending
 * one. Changing it is sensitive: a stale login must reauthenticate first (401 with the flow).
 */
export function emailRoutes(route: Route): void {
  route('GET', '/account/email', async (ctx) => {
    const { user, refusal } = await requireUser(ctx);
    if (refusal) return refusal;
    return addresses(ctx, user);
  });

  route('POST', '/account/email', async (ctx, body) => {
    const { user, refusal } = await requireRecentUser(ctx);
    if (refusal) return refusal;
    const errors: ApiError[] = [];
    const email = requiredEmail(body, 'email', errors);
    if (email === undefined) return errorResponse(errors);
    if (email === user.email)
      return errorResponse([fieldError('email', 'duplicate_email', EMAIL_MESSAGES.same)]);
    // Another account's address is not refused here: that would tell whoever asks which addresses
    // have accounts. As allauth with enumeration prevention on, the link is mailed all the same and
    // its confirmation is refused (`/auth/email/verify` checks the address is still free).
    if (!(await ctx.services.limiter.consume('confirm_email', { key: email }))) return { status: 429 };
    await mailChangeLink(ctx, user, email);
    return addresses(ctx, user);
  });

  route('PUT', '/account/email', async (ctx, body) => {
    const { user, refusal } = await requireUser(ctx);
    if (refusal) return refusal;
    const errors: ApiError[] = [];
    const email = requiredEmail(body, 'email', errors);
    if (email === undefined) return errorResponse(errors);
    const pending = await pendingChange(ctx, user.id);
    if (pending?.email !== email)
      return errorResponse([fieldError('email', 'not_found', EMAIL_MESSAGES.unknown)]);
    if (!(await ctx.services.limiter.consume('confirm_email', { key: email }))) return { status: 429 };
    await mailChangeLink(ctx, user, email);
    return { status: 200 };
  });

  route('DELETE', '/account/email', async (ctx, body) => {
    const { user, refusal } = await requireUser(ctx);
    if (refusal) return refusal;
    const errors: ApiError[] = [];
    const email = requiredEmail(body, 'email', errors);
    if (email === undefined) return errorResponse(errors);
    if (email === user.email)
      return errorResponse([
        fieldError('email', 'cannot_remove_primary_email', 'You cannot remove your primary email address.'),
      ]);
    const pending = await pendingChange(ctx, user.id);
    if (pending?.email !== email)
      return errorResponse([fieldError('email', 'not_found', EMAIL_MESSAGES.unknown)]);
    await ctx.db.delete(emailChanges).where(eq(emailChanges.userId, user.id));
    return addresses(ctx, user);
  });
}
