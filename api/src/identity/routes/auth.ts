import { isDeactivated } from '../../workspaces/deactivated.js';
import type { ApiError } from '../envelope.js';
import { errorResponse, fieldError } from '../envelope.js';
import {
  authenticationResponse,
  beginLogin,
  logout,
  recordAuthentication,
  startFakeSignup,
} from '../flows.js';
import { MESSAGES } from '../messages.js';
import { checkPassword, hashPassword } from '../passwords.js';
import { createUser, readSignupForm } from '../signup.js';
import { findUserByEmail } from '../users.js';
import { requiredEmail, requiredString } from '../validation.js';
import { captchaRefusal, rateLimited, requireUser } from './guards.js';
import type { Route } from './route.js';

export function authRoutes(route: Route): void {
  route('GET', '/config', async (ctx) => ({
    status: 200,
    data: {
      account: {
        login_methods: ['email'],
        is_open_for_signup: true,
        email_verification_by_code_enabled: false,
        login_by_code_enabled: true,
        password_reset_by_code_enabled: false,
        authentication_method: 'email',
      },
      socialaccount: { providers: ctx.services.providers.list() },
      mfa: { supported_types: ['recovery_codes', 'totp'], passkey_login_enabled: false },
      usersessions: { track_activity: false },
    },
  }));

  route('GET', '/auth/session', async (ctx) => authenticationResponse(ctx));

  route('DELETE', '/auth/session', async (ctx) => {
    logout(ctx);
    return authenticationResponse(ctx);
  });

  route('POST', '/auth/login', async (ctx, body) => {
    const limited = await rateLimited(ctx, 'login', { ip: ctx.ip });
    if (limited) return limited;
    if (await ctx.user()) return { status: 409 };
    const errors: ApiError[] = [];
    const email = requiredEmail(body, 'email', errors);
    const password = requiredString(body, 'password', errors);
    if (email === undefined || password === undefined) return errorResponse(errors);
    const captcha = await captchaRefusal(ctx, body.recaptcha_token);
    if (captcha) return captcha;

    // allauth's `login_failed`: every attempt counts, a success wipes the count.
    const subject = { ip: ctx.ip, key: email };
    if (!(await ctx.services.limiter.consume('login_failed', subject))) {
      return errorResponse([{ code: 'too_many_login_attempts', message: MESSAGES.too_many_login_attempts }]);
    }
    const user = await findUserByEmail(ctx.db, email);
    // Django's ModelBackend refuses an inactive (deactivated) user like a wrong password.
    if (
      !(await checkPassword(user?.passwordHash, password)) ||
      !user ||
      (await isDeactivated(ctx.db, user.id))
    ) {
      return errorResponse([
        fieldError('password', 'email_password_mismatch', MESSAGES.email_password_mismatch),
      ]);
    }
    await ctx.services.limiter.clear('login_failed', subject);
    return beginLogin(ctx, user, { record: { method: 'password', at: ctx.nowS(), email: user.email } });
  });

  /**
   * allauth's sign-up with this portal's custom signup form: the e-mail is also the username, a mobile
   * number gets the SMS registration code, a required consent (privacy policy, SMS terms) and an
   * optional marketing consent are stored with their time.
   */
  route('POST', '/auth/signup', async (ctx, body) => {
    const limited = await rateLimited(ctx, 'signup', { ip: ctx.ip });
    if (limited) return limited;
    if (await ctx.user()) return { status: 409 };
    // Before anything costly: a bot should not get argon2 work or database writes out of us.
    const captcha = await captchaRefusal(ctx, body.recaptcha_token);
    if (captcha) return captcha;

    const { errors, form, password } = readSignupForm(body, { password: true, phoneRequired: true });
    if (!form || password === undefined) return errorResponse(errors);

    const user = await createUser(ctx.db, form, {
      passwordHash: await hashPassword(password),
      emailVerified: false,
      now: new Date(ctx.services.now()),
    });
    // A taken e-mail must look exactly like a fresh sign-up (no account enumeration).
    if (!user) return startFakeSignup(ctx, form.email, form.phone);
    ctx.request.log.info({ userId: user.id }, 'signed up');
    return beginLogin(ctx, user, {
      record: { method: 'password', at: ctx.nowS(), email: user.email },
      signup: true,
    });
  });

  route('POST', '/auth/reauthenticate', async (ctx, body) => {
    const { user, refusal } = await requireUser(ctx);
    if (refusal) return refusal;
    const limited = await rateLimited(ctx, 'reauthenticate', { user: user.id });
    if (limited) return limited;
    const errors: ApiError[] = [];
    const password = requiredString(body, 'password', errors);
    if (password === undefined) return errorResponse(errors);
    if (!(await checkPassword(user.passwordHash, password))) {
      return errorResponse([fieldError('password', 'incorrect_password', MESSAGES.incorrect_password)]);
    }
    recordAuthentication(ctx, { method: 'password', at: ctx.nowS(), reauthenticated: true });
    return authenticationResponse(ctx);
  });
}
