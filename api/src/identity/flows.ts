import { eq } from 'drizzle-orm';
import { type User, users } from '../db/schema.js';
import { isDeactivated } from '../workspaces/deactivated.js';
import { newCodeProcess } from './codes.js';
import type { Ctx } from './context.js';
import { type Envelope, errorResponse } from './envelope.js';
import { MESSAGES } from './messages.js';
import { mfaTypes } from './mfa.js';
import { accountAlreadyExistsMail, emailConfirmationMail, phoneVerificationSms } from './notify/templates.js';
import type { AuthRecord, PendingFlow, PendingLogin } from './session.js';
import { issueToken } from './tokens.js';
import { findUserById, serializeUser } from './users.js';

/** allauth's PHONE_VERIFICATION_TIMEOUT and LOGIN_BY_CODE_TIMEOUT. */
export const PHONE_CODE_TIMEOUT_S = 900;
export const LOGIN_CODE_TIMEOUT_S = 180;
/** allauth's *_MAX_ATTEMPTS for codes: after this many wrong codes the pending login is dropped. */
export const CODE_MAX_ATTEMPTS = 3;
/** allauth's LOGIN_TIMEOUT: a stashed login older than this is forgotten. */
const PENDING_LOGIN_TIMEOUT_S = 900;

type StageOutcome = 'continue' | 'pending' | 'abort';

interface LoginStage {
  id: string;
  /** Reached for the first time: decide whether the login stops here (and start what it waits for). */
  enter(ctx: Ctx, pending: PendingLogin, user: User | null): Promise<StageOutcome>;
}

export async function sendPhoneCode(ctx: Ctx, pending: PendingLogin, phone: string): Promise<void> {
  pending.phoneCode = newCodeProcess(ctx.services.now(), PHONE_CODE_TIMEOUT_S);
  ctx.session.changed();
  await ctx.sendSms(phoneVerificationSms(phone, pending.phoneCode.code));
}

/**
 * Sends the confirmation link, at most once per EMAIL_CONFIRMATION_COOLDOWN (allauth's `confirm_email`
 * rate limit) per address: logging in again right away shows the pending flow without a second mail.
 */
export async function sendEmailConfirmation(ctx: Ctx, user: User): Promise<boolean> {
  if (!(await ctx.services.limiter.consume('confirm_email', { key: user.email }))) return false;
  const key = await issueToken(ctx.db, 'verify_email', user, ctx.services.now());
  await ctx.sendMail(
    emailConfirmationMail(user.email, `${ctx.services.config.publicUrl}/auth/confirm-email/${key}`),
  );
  return true;
}

/**
 * allauth 65's stage order (`DefaultAccountAdapter.get_login_stages`): login by code, phone
 * verification, e-mail verification, then two-factor authentication.
 */
const STAGES: LoginStage[] = [
  {
    id: 'login_by_code',
    async enter(_ctx, pending) {
      return pending.loginCode ? 'pending' : 'continue';
    },
  },
  {
    id: 'verify_phone',
    async enter(ctx, pending, user) {
      const phone = user ? user.phone : pending.phone;
      // An account without a phone (a later SSO sign-up) has nothing to verify; allauth would abort
      // the login instead, locking that account out.
      if (!phone || user?.phoneVerified) return 'continue';
      // The first code also opens allauth's `verify_phone` window, so an immediate resend is refused.
      await ctx.services.limiter.consume('verify_phone', { key: phone, ip: ctx.ip });
      await sendPhoneCode(ctx, pending, phone);
      return 'pending';
    },
  },
  {
    id: 'verify_email',
    async enter(ctx, pending, user) {
      if (pending.fake || !user) {
        if (await ctx.services.limiter.consume('confirm_email', { key: pending.email })) {
          await ctx.sendMail(
            accountAlreadyExistsMail(pending.email, `${ctx.services.config.publicUrl}/auth/reset-password`),
          );
        }
        return 'pending';
      }
      if (user.emailVerified) return 'continue';
      await sendEmailConfirmation(ctx, user);
      return 'pending';
    },
  },
  {
    id: 'mfa_authenticate',
    async enter(ctx, _pending, user) {
      return user && (await mfaTypes(ctx.db, user.id)).length > 0 ? 'pending' : 'continue';
    },
  },
];

/** The pending login of this session, unless it is too old. */
export function pendingLogin(ctx: Ctx): PendingLogin | undefined {
  const pending = ctx.session.data.pending;
  if (!pending) return undefined;
  if (ctx.nowS() - pending.startedAt > PENDING_LOGIN_TIMEOUT_S) {
    clearPendingLogin(ctx);
    return undefined;
  }
  return pending;
}

/** The stage a request may act on: only the current one of a live pending login. */
export function pendingStage(ctx: Ctx, stageId: string): PendingLogin | undefined {
  const pending = pendingLogin(ctx);
  return pending?.current === stageId ? pending : undefined;
}

export function clearPendingLogin(ctx: Ctx): void {
  delete ctx.session.data.pending;
  ctx.session.changed();
}

/**
 * Starts a login for a known user: from a password, a login code, a signup, or a provider module.
 * The stages run at once; the answer is 200 when none stops the login, else 401 with the pending flow.
 */
export async function beginLogin(
  ctx: Ctx,
  user: User,
  options: { record: AuthRecord; signup?: boolean },
): Promise<Envelope> {
  // allauth's `account_inactive`: a deactivated account gets no session, whatever proved who it is
  // (a login code, a provider); the password login refuses it earlier, as a mismatch.
  if (await isDeactivated(ctx.db, user.id)) {
    return errorResponse([{ code: 'account_inactive', message: MESSAGES.account_inactive }]);
  }
  return beginPendingLogin(ctx, {
    userId: user.id,
    email: user.email,
    phone: user.phone,
    signup: options.signup ?? false,
    records: [options.record],
    handled: [],
    startedAt: ctx.nowS(),
  });
}

/** Stashes a login (replacing any other pending one) and runs its stages. */
export async function beginPendingLogin(ctx: Ctx, pending: PendingLogin): Promise<Envelope> {
  ctx.session.data.pending = pending;
  delete ctx.session.data.pendingFlow;
  ctx.session.changed();
  return resumeLogin(ctx);
}

/**
 * Enumeration prevention for a sign-up with a taken e-mail (allauth's behaviour under mandatory
 * verification): the caller sees exactly what a real sign-up shows (an SMS code, then a pending
 * e-mail verification), while the owner of the address gets an "account already exists" mail.
 */
export async function startFakeSignup(ctx: Ctx, email: string, phone: string): Promise<Envelope> {
  return beginPendingLogin(ctx, {
    userId: null,
    email,
    phone,
    signup: true,
    fake: true,
    records: [],
    handled: [],
    startedAt: ctx.nowS(),
  });
}

/** Marks the current stage done and runs the next ones. */
export async function exitStage(ctx: Ctx, pending: PendingLogin): Promise<Envelope> {
  if (pending.current && !pending.handled.includes(pending.current)) pending.handled.push(pending.current);
  ctx.session.changed();
  return resumeLogin(ctx);
}

async function resumeLogin(ctx: Ctx): Promise<Envelope> {
  const pending = ctx.session.data.pending;
  if (!pending) return authenticationResponse(ctx);
  const user = pending.userId ? ((await findUserById(ctx.db, pending.userId)) ?? null) : null;
  if (pending.userId && !user) {
    clearPendingLogin(ctx);
    return authenticationResponse(ctx);
  }
  for (const stage of STAGES) {
    if (pending.handled.includes(stage.id)) continue;
    pending.current = stage.id;
    ctx.session.changed();
    const outcome = await stage.enter(ctx, pending, user);
    if (outcome === 'pending') return authenticationResponse(ctx);
    if (outcome === 'abort') {
      clearPendingLogin(ctx);
      return authenticationResponse(ctx);
    }
    pending.handled.push(stage.id);
  }
  clearPendingLogin(ctx);
  if (user) completeLogin(ctx, user, pending.records);
  return authenticationResponse(ctx);
}

/** Every stage passed: the session now belongs to the user, under a new id and a new CSRF token. */
function completeLogin(ctx: Ctx, user: User, records: AuthRecord[]): void {
  ctx.setUser(user);
  ctx.session.data.records = records;
  ctx.session.cycleKey();
  ctx.rotateCsrf = true;
}

/** Adds a record to a signed-in session (reauthentication) and gives it a new id. */
export function recordAuthentication(ctx: Ctx, record: AuthRecord): void {
  ctx.session.data.records = [...(ctx.session.data.records ?? []), record];
  ctx.session.cycleKey();
}

/** A provider module's pending flow (e.g. `provider_signup`), shown in the 401 flows. */
export function startPendingFlow(ctx: Ctx, flow: PendingFlow): Envelope | Promise<Envelope> {
  delete ctx.session.data.pending;
  ctx.session.data.pendingFlow = { startedAt: ctx.nowS(), ...flow };
  ctx.session.changed();
  return authenticationResponse(ctx);
}

/** The pending non-login flow of this session, unless it is older than a stashed login may be. */
export function pendingFlow(ctx: Ctx, id?: string): PendingFlow | undefined {
  const flow = ctx.session.data.pendingFlow;
  if (!flow) return undefined;
  if (flow.startedAt !== undefined && ctx.nowS() - flow.startedAt > PENDING_LOGIN_TIMEOUT_S) {
    delete ctx.session.data.pendingFlow;
    ctx.session.changed();
    return undefined;
  }
  return id === undefined || flow.id === id ? flow : undefined;
}

export function logout(ctx: Ctx): void {
  ctx.session.destroy();
  ctx.setUser(null);
}

/** The flows an anonymous visitor can start, then the pending one (allauth's `_get_flows`). */
async function anonymousFlows(ctx: Ctx) {
  const flows: Record<string, unknown>[] = [{ id: 'login' }, { id: 'login_by_code' }, { id: 'signup' }];
  const providers = ctx.services.providers.list();
  const redirect = providers.filter((p) => p.flows.includes('provider_redirect')).map((p) => p.id);
  const token = providers.filter((p) => p.flows.includes('provider_token')).map((p) => p.id);
  if (redirect.length > 0) flows.push({ id: 'provider_redirect', providers: redirect });
  if (token.length > 0) flows.push({ id: 'provider_token', providers: token });

  let current: Record<string, unknown> | undefined;
  const pending = pendingLogin(ctx);
  if (pending?.current) {
    current = { id: pending.current, is_pending: true };
    if (pending.current === 'mfa_authenticate' && pending.userId) {
      current.types = await mfaTypes(ctx.db, pending.userId);
    }
  } else {
    const flow = pendingFlow(ctx);
    if (flow) {
      // allauth's flow names the provider; what it said about the visitor stays on the server.
      const { sociallogin: _kept, startedAt: _started, ...shown } = flow;
      current = { ...shown, is_pending: true };
    }
  }
  if (current) {
    const existing = flows.find((flow) => flow.id === current.id);
    if (existing) Object.assign(existing, current);
    else flows.push(current);
  }
  return flows;
}

/** allauth's `AuthenticationResponse`: 200 with user and methods when signed in, else 401 with flows. */
export async function authenticationResponse(ctx: Ctx): Promise<Envelope> {
  const user = await ctx.user();
  if (user) {
    return {
      status: 200,
      data: { user: serializeUser(user), methods: ctx.session.data.records ?? [] },
      meta: { is_authenticated: true },
    };
  }
  return { status: 401, data: { flows: await anonymousFlows(ctx) }, meta: { is_authenticated: false } };
}

/** The flows that can refresh a signed-in session: password if it has one, 2FA if enabled. */
async function reauthenticationFlows(ctx: Ctx, user: User) {
  const flows: Record<string, unknown>[] = [];
  if (user.passwordHash !== null) flows.push({ id: 'reauthenticate' });
  const types = await mfaTypes(ctx.db, user.id);
  if (types.length > 0) flows.push({ id: 'mfa_reauthenticate', types });
  return flows;
}

/** allauth's `did_recently_authenticate`: the newest record is within the reauthentication timeout. */
export function recentlyAuthenticated(ctx: Ctx): boolean {
  const last = ctx.session.data.records?.at(-1);
  return last !== undefined && ctx.nowS() - last.at <= ctx.services.config.reauthTimeoutS;
}

/** The 401 that asks a signed-in user to reauthenticate (`meta.is_authenticated: true`). */
export async function reauthenticationRequired(ctx: Ctx, user: User): Promise<Envelope> {
  return {
    status: 401,
    data: {
      user: serializeUser(user),
      methods: ctx.session.data.records ?? [],
      flows: await reauthenticationFlows(ctx, user),
    },
    meta: { is_authenticated: true },
  };
}

export async function markEmailVerified(ctx: Ctx, user: User): Promise<User> {
  if (user.emailVerified) return user;
  const [updated] = await ctx.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}
