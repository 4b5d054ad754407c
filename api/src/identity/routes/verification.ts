import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { codeMatches, newCodeProcess } from '../codes.js';
import type { Ctx } from '../context.js';
import { type ApiError, type Envelope, errorResponse, fieldError } from '../envelope.js';
import {
  authenticationResponse,
  beginPendingLogin,
  CODE_MAX_ATTEMPTS,
  clearPendingLogin,
  exitStage,
  LOGIN_CODE_TIMEOUT_S,
  markEmailVerified,
  pendingStage,
  sendEmailConfirmation,
  sendPhoneCode,
} from '../flows.js';
import { MESSAGES } from '../messages.js';
import { accountAlreadyExistsMail, loginCodeMail, unknownAccountMail } from '../notify/templates.js';
import type { CodeProcess } from '../session.js';
import { findToken, useToken } from '../tokens.js';
import { findUserByEmail, findUserById, serializeUser } from '../users.js';
import { requiredEmail, requiredString } from '../validation.js';
import { applyEmailChange, emailChangeByKey } from './email.js';
import { rateLimited } from './guards.js';
import type { Route } from './route.js';

const invalidKey = () =>
  errorResponse([fieldError('key', 'invalid_or_expired_key', MESSAGES.invalid_or_expired_key)]);
const incorrectCode = () => errorResponse([fieldError('code', 'incorrect_code', MESSAGES.incorrect_code)]);

/**
 * A code typed for a pending stage. A wrong one counts; after allauth's maximum the whole pending
 * login is dropped, so guessing needs a fresh login (and a fresh code) every few tries.
 */
function checkCode(ctx: Ctx, process: CodeProcess | undefined, code: string, usable: boolean): boolean {
  if (process && usable && process.expiresAt > ctx.services.now() && codeMatches(process.code, code))
    return true;
  if (process) process.attempts += 1;
  ctx.session.changed();
  if (!process || process.attempts >= CODE_MAX_ATTEMPTS) clearPendingLogin(ctx);
  return false;
}

async function verifyEmailKeyInfo(ctx: Ctx, key: unknown) {
  const token = await findToken(ctx.db, 'verify_email', key, ctx.services.now());
  const user = token ? await findUserById(ctx.db, token.userId) : undefined;
  // A key for an address the account no longer has is stale.
  return token && user && user.email === token.email ? { token, user } : undefined;
}

export function verificationRoutes(route: Route): void {
  route('GET', '/auth/email/verify', async (ctx) => {
    const key = ctx.request.headers['x-email-verification-key'];
    const info = await verifyEmailKeyInfo(ctx, key);
    if (!info) {
      // the link of an e-mail change (/account/email): the new address is the one to verify
      const change = await emailChangeByKey(ctx, key);
      if (!change) return invalidKey();
      return {
        status: 200,
        data: { email: change.change.email, user: serializeUser(change.user) },
        meta: { is_authenticating: false },
      };
    }
    // allauth's VerifyEmailResponse: `is_authenticating` says whether a verify_email stage is pending
    // in this session at all (`stage is not None`), whoever's it is.
    return {
      status: 200,
      data: { email: info.user.email, user: serializeUser(info.user) },
      meta: { is_authenticating: pendingStage(ctx, 'verify_email') !== undefined },
    };
  });

  route('POST', '/auth/email/verify', async (ctx, body) => {
    const errors: ApiError[] = [];
    const key = requiredString(body, 'key', errors);
    if (key === undefined) return errorResponse(errors);
    const info = await verifyEmailKeyInfo(ctx, key);
    if (!info) {
      const change = await emailChangeByKey(ctx, key);
      const changed = change ? await applyEmailChange(ctx, change.change) : undefined;
      if (!changed) return invalidKey();
      ctx.request.log.info({ userId: changed.id }, 'e-mail changed');
      ctx.services.userChanged?.(changed.id);
      if (ctx.session.userId === changed.id) ctx.setUser(changed);
      return authenticationResponse(ctx);
    }
    if (!(await useToken(ctx.db, info.token.id, ctx.services.now()))) return invalidKey();
    await markEmailVerified(ctx, info.user);
    // allauth's `login_on_verification` with its default ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = False:
    // a pending verify_email stage is aborted (the stashed login is dropped, whoever's it was), nobody
    // is logged in, and the answer is the plain authentication response: 401 with the flows and none
    // pending (200 only if this session was signed in already). The visitor then logs in, and the
    // verified address lets that login through.
    if (pendingStage(ctx, 'verify_email')) clearPendingLogin(ctx);
    return authenticationResponse(ctx);
  });

  route('POST', '/auth/email/verify/resend', async (ctx) => {
    const pending = pendingStage(ctx, 'verify_email');
    if (!pending) return { status: 409 };
    const user = pending.userId ? await findUserById(ctx.db, pending.userId) : undefined;
    if (!user) {
      if (!(await ctx.services.limiter.consume('confirm_email', { key: pending.email })))
        return { status: 429 };
      await ctx.sendMail(
        accountAlreadyExistsMail(pending.email, `${ctx.services.config.publicUrl}/auth/reset-password`),
      );
      return { status: 200 };
    }
    return (await sendEmailConfirmation(ctx, user)) ? { status: 200 } : { status: 429 };
  });

  route('POST', '/auth/phone/verify', async (ctx, body) => {
    const pending = pendingStage(ctx, 'verify_phone');
    if (!pending) return { status: 409 };
    const errors: ApiError[] = [];
    const code = requiredString(body, 'code', errors);
    if (code === undefined) return errorResponse(errors);
    if (!checkCode(ctx, pending.phoneCode, code, true)) return incorrectCode();
    delete pending.phoneCode;
    if (pending.userId) {
      await ctx.db.update(users).set({ phoneVerified: true }).where(eq(users.id, pending.userId));
    }
    return exitStage(ctx, pending);
  });

  route('POST', '/auth/phone/verify/resend', async (ctx) => {
    const pending = pendingStage(ctx, 'verify_phone');
    if (!pending) return { status: 409 };
    const user = pending.userId ? await findUserById(ctx.db, pending.userId) : undefined;
    const phone = user ? user.phone : pending.phone;
    const limited = await rateLimited(ctx, 'verify_phone', { key: phone, ip: ctx.ip });
    if (limited) return limited;
    await sendPhoneCode(ctx, pending, phone);
    return { status: 200 };
  });

  route('POST', '/auth/code/request', async (ctx, body): Promise<Envelope> => {
    if (await ctx.user()) return { status: 409 };
    const errors: ApiError[] = [];
    const email = requiredEmail(body, 'email', errors);
    if (email === undefined) return errorResponse(errors);
    const limited = await rateLimited(ctx, 'request_login_code', { ip: ctx.ip, key: email });
    if (limited) return limited;
    const user = await findUserByEmail(ctx.db, email);
    const loginCode = newCodeProcess(ctx.services.now(), LOGIN_CODE_TIMEOUT_S);
    // An unknown address gets the same 401 and a mail saying there is no account (no enumeration).
    await ctx.sendMail(user ? loginCodeMail(email, loginCode.code) : unknownAccountMail(email));
    return beginPendingLogin(ctx, {
      userId: user?.id ?? null,
      email,
      phone: user?.phone ?? '',
      signup: false,
      records: [],
      handled: [],
      startedAt: ctx.nowS(),
      loginCode,
    });
  });

  route('POST', '/auth/code/confirm', async (ctx, body) => {
    const pending = pendingStage(ctx, 'login_by_code');
    if (!pending) return { status: 409 };
    const errors: ApiError[] = [];
    const code = requiredString(body, 'code', errors);
    if (code === undefined) return errorResponse(errors);
    if (!checkCode(ctx, pending.loginCode, code, pending.userId !== null)) return incorrectCode();
    const user = await findUserById(ctx.db, pending.userId!);
    delete pending.loginCode;
    if (!user) {
      clearPendingLogin(ctx);
      return authenticationResponse(ctx);
    }
    // The code proves the mailbox: allauth verifies the address on the way (verify_email_indirectly).
    await markEmailVerified(ctx, user);
    pending.records.push({ method: 'code', at: ctx.nowS(), email: user.email });
    return exitStage(ctx, pending);
  });
}
