import type { User } from '../../db/schema.js';
import type { Ctx } from '../context.js';
import { type Envelope, errorResponse, fieldError } from '../envelope.js';
import { authenticationResponse, reauthenticationRequired, recentlyAuthenticated } from '../flows.js';
import { MESSAGES } from '../messages.js';
import type { RateAction, RateSubject } from '../rate-limit.js';

/** A route's refusal, or the signed-in user it may act for. */
export type Guarded = { user: User; refusal?: undefined } | { user?: undefined; refusal: Envelope };

/** allauth's AuthenticatedAPIView: anonymous callers get the 401 authentication response. */
export async function requireUser(ctx: Ctx): Promise<Guarded> {
  const user = await ctx.user();
  return user ? { user } : { refusal: await authenticationResponse(ctx) };
}

/** allauth's `raise_if_reauthentication_required`, for sensitive account changes. */
export async function requireRecentUser(ctx: Ctx): Promise<Guarded> {
  const guarded = await requireUser(ctx);
  if (guarded.user && !recentlyAuthenticated(ctx)) {
    return { refusal: await reauthenticationRequired(ctx, guarded.user) };
  }
  return guarded;
}

/** allauth answers an exhausted rate limit with a bare 429. */
export async function rateLimited(
  ctx: Ctx,
  action: RateAction,
  subject: RateSubject,
): Promise<Envelope | undefined> {
  return (await ctx.services.limiter.consume(action, subject)) ? undefined : { status: 429 };
}

/** The reCAPTCHA v3 check on login and sign-up, when a secret is configured. */
export async function captchaRefusal(ctx: Ctx, token: unknown): Promise<Envelope | undefined> {
  const verify = ctx.services.verifyCaptcha;
  if (!verify) return undefined;
  if (await verify(typeof token === 'string' ? token : undefined, ctx.ip)) return undefined;
  return errorResponse([fieldError('recaptcha_token', 'captcha_failed', MESSAGES.captcha_failed)]);
}
