import { isLocalPath } from '../../http/local-path.js';
import {
  allauthErrorCode,
  beginLogin as beginOidcLogin,
  completeLogin as completeOidcLogin,
  OidcLoginError,
  STATE_MAX_AGE_MS,
} from '../../sso/oidcClient.js';
import { callbackPath, type OidcProvider } from '../../sso/oidcProviders.js';
import type { Ctx } from '../context.js';
import { type ApiError, errorResponse, fieldError, type Redirect } from '../envelope.js';
import { beginLogin, startFakeSignup } from '../flows.js';
import type { ProviderRedirectState } from '../session.js';
import { createUser, readSignupForm } from '../signup.js';
import {
  linkSocialAccount,
  pendingProviderSignup,
  providerInfo,
  socialLogin,
  socialRecord,
} from '../social.js';
import { requiredString } from '../validation.js';
import { rateLimited } from './guards.js';
import type { Route } from './route.js';

/**
 * allauth's `socialaccount_login_error` frontend URL: where a failure goes when the started login
 * (and with it the callback URL) is unknown, e.g. a callback with a state this session never issued.
 */
export const PROVIDER_ERROR_URL = '/account/provider/callback';
/** Started logins kept per session: one per open tab is plenty. */
const MAX_REDIRECT_STATES = 5;
const PROCESSES = ['login', 'connect'] as const;

const MESSAGES = {
  unknown_provider: 'Unknown provider.',
  invalid_url: 'Invalid URL.',
} as const;

/**
 * allauth checks `callback_url` with `is_safe_url`; we accept less: a path on this site (one leading
 * slash, printable ASCII, no `//` and no backslash anywhere, which browsers may read as another host).
 */
export function isSafeCallbackUrl(url: string): boolean {
  return /^\/[\x21-\x7e]*$/.test(url) && !url.includes('//') && isLocalPath(url);
}

/** `url` (a checked relative URL) with allauth's error parameters. */
function withError(url: string, error: string, process: string): string {
  const target = new URL(url, 'http://portal.invalid');
  target.searchParams.set('error', error);
  target.searchParams.set('error_process', process);
  return `${target.pathname}${target.search}${target.hash}`;
}

const findProvider = (ctx: Ctx, id: string): OidcProvider | undefined =>
  ctx.services.config.oidcProviders.find((provider) => provider.id === id);

/** The redirect URI registered at the provider: from the public URL, never from the Host header. */
const redirectUri = (ctx: Ctx, provider: OidcProvider) =>
  `${ctx.services.config.publicUrl}${callbackPath(provider.id)}`;

function storeRedirectState(ctx: Ctx, entry: ProviderRedirectState): void {
  const now = Date.now();
  const live = (ctx.session.data.providerRedirects ?? []).filter(
    (stored) => now - stored.login.createdAt <= STATE_MAX_AGE_MS,
  );
  ctx.session.data.providerRedirects = [...live, entry].slice(-MAX_REDIRECT_STATES);
  ctx.session.changed();
}

/** Takes the started login out of the session before anything else: each state gets one attempt. */
function takeRedirectState(ctx: Ctx, state: unknown): ProviderRedirectState | undefined {
  const stored = ctx.session.data.providerRedirects ?? [];
  const index = typeof state === 'string' ? stored.findIndex((entry) => entry.login.state === state) : -1;
  if (index < 0) return undefined;
  const [entry] = stored.splice(index, 1);
  if (stored.length === 0) delete ctx.session.data.providerRedirects;
  ctx.session.changed();
  return entry;
}

function logFailure(ctx: Ctx, providerId: string, error: unknown): void {
  if (error instanceof OidcLoginError) {
    ctx.request.log.warn(
      { provider: providerId, code: error.code, providerError: error.providerError, reason: error.message },
      'provider login failed',
    );
  } else {
    ctx.request.log.error({ provider: providerId, err: error }, 'provider login failed');
  }
}

export function providerRoutes(route: Route): void {
  /**
   * allauth's `RedirectToProviderView`: a plain form post (its CSRF token in `csrfmiddlewaretoken`),
   * answered with a 302 to the provider; the started login waits in the session.
   */
  route('POST', '/auth/provider/redirect', async (ctx, body) => {
    const errors: ApiError[] = [];
    const providerId = requiredString(body, 'provider', errors);
    const callbackUrl = requiredString(body, 'callback_url', errors);
    const process = body.process === undefined || body.process === '' ? 'login' : body.process;
    const provider = providerId === undefined ? undefined : findProvider(ctx, providerId);
    if (providerId !== undefined && !provider) {
      errors.push(fieldError('provider', 'unknown_provider', MESSAGES.unknown_provider));
    }
    if (callbackUrl !== undefined && !isSafeCallbackUrl(callbackUrl)) {
      errors.push(fieldError('callback_url', 'invalid_url', MESSAGES.invalid_url));
    }
    if (!PROCESSES.includes(process as never)) {
      errors.push(
        fieldError(
          'process',
          'invalid_choice',
          `Select a valid choice. ${String(process)} is not one of the available choices.`,
        ),
      );
    }
    if (errors.length > 0 || !provider || callbackUrl === undefined) return errorResponse(errors);
    if (process === 'connect') {
      // Connecting a provider to a signed-in account is not offered yet.
      ctx.request.log.info({ provider: provider.id }, 'provider connect refused: not supported');
      return { redirect: withError(callbackUrl, 'unknown', 'connect') };
    }
    try {
      const { url, state } = await beginOidcLogin(provider, redirectUri(ctx, provider));
      storeRedirectState(ctx, { login: state, callbackUrl, process: 'login' });
      return { redirect: url.href };
    } catch (error) {
      logFailure(ctx, provider.id, error);
      return { redirect: withError(callbackUrl, allauthErrorCode(error), 'login') };
    }
  });

  /** allauth's `ProviderSignupView` GET: what the provider told us, for the sign-up form. */
  route('GET', '/auth/provider/signup', async (ctx) => {
    const flow = pendingProviderSignup(ctx);
    if (!flow) return { status: 409 };
    const login = flow.sociallogin;
    const display = login.name ?? login.email ?? login.uid;
    return {
      status: 200,
      data: {
        user: {
          display,
          ...(login.email ? { email: login.email } : {}),
          username: login.email ?? '',
          has_usable_password: false,
        },
        account: { uid: login.uid, provider: providerInfo(ctx, login.provider), display },
        email: login.email ? [{ email: login.email, primary: true, verified: login.emailVerified }] : [],
      },
    };
  });

  /**
   * allauth's `ProviderSignupView` POST: the signup form without a password. The account has no
   * usable password; its e-mail counts as verified when it is the one the provider verified,
   * otherwise the `verify_email` stage applies, as after a password sign-up.
   */
  route('POST', '/auth/provider/signup', async (ctx, body) => {
    const flow = pendingProviderSignup(ctx);
    if (!flow) return { status: 409 };
    const limited = await rateLimited(ctx, 'signup', { ip: ctx.ip });
    if (limited) return limited;
    const { errors, form } = readSignupForm(body, { password: false, phoneRequired: false });
    if (!form) return errorResponse(errors);

    const login = flow.sociallogin;
    const now = new Date(ctx.services.now());
    const user = await ctx.db.transaction(async (tx) => {
      const created = await createUser(tx, form, {
        passwordHash: null,
        emailVerified: login.emailVerified && login.email === form.email,
        now,
        firstName: login.givenName ?? '',
        lastName: login.familyName ?? '',
      });
      if (created) await linkSocialAccount(tx, created.id, login, now);
      return created;
    });
    // A taken e-mail looks like a fresh sign-up; the owner gets "account already exists".
    if (!user) return startFakeSignup(ctx, form.email, form.phone);
    ctx.request.log.info({ userId: user.id, provider: login.provider }, 'signed up with a provider');
    return beginLogin(ctx, user, { record: socialRecord(ctx, login.provider, login.uid), signup: true });
  });
}

/**
 * Anyone can call a callback path with any provider id: such calls are logged as one warning a
 * minute at most (with how many were left out), without a stack, so they cannot flood the log.
 */
const UNKNOWN_PROVIDER_LOG_INTERVAL_MS = 60_000;
const unknownProviderLog = { lastAt: Number.NEGATIVE_INFINITY, suppressed: 0 };

function logUnknownProvider(ctx: Ctx, providerId: string): void {
  const now = ctx.services.now();
  if (now - unknownProviderLog.lastAt < UNKNOWN_PROVIDER_LOG_INTERVAL_MS) {
    unknownProviderLog.suppressed++;
    return;
  }
  ctx.request.log.warn(
    { provider: providerId.slice(0, 64), suppressed: unknownProviderLog.suppressed },
    'provider callback for an unknown provider',
  );
  unknownProviderLog.lastAt = now;
  unknownProviderLog.suppressed = 0;
}

export function providerCallbackRoutes(route: Route): void {
  /**
   * The provider sends the browser back here (allauth's path). The started login leaves the session
   * first, then the code is exchanged; the browser goes on to the stored `callback_url`, with
   * `?error=` when anything failed (allauth's `cancelled` or `unknown`; details only in the log).
   */
  route('GET', callbackPath(':providerId'), async (ctx): Promise<Redirect> => {
    const { providerId } = ctx.request.params as { providerId: string };
    const query = ctx.request.query as Record<string, unknown>;
    const stored = takeRedirectState(ctx, query.state);
    const callbackUrl = stored?.callbackUrl ?? PROVIDER_ERROR_URL;
    const process = stored?.process ?? 'login';
    const provider = findProvider(ctx, providerId);
    if (!provider) {
      logUnknownProvider(ctx, providerId);
      return { redirect: withError(callbackUrl, 'unknown', process) };
    }
    try {
      const identity = await completeOidcLogin(
        provider,
        redirectUri(ctx, provider),
        ctx.request.url,
        stored?.login,
      );
      await socialLogin(ctx, identity);
      return { redirect: callbackUrl };
    } catch (error) {
      logFailure(ctx, providerId, error);
      return { redirect: withError(callbackUrl, allauthErrorCode(error), process) };
    }
  });
}
