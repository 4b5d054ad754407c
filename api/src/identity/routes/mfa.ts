import { and, eq } from 'drizzle-orm';
import { authenticators, type User } from '../../db/schema.js';
import type { Ctx } from '../context.js';
import { type ApiError, type Envelope, errorResponse, fieldError } from '../envelope.js';
import { authenticationResponse, exitStage, pendingStage, recordAuthentication } from '../flows.js';
import { MESSAGES } from '../messages.js';
import {
  findAuthenticator,
  generateRecoveryCodes,
  listAuthenticators,
  newTotpSecret,
  serializeAuthenticator,
  type TotpData,
  totpCodeValid,
  totpFor,
  useMfaCode,
} from '../mfa.js';
import { findUserById } from '../users.js';
import { requiredString } from '../validation.js';
import { requireRecentUser, requireUser } from './guards.js';
import type { Route } from './route.js';

const incorrectCode = () => errorResponse([fieldError('code', 'incorrect_code', MESSAGES.incorrect_code)]);

/**
 * A 2FA code for `user`, rate limited like allauth (`login_failed` keyed `mfa-auth-user-<id>`: 5 per
 * 5 minutes per account, 10 a minute per address). Returns the error, or the record to add.
 */
async function checkMfaCode(
  ctx: Ctx,
  user: User,
  code: string,
): Promise<{ error: Envelope } | { record: { method: string; at: number; type: string; id: number } }> {
  const subject = { ip: ctx.ip, key: `mfa-auth-user-${user.id}` };
  if (!(await ctx.services.limiter.consume('login_failed', subject))) {
    return {
      error: errorResponse([fieldError('code', 'too_many_login_attempts', MESSAGES.too_many_login_attempts)]),
    };
  }
  const authenticator = await useMfaCode(ctx.db, user, code, ctx.services.now());
  if (!authenticator) return { error: incorrectCode() };
  await ctx.services.limiter.clear('login_failed', subject);
  return { record: { method: 'mfa', at: ctx.nowS(), type: authenticator.type, id: authenticator.id } };
}

async function insertRecoveryCodes(ctx: Ctx, user: User) {
  const [row] = await ctx.db
    .insert(authenticators)
    .values({
      userId: user.id,
      type: 'recovery_codes',
      data: { codes: generateRecoveryCodes(), used: [] },
      createdAt: new Date(ctx.services.now()),
    })
    .returning();
  return row!;
}

export function mfaRoutes(route: Route): void {
  /** Unlike most stage endpoints, allauth answers a missing 2FA stage with the plain 401. */
  route('POST', '/auth/2fa/authenticate', async (ctx, body) => {
    const pending = pendingStage(ctx, 'mfa_authenticate');
    const user = pending?.userId ? await findUserById(ctx.db, pending.userId) : undefined;
    if (!pending || !user) return authenticationResponse(ctx);
    const errors: ApiError[] = [];
    const code = requiredString(body, 'code', errors);
    if (code === undefined) return errorResponse(errors);
    const checked = await checkMfaCode(ctx, user, code);
    if ('error' in checked) return checked.error;
    pending.records.push(checked.record);
    return exitStage(ctx, pending);
  });

  route('POST', '/auth/2fa/reauthenticate', async (ctx, body) => {
    const { user, refusal } = await requireUser(ctx);
    if (refusal) return refusal;
    const errors: ApiError[] = [];
    const code = requiredString(body, 'code', errors);
    if (code === undefined) return errorResponse(errors);
    const checked = await checkMfaCode(ctx, user, code);
    if ('error' in checked) return checked.error;
    recordAuthentication(ctx, { ...checked.record, reauthenticated: true });
    return authenticationResponse(ctx);
  });

  route('GET', '/account/authenticators', async (ctx) => {
    const { user, refusal } = await requireUser(ctx);
    if (refusal) return refusal;
    const rows = await listAuthenticators(ctx.db, user.id);
    return { status: 200, data: rows.map((row) => serializeAuthenticator(row)) };
  });

  /**
   * Without TOTP: 404 with a fresh secret (kept in the session for the activation) and its otpauth
   * URL for the QR code, as allauth does on every call.
   */
  route('GET', '/account/authenticators/totp', async (ctx) => {
    const { user, refusal } = await requireUser(ctx);
    if (refusal) return refusal;
    const totp = await findAuthenticator(ctx.db, user.id, 'totp');
    if (totp) return { status: 200, data: serializeAuthenticator(totp) };
    if (!user.emailVerified) return { status: 409 };
    const secret = newTotpSecret();
    ctx.session.data.totpSecret = secret;
    ctx.session.changed();
    return { status: 404, meta: { secret, totp_url: totpFor(secret, user.email).toString() } };
  });

  /** Activation; creates the 10 recovery codes too when the account has none. */
  route('POST', '/account/authenticators/totp', async (ctx, body) => {
    const { user, refusal } = await requireRecentUser(ctx);
    if (refusal) return refusal;
    if (!user.emailVerified || (await findAuthenticator(ctx.db, user.id, 'totp'))) return { status: 409 };
    const errors: ApiError[] = [];
    const code = requiredString(body, 'code', errors);
    if (code === undefined) return errorResponse(errors);
    const secret = ctx.session.data.totpSecret;
    if (!secret || !totpCodeValid(secret, code, ctx.services.now())) return incorrectCode();

    const [totp] = await ctx.db
      .insert(authenticators)
      .values({
        userId: user.id,
        type: 'totp',
        // allauth's ActivateTOTPForm only validates the code (`validate_totp_code`), it does not
        // spend it: the same code may still log in (once) during its time step.
        data: { secret } satisfies TotpData,
        createdAt: new Date(ctx.services.now()),
      })
      .returning();
    const generated = !(await findAuthenticator(ctx.db, user.id, 'recovery_codes'));
    if (generated) await insertRecoveryCodes(ctx, user);
    delete ctx.session.data.totpSecret;
    ctx.session.changed();
    ctx.request.log.info({ userId: user.id }, 'totp activated');
    return {
      status: 200,
      data: serializeAuthenticator(totp!),
      meta: { recovery_codes_generated: generated },
    };
  });

  /** Deactivation; recovery codes go too, as nothing would be left for them to back up. */
  route('DELETE', '/account/authenticators/totp', async (ctx) => {
    const { user, refusal } = await requireRecentUser(ctx);
    if (refusal) return refusal;
    await ctx.db.delete(authenticators).where(eq(authenticators.userId, user.id));
    ctx.request.log.info({ userId: user.id }, 'totp deactivated');
    return { status: 200 };
  });

  route('GET', '/account/authenticators/recovery-codes', async (ctx) => {
    const { user, refusal } = await requireRecentUser(ctx);
    if (refusal) return refusal;
    const codes = await findAuthenticator(ctx.db, user.id, 'recovery_codes');
    if (!codes) return { status: 404 };
    return { status: 200, data: serializeAuthenticator(codes, true) };
  });

  route('POST', '/account/authenticators/recovery-codes', async (ctx) => {
    const { user, refusal } = await requireRecentUser(ctx);
    if (refusal) return refusal;
    if (!(await findAuthenticator(ctx.db, user.id, 'totp'))) {
      return errorResponse([
        { code: 'cannot_generate_recovery_codes', message: MESSAGES.cannot_generate_recovery_codes },
      ]);
    }
    await ctx.db
      .delete(authenticators)
      .where(and(eq(authenticators.userId, user.id), eq(authenticators.type, 'recovery_codes')));
    const codes = await insertRecoveryCodes(ctx, user);
    return { status: 200, data: serializeAuthenticator(codes, true) };
  });
}
