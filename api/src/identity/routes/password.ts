import { and, eq, ne } from 'drizzle-orm';
import { authSessions, users } from '../../db/schema.js';
import type { Ctx } from '../context.js';
import { type ApiError, errorResponse, fieldError } from '../envelope.js';
import { authenticationResponse, logout } from '../flows.js';
import { MESSAGES } from '../messages.js';
import { passwordResetMail, unknownAccountMail } from '../notify/templates.js';
import { checkPassword, hashPassword } from '../passwords.js';
import { findToken, issueToken, revokeTokens, useToken } from '../tokens.js';
import { findUserByEmail, findUserById, serializeUser } from '../users.js';
import { newPassword, requiredEmail, requiredString } from '../validation.js';
import { rateLimited, requireUser } from './guards.js';
import type { Route } from './route.js';

const invalidReset = () =>
  errorResponse([fieldError('key', 'invalid_password_reset', MESSAGES.invalid_password_reset)]);

async function resetKeyUser(ctx: Ctx, key: unknown) {
  const token = await findToken(ctx.db, 'reset_password', key, ctx.services.now());
  const user = token ? await findUserById(ctx.db, token.userId) : undefined;
  return token && user && user.email === token.email ? { token, user } : undefined;
}

export function passwordRoutes(route: Route): void {
  /**
   * Always 200 after a valid e-mail: a known address gets the reset link, an unknown one a mail
   * saying there is no account (allauth's ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS). The answer goes out before
   * the lookup, the key and the mail, so neither it nor its timing tells whether an account exists.
   */
  route('POST', '/auth/password/request', async (ctx, body) => {
    const errors: ApiError[] = [];
    const email = requiredEmail(body, 'email', errors);
    if (email === undefined) return errorResponse(errors);
    const limited = await rateLimited(ctx, 'reset_password', { ip: ctx.ip, key: email });
    if (limited) return limited;
    const { db, config } = ctx.services;
    ctx.services.deferred.run('password reset mail', async () => {
      const user = await findUserByEmail(db, email);
      if (user) {
        const key = await issueToken(db, 'reset_password', user, ctx.services.now());
        await ctx.sendMail(passwordResetMail(email, `${config.publicUrl}/auth/reset-password/key/${key}`));
      } else {
        await ctx.sendMail(unknownAccountMail(email));
      }
    });
    return { status: 200 };
  });

  route('GET', '/auth/password/reset', async (ctx) => {
    const limited = await rateLimited(ctx, 'reset_password_from_key', { ip: ctx.ip });
    if (limited) return limited;
    const found = await resetKeyUser(ctx, ctx.request.headers['x-password-reset-key']);
    if (!found) return invalidReset();
    return { status: 200, data: { user: serializeUser(found.user) } };
  });

  /**
   * Sets the new password and ends every session of the account (a reset is what someone does when
   * they fear another party knows the old one). The user then logs in (ACCOUNT_LOGIN_ON_PASSWORD_RESET
   * is off), so the answer is the 401 authentication response.
   */
  route('POST', '/auth/password/reset', async (ctx, body) => {
    const limited = await rateLimited(ctx, 'reset_password_from_key', { ip: ctx.ip });
    if (limited) return limited;
    const errors: ApiError[] = [];
    const key = requiredString(body, 'key', errors);
    const password = newPassword(body, 'password', errors);
    const found = key === undefined ? undefined : await resetKeyUser(ctx, key);
    if (key !== undefined && !found)
      errors.unshift(fieldError('key', 'invalid_password_reset', MESSAGES.invalid_password_reset));
    if (errors.length > 0 || !found || password === undefined) return errorResponse(errors);
    if (!(await useToken(ctx.db, found.token.id, ctx.services.now()))) return invalidReset();

    const passwordHash = await hashPassword(password);
    // Following the link proved the mailbox, so the address counts as verified.
    await ctx.db.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, found.user.id));
    await revokeTokens(ctx.db, 'reset_password', found.user.id, ctx.services.now());
    await ctx.db.delete(authSessions).where(eq(authSessions.userId, found.user.id));
    if (ctx.session.userId === found.user.id) logout(ctx);
    ctx.request.log.info({ userId: found.user.id }, 'password reset');
    return authenticationResponse(ctx);
  });

  /** Keeps this session (under a new id) and ends the account's other sessions, as Django does. */
  route('POST', '/account/password/change', async (ctx, body) => {
    const { user, refusal } = await requireUser(ctx);
    if (refusal) return refusal;
    const limited = await rateLimited(ctx, 'change_password', { user: user.id });
    if (limited) return limited;
    const errors: ApiError[] = [];
    // allauth's ChangePasswordInput: `current_password` is required when the account has a usable
    // password (Django's `required`), and a given one that does not match is `enter_current_password`
    // ("Please type your current password."), also for an account without a password (allauth's
    // check_password fails on an unusable one).
    const current = body.current_password;
    if (user.passwordHash !== null && (typeof current !== 'string' || current === '')) {
      errors.push(fieldError('current_password', 'required', MESSAGES.required));
    } else if (
      typeof current === 'string' &&
      current !== '' &&
      (user.passwordHash === null || !(await checkPassword(user.passwordHash, current)))
    ) {
      errors.push(fieldError('current_password', 'enter_current_password', MESSAGES.enter_current_password));
    }
    const password = newPassword(body, 'new_password', errors);
    if (errors.length > 0 || password === undefined) return errorResponse(errors);

    const passwordHash = await hashPassword(password);
    const [updated] = await ctx.db
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, user.id))
      .returning();
    await revokeTokens(ctx.db, 'reset_password', user.id, ctx.services.now());
    const others =
      ctx.session.id === undefined
        ? eq(authSessions.userId, user.id)
        : and(eq(authSessions.userId, user.id), ne(authSessions.id, ctx.session.id));
    await ctx.db.delete(authSessions).where(others);
    ctx.setUser(updated!);
    ctx.session.cycleKey();
    return authenticationResponse(ctx);
  });
}
