import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { DEMO_PASSWORD, DEMO_USER, UNVERIFIED_USER } from '../db/seed.js';
import { type IdentityHarness, latestCode, linkKey, openIdentityHarness } from '../test/identity.js';
import { MESSAGES } from './messages.js';

const NEW_PASSWORD = 'Fresh-Pass-1';
const flowIds = (body: { data: { flows: { id: string }[] } }) => body.data.flows.map((flow) => flow.id);
const pendingFlows = (body: { data: { flows: { id: string; is_pending?: boolean }[] } }) =>
  body.data.flows.filter((flow) => flow.is_pending).map((flow) => flow.id);

let signupCount = 0;
const signupBody = (overrides: Record<string, unknown> = {}) => {
  signupCount += 1;
  return {
    email: `new${signupCount}@example.com`,
    password: NEW_PASSWORD,
    phone: `+3712000${String(1000 + signupCount)}`,
    consent_personal_data: true,
    consent_marketing: false,
    ...overrides,
  };
};

// One database for the file; the bot-protection tests run a second app on it.
let h: IdentityHarness;

beforeAll(async () => {
  h = await openIdentityHarness();
});

afterAll(async () => {
  h.expectContract();
  await h.close();
});

describe('identity service: session, CSRF, login, sign-up', () => {
  it('serves the configuration, with an empty provider registry', async () => {
    const answer = await h.browser().api('GET', '/config');
    expect(answer.status).toBe(200);
    expect(answer.body.data.account).toMatchObject({ login_methods: ['email'], is_open_for_signup: true });
    expect(answer.body.data.socialaccount).toEqual({ providers: [] });
    expect(answer.body.data.mfa.supported_types).toEqual(['recovery_codes', 'totp']);
  });

  it('sets the csrftoken cookie on every response and keeps it stable', async () => {
    const browser = h.browser();
    const first = await browser.api('GET', '/auth/session');
    const cookie = first.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(cookie?.httpOnly).not.toBe(true);
    const second = await browser.api('GET', '/auth/session');
    expect(second.cookies.find((c) => c.name === 'csrftoken')?.value).toBe(cookie?.value);
    expect(second.headers['cache-control']).toContain('no-store');
  });

  it('refuses an unsafe call without a matching X-CSRFToken with 403', async () => {
    const browser = h.browser();
    await browser.api('GET', '/config');
    const without = await browser.call('POST', '/_allauth/browser/v1/auth/login', {
      body: { email: DEMO_USER.email, password: DEMO_PASSWORD },
      csrf: false,
    });
    expect(without.status).toBe(403);
    expect(without.body.status).toBe(403);
    expect(without.cookies.some((c) => c.name === 'csrftoken')).toBe(true);
    const wrong = await browser.call('POST', '/_allauth/browser/v1/auth/login', {
      body: { email: DEMO_USER.email, password: DEMO_PASSWORD },
      headers: { 'x-csrftoken': 'x'.repeat(32) },
      csrf: false,
    });
    expect(wrong.status).toBe(403);
  });

  it('answers an anonymous session with 401 and the flows, none pending', async () => {
    const answer = await h.browser().api('GET', '/auth/session');
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: 401, meta: { is_authenticated: false } });
    expect(flowIds(answer.body)).toEqual(['login', 'login_by_code', 'signup']);
    expect(pendingFlows(answer.body)).toEqual([]);
  });

  it('logs in with a new HttpOnly, SameSite=Lax session id and a rotated CSRF token', async () => {
    const browser = h.browser();
    await browser.api('GET', '/config');
    const csrfBefore = browser.jar.get('csrftoken');
    const answer = await browser.login(DEMO_USER.email, DEMO_PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.body.data.user).toEqual({
      id: h.seed.demoUser.authId,
      display: 'Demo Customer',
      email: DEMO_USER.email,
      username: DEMO_USER.email,
      has_usable_password: true,
    });
    expect(answer.body.data.methods).toEqual([
      { method: 'password', at: expect.any(Number), email: DEMO_USER.email },
    ]);
    const session = answer.cookies.find((c) => c.name === 'sessionid');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).not.toBe(true);
    expect(browser.jar.get('csrftoken')).not.toBe(csrfBefore);

    const again = await browser.api('GET', '/auth/session');
    expect(again.status).toBe(200);
    expect(again.body.meta).toEqual({ is_authenticated: true });
  });

  it('marks cookies Secure when the public URL is https', async () => {
    const secure = await h.variant({ PORTAL_PUBLIC_URL: 'https://portal.example.com' });
    try {
      const browser = secure.browser();
      const answer = await browser.login(DEMO_USER.email, DEMO_PASSWORD);
      expect(answer.cookies.find((c) => c.name === 'sessionid')?.secure).toBe(true);
      expect(answer.cookies.find((c) => c.name === 'csrftoken')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('answers a wrong password with email_password_mismatch on password, and the same for an unknown e-mail', async () => {
    const browser = h.browser();
    const wrong = await browser.login(DEMO_USER.email, 'Wrong-Pass-1');
    const unknown = await browser.login('nobody@example.com', 'Wrong-Pass-1');
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        { code: 'email_password_mismatch', param: 'password', message: MESSAGES.email_password_mismatch },
      ]);
    }
  });

  it('reports each missing field as required', async () => {
    const answer = await h.browser().api('POST', '/auth/login', {});
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { code: 'required', param: 'email', message: MESSAGES.required },
      { code: 'required', param: 'password', message: MESSAGES.required },
    ]);
  });

  it('answers malformed JSON with 400', async () => {
    const answer = await h
      .browser()
      .call('POST', '/_allauth/browser/v1/auth/login', { payload: '{"email": ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, errors: [{ code: 'invalid' }] });
  });

  it('refuses logging in or signing up while signed in with 409', async () => {
    const browser = h.browser();
    await browser.login(DEMO_USER.email, DEMO_PASSWORD);
    expect((await browser.login(DEMO_USER.email, DEMO_PASSWORD)).status).toBe(409);
    expect((await browser.api('POST', '/auth/signup', signupBody())).status).toBe(409);
  });

  it('logs out: 401 with no pending flow, and the old session id is dead', async () => {
    const browser = h.browser();
    await browser.login(DEMO_USER.email, DEMO_PASSWORD);
    const oldSession = browser.jar.get('sessionid');
    const answer = await browser.api('DELETE', '/auth/session');
    expect(answer.status).toBe(401);
    expect(pendingFlows(answer.body)).toEqual([]);
    expect(browser.jar.has('sessionid')).toBe(false);

    const replay = h.browser();
    replay.jar.set('sessionid', oldSession!);
    expect((await replay.api('GET', '/auth/session')).status).toBe(401);
  });

  it('stops a login with an unverified e-mail at verify_email and mails the link', async () => {
    const browser = h.browser();
    const answer = await browser.login(UNVERIFIED_USER.email, DEMO_PASSWORD);
    expect(answer.status).toBe(401);
    expect(pendingFlows(answer.body)).toEqual(['verify_email']);
    expect((await browser.api('GET', '/auth/session')).body.data.flows).toContainEqual({
      id: 'verify_email',
      is_pending: true,
    });
    const [mail] = await h.outbox(UNVERIFIED_USER.email);
    expect(mail?.text).toMatch(/^http:\/\/localhost:8080\/auth\/confirm-email\/\S+$/m);
  });

  it('refuses a bad e-mail verification key with invalid_or_expired_key', async () => {
    const browser = h.browser();
    const get = await browser.api('GET', '/auth/email/verify', undefined, {
      'x-email-verification-key': 'nope',
    });
    const post = await browser.api('POST', '/auth/email/verify', { key: 'nope' });
    for (const answer of [get, post]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        { code: 'invalid_or_expired_key', param: 'key', message: MESSAGES.invalid_or_expired_key },
      ]);
    }
  });

  it('signs up in allauth 65 stage order: SMS code (verify_phone), then the e-mail link (verify_email)', async () => {
    const browser = h.browser();
    const body = signupBody({ consent_marketing: true, referral: 'friend' });
    const signup = await browser.api('POST', '/auth/signup', body);
    expect(signup.status).toBe(401);
    expect(pendingFlows(signup.body)).toEqual(['verify_phone']);
    expect(await h.outbox(body.email)).toEqual([]);

    const wrong = await browser.api('POST', '/auth/phone/verify', { code: 'AAAAAA' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { code: 'incorrect_code', param: 'code', message: MESSAGES.incorrect_code },
    ]);

    const sms = await h.outbox(body.phone);
    expect(sms).toHaveLength(1);
    // allauth 65.16's phone verification code: 8 consonants, dashed 4-4.
    expect(sms[0]?.text).toMatch(
      /^Your portal registration code is [BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}\. It is valid for 15 minutes\.$/,
    );
    const phoneVerified = await browser.api('POST', '/auth/phone/verify', {
      code: await latestCode(h, body.phone),
    });
    expect(phoneVerified.status).toBe(401);
    expect(pendingFlows(phoneVerified.body)).toEqual(['verify_email']);

    const key = await linkKey(h, body.email, 'confirm-email');
    const info = await browser.api('GET', '/auth/email/verify', undefined, {
      'x-email-verification-key': key,
    });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ data: { email: body.email }, meta: { is_authenticating: true } });

    // allauth 65.16 with ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION off (its default): verifying aborts the
    // stashed sign-up login, nobody is signed in: 401 with the anonymous flows, none pending.
    const verified = await browser.api('POST', '/auth/email/verify', { key });
    expect(verified.status).toBe(401);
    expect(verified.body).toEqual({
      status: 401,
      data: { flows: [{ id: 'login' }, { id: 'login_by_code' }, { id: 'signup' }] },
      meta: { is_authenticated: false },
    });
    expect((await browser.api('GET', '/auth/session')).body.data.flows).toEqual(verified.body.data.flows);

    // Then the customer logs in: phone and e-mail are verified, so no stage stops the login.
    const login = await browser.login(body.email, NEW_PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({
      email: body.email,
      username: body.email,
      display: body.email,
    });

    const [row] = await h.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toMatchObject({
      emailVerified: true,
      phoneVerified: true,
      phone: body.phone,
      referral: 'friend',
    });
    expect(row?.consentPersonalDataAt).toBeInstanceOf(Date);
    expect(row?.consentMarketingAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    // A used key does not work twice.
    expect((await h.browser().api('POST', '/auth/email/verify', { key })).status).toBe(400);
  });

  it('verifies an address from another browser without signing anyone in, and drops a pending verify_email there', async () => {
    const signing = h.browser();
    const body = signupBody();
    await signing.api('POST', '/auth/signup', body);
    await signing.api('POST', '/auth/phone/verify', { code: await latestCode(h, body.phone) });
    const key = await linkKey(h, body.email, 'confirm-email');

    // Another browser, where the unverified demo account waits for its own link (allauth aborts
    // whatever verify_email stage is pending in the session that verifies).
    const elsewhere = h.browser();
    expect(pendingFlows((await elsewhere.login(UNVERIFIED_USER.email, DEMO_PASSWORD)).body)).toEqual([
      'verify_email',
    ]);
    const info = await elsewhere.api('GET', '/auth/email/verify', undefined, {
      'x-email-verification-key': key,
    });
    expect(info.body.meta).toEqual({ is_authenticating: true });
    const verified = await elsewhere.api('POST', '/auth/email/verify', { key });
    expect(verified.status).toBe(401);
    expect(pendingFlows(verified.body)).toEqual([]);
    expect(pendingFlows((await elsewhere.api('GET', '/auth/session')).body)).toEqual([]);

    // The browser that signed up still waits at verify_email; its next login goes through.
    expect(pendingFlows((await signing.api('GET', '/auth/session')).body)).toEqual(['verify_email']);
    expect((await signing.login(body.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('requires the personal-data consent and stores no marketing consent when unticked', async () => {
    const answer = await h
      .browser()
      .api('POST', '/auth/signup', signupBody({ consent_personal_data: false }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { code: 'required', param: 'consent_personal_data', message: MESSAGES.required },
    ]);
  });

  it('enforces the password policy and a valid mobile number, with the spec messages', async () => {
    const answer = await h
      .browser()
      .api('POST', '/auth/signup', signupBody({ password: 'alllowercase1', phone: '+4930123456' }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        code: 'password_policy',
        param: 'password',
        message:
          'Password must be 8+ characters, must contain at least 1 uppercase, 1 lowercase letter and 1 number',
      },
      { code: 'invalid', param: 'phone', message: 'Valid mobile phone number required.' },
    ]);
    for (const phone of ['12345', '0151 23456789', 'not a number']) {
      const bad = await h.browser().api('POST', '/auth/signup', signupBody({ phone }));
      expect(bad.body.errors).toEqual([{ code: 'invalid', param: 'phone', message: MESSAGES.invalid_phone }]);
    }
    const spaced = await h.browser().api('POST', '/auth/signup', signupBody({ phone: '+49 151 2345 6700' }));
    expect(spaced.status).toBe(401);
  });

  it('reports every missing sign-up field as required', async () => {
    const answer = await h.browser().api('POST', '/auth/signup', {});
    expect(answer.body.errors.map((e: { param: string; code: string }) => `${e.param}:${e.code}`)).toEqual([
      'email:required',
      'password:required',
      'phone:required',
      'consent_personal_data:required',
    ]);
  });

  it('answers a sign-up with a taken e-mail exactly like a new one, and tells the owner by mail', async () => {
    const browser = h.browser();
    const body = signupBody({ email: DEMO_USER.email });
    const answer = await browser.api('POST', '/auth/signup', body);
    expect(answer.status).toBe(401);
    expect(pendingFlows(answer.body)).toEqual(['verify_phone']);
    const phoneVerified = await browser.api('POST', '/auth/phone/verify', {
      code: await latestCode(h, body.phone),
    });
    expect(phoneVerified.status).toBe(401);
    expect(pendingFlows(phoneVerified.body)).toEqual(['verify_email']);
    const [mail] = await h.outbox(DEMO_USER.email);
    expect(mail?.subject).toBe('[Portal] Account Already Exists');
  });

  it('resends the SMS code, at most once per 30 s, and only while verify_phone is pending', async () => {
    const idle = await h.browser().api('POST', '/auth/phone/verify/resend');
    expect(idle.status).toBe(409);
    const browser = h.browser();
    const body = signupBody();
    await browser.api('POST', '/auth/signup', body);
    expect((await browser.api('POST', '/auth/phone/verify/resend')).status).toBe(429);
    h.clock.advance(31_000);
    expect((await browser.api('POST', '/auth/phone/verify/resend')).status).toBe(200);
    expect(await h.outbox(body.phone)).toHaveLength(2);
  });

  it('drops the pending sign-up after three wrong SMS codes', async () => {
    const browser = h.browser();
    await browser.api('POST', '/auth/signup', signupBody());
    for (let i = 0; i < 3; i++) {
      expect((await browser.api('POST', '/auth/phone/verify', { code: 'AAAAAA' })).status).toBe(400);
    }
    expect((await browser.api('POST', '/auth/phone/verify', { code: 'AAAAAA' })).status).toBe(409);
  });

  it('resends the confirmation mail only after the 180 s cooldown', async () => {
    const browser = h.browser();
    const body = signupBody();
    await browser.api('POST', '/auth/signup', body);
    await browser.api('POST', '/auth/phone/verify', { code: await latestCode(h, body.phone) });
    expect((await browser.api('POST', '/auth/email/verify/resend')).status).toBe(429);
    h.clock.advance(181_000);
    expect((await browser.api('POST', '/auth/email/verify/resend')).status).toBe(200);
    expect(await h.outbox(body.email)).toHaveLength(2);
  });

  it('limits failed logins per account: 5 in 5 minutes, then too_many_login_attempts', async () => {
    const email = 'victim@example.com';
    for (let i = 0; i < 5; i++) {
      expect((await h.browser().login(email, 'Wrong-Pass-1')).body.errors[0].code).toBe(
        'email_password_mismatch',
      );
    }
    const limited = await h.browser().login(email, 'Wrong-Pass-1');
    expect(limited.status).toBe(400);
    expect(limited.body.errors).toEqual([
      { code: 'too_many_login_attempts', message: MESSAGES.too_many_login_attempts },
    ]);
  });

  it('limits failed logins per address: 10 a minute', async () => {
    const browser = h.browser();
    for (let i = 0; i < 10; i++) {
      expect((await browser.login(`spray${i}@example.com`, 'Wrong-Pass-1')).body.errors[0].code).toBe(
        'email_password_mismatch',
      );
    }
    expect((await browser.login('spray-last@example.com', 'Wrong-Pass-1')).body.errors[0].code).toBe(
      'too_many_login_attempts',
    );
    h.clock.advance(61_000);
    expect((await browser.login('spray-later@example.com', 'Wrong-Pass-1')).body.errors[0].code).toBe(
      'email_password_mismatch',
    );
  });

  it('answers other rate limits with 429: login 30/min, signup 20/min per address', async () => {
    const browser = h.browser();
    for (let i = 0; i < 30; i++) expect((await browser.api('POST', '/auth/login', {})).status).toBe(400);
    expect((await browser.api('POST', '/auth/login', {})).status).toBe(429);
    for (let i = 0; i < 20; i++) expect((await browser.api('POST', '/auth/signup', {})).status).toBe(400);
    const limited = await browser.api('POST', '/auth/signup', {});
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ status: 429 });
  });

  it('serves the dev outbox newest first, and GET /runtime-config.json without caching', async () => {
    const entries = await h.outbox(UNVERIFIED_USER.email);
    expect(entries[0]).toEqual({
      to: UNVERIFIED_USER.email,
      subject: expect.any(String),
      text: expect.any(String),
      html: expect.any(String),
      createdAt: expect.any(String),
    });
    const runtime = await h.app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(runtime.json()).toMatchObject({ recaptchaSiteKey: null, sentryDsn: null });
    expect(runtime.headers['cache-control']).toBe('no-store');
  });
});

describe('bot protection (reCAPTCHA v3)', () => {
  let captcha: IdentityHarness;
  let server: Server;
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    // A stand-in for Google's siteverify: token "human" scores 0.9, "bot" 0.1.
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        const score = form.get('response') === 'human' ? 0.9 : 0.1;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ success: form.get('secret') === 's3cret', score }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    captcha = await h.variant({
      RECAPTCHA_SECRET: 's3cret',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
  });

  afterAll(async () => {
    await captcha.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses login and sign-up without a good token, and passes a human', async () => {
    for (const token of [undefined, 'bot']) {
      const login = await captcha.browser().api('POST', '/auth/login', {
        email: DEMO_USER.email,
        password: DEMO_PASSWORD,
        recaptcha_token: token,
      });
      expect(login.status).toBe(400);
      expect(login.body.errors).toEqual([
        { code: 'captcha_failed', param: 'recaptcha_token', message: MESSAGES.captcha_failed },
      ]);
      const signup = await captcha
        .browser()
        .api('POST', '/auth/signup', signupBody({ recaptcha_token: token }));
      expect(signup.body.errors[0].code).toBe('captcha_failed');
    }
    const human = await captcha.browser().api('POST', '/auth/login', {
      email: DEMO_USER.email,
      password: DEMO_PASSWORD,
      recaptcha_token: 'human',
    });
    expect(human.status).toBe(200);
    expect(received.at(-1)?.get('remoteip')).toMatch(/^10\./);
  });

  it('publishes the site key for the browser', async () => {
    const runtime = await captcha.app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(runtime.json()).toMatchObject({ recaptchaSiteKey: 'site-key', sentryDsn: null });
  });
});
