import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, users } from '../db/schema.js';
import { DEMO_PASSWORD, DEMO_RECOVERY_CODES, DEMO_TOTP_SECRET, DEMO_USER, TOTP_USER } from '../db/seed.js';
import {
  type Browser,
  type IdentityHarness,
  latestCode,
  linkKey,
  openIdentityHarness,
} from '../test/identity.js';
import { MESSAGES } from './messages.js';
import { totpFor } from './mfa.js';

const NEW_PASSWORD = 'Other-Pass-9';
const pendingFlows = (body: { data: { flows: { id: string; is_pending?: boolean }[] } }) =>
  body.data.flows.filter((flow) => flow.is_pending).map((flow) => flow.id);

let h: IdentityHarness;
let userCount = 0;

/** A verified account with the demo password (reusing the seed's hash: argon2 is slow on purpose). */
async function createUser(): Promise<string> {
  userCount += 1;
  const email = `account${userCount}@example.com`;
  await h.database.db.insert(users).values({
    email,
    phone: `+4915123450${String(100 + userCount)}`,
    passwordHash: h.seed.demoUser.passwordHash,
    emailVerified: true,
    phoneVerified: true,
  });
  return email;
}

/** Moves the clock to one second into the next 30 s step, so a test has 29 s of one step. */
function nextStep(): void {
  h.clock.advance(30_000 - (h.clock.now() % 30_000) + 1_000);
}

/** A TOTP code of a fresh time step (a code that logged in is spent for 30 s, as in allauth). */
function nextTotp(secret = DEMO_TOTP_SECRET): string {
  nextStep();
  return totpFor(secret, 'x').generate({ timestamp: h.clock.now() });
}

async function signedIn(email: string): Promise<Browser> {
  const browser = h.browser();
  expect((await browser.login(email, DEMO_PASSWORD)).status).toBe(200);
  return browser;
}

beforeAll(async () => {
  h = await openIdentityHarness({ PORTAL_REAUTH_TIMEOUT_S: '300' });
});

afterAll(async () => {
  h.expectContract();
  await h.close();
});

describe('two-factor authentication', () => {
  it('stops a TOTP user at mfa_authenticate with its types, then a code signs in', async () => {
    const browser = h.browser();
    const login = await browser.login(TOTP_USER.email, DEMO_PASSWORD);
    expect(login.status).toBe(401);
    expect(login.body.data.flows).toContainEqual({
      id: 'mfa_authenticate',
      is_pending: true,
      types: ['recovery_codes', 'totp'],
    });
    expect(pendingFlows(login.body)).toEqual(['mfa_authenticate']);

    const wrong = await browser.api('POST', '/auth/2fa/authenticate', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { code: 'incorrect_code', param: 'code', message: MESSAGES.incorrect_code },
    ]);

    const sessionBefore = browser.jar.get('sessionid');
    const ok = await browser.api('POST', '/auth/2fa/authenticate', { code: nextTotp() });
    expect(ok.status).toBe(200);
    expect(ok.body.data.methods.map((m: { method: string }) => m.method)).toEqual(['password', 'mfa']);
    expect(ok.body.data.methods[1]).toMatchObject({ type: 'totp', id: expect.any(Number) });
    expect(browser.jar.get('sessionid')).not.toBe(sessionBefore);
  });

  it('refuses a TOTP code the second time', async () => {
    const code = nextTotp();
    const first = h.browser();
    await first.login(TOTP_USER.email, DEMO_PASSWORD);
    expect((await first.api('POST', '/auth/2fa/authenticate', { code })).status).toBe(200);
    const second = h.browser();
    await second.login(TOTP_USER.email, DEMO_PASSWORD);
    const replay = await second.api('POST', '/auth/2fa/authenticate', { code });
    expect(replay.status).toBe(400);
    expect(replay.body.errors[0].code).toBe('incorrect_code');
  });

  it('accepts a recovery code once', async () => {
    const [code] = DEMO_RECOVERY_CODES;
    const first = h.browser();
    await first.login(TOTP_USER.email, DEMO_PASSWORD);
    const ok = await first.api('POST', '/auth/2fa/authenticate', { code });
    expect(ok.status).toBe(200);
    expect(ok.body.data.methods[1]).toMatchObject({ method: 'mfa', type: 'recovery_codes' });
    const second = h.browser();
    await second.login(TOTP_USER.email, DEMO_PASSWORD);
    expect((await second.api('POST', '/auth/2fa/authenticate', { code })).status).toBe(400);
  });

  it('compares recovery codes exactly, as typed apart from surrounding whitespace', async () => {
    const code = DEMO_RECOVERY_CODES[1];
    const browser = h.browser();
    await browser.login(TOTP_USER.email, DEMO_PASSWORD);
    const dashed = await browser.api('POST', '/auth/2fa/authenticate', {
      code: `${code.slice(0, 4)}-${code.slice(4)}`,
    });
    expect(dashed.body.errors).toEqual([
      { code: 'incorrect_code', param: 'code', message: MESSAGES.incorrect_code },
    ]);
    expect((await browser.api('POST', '/auth/2fa/authenticate', { code: ` ${code} ` })).status).toBe(200);
  });

  it('accepts the activation code for a 2FA login in the same time step, and only once (allauth)', async () => {
    const email = await createUser();
    const browser = await signedIn(email);
    const { secret } = (await browser.api('GET', '/account/authenticators/totp')).body.meta;
    nextStep();
    const code = totpFor(secret, 'x').generate({ timestamp: h.clock.now() });
    expect((await browser.api('POST', '/account/authenticators/totp', { code })).status).toBe(200);

    // allauth's ActivateTOTPForm only validates the code; logging in with it spends it.
    const login = h.browser();
    expect(pendingFlows((await login.login(email, DEMO_PASSWORD)).body)).toEqual(['mfa_authenticate']);
    const ok = await login.api('POST', '/auth/2fa/authenticate', { code });
    expect(ok.status).toBe(200);
    expect(ok.body.data.methods.at(-1)).toMatchObject({ method: 'mfa', type: 'totp' });

    // Spent now: neither a second login nor a reauthentication takes it during its 30 s.
    const replay = h.browser();
    await replay.login(email, DEMO_PASSWORD);
    const refused = await replay.api('POST', '/auth/2fa/authenticate', { code });
    expect(refused.body.errors).toEqual([
      { code: 'incorrect_code', param: 'code', message: MESSAGES.incorrect_code },
    ]);
    expect((await login.api('POST', '/auth/2fa/reauthenticate', { code })).status).toBe(400);
    // The next step's code works again.
    expect((await replay.api('POST', '/auth/2fa/authenticate', { code: nextTotp(secret) })).status).toBe(200);
  });

  it('answers 2FA without a pending stage with the plain 401', async () => {
    const answer = await h.browser().api('POST', '/auth/2fa/authenticate', { code: '123456' });
    expect(answer.status).toBe(401);
    expect(answer.body.meta.is_authenticated).toBe(false);
  });

  it('limits wrong 2FA codes per account (5 per 5 minutes)', async () => {
    h.clock.advance(301_000); // out of the window of the wrong codes above
    const browser = h.browser();
    await browser.login(TOTP_USER.email, DEMO_PASSWORD);
    for (let i = 0; i < 5; i++) {
      expect(
        (await browser.api('POST', '/auth/2fa/authenticate', { code: '000000' })).body.errors[0].code,
      ).toBe('incorrect_code');
    }
    const limited = await browser.api('POST', '/auth/2fa/authenticate', { code: nextTotp() });
    expect(limited.body.errors).toEqual([
      { code: 'too_many_login_attempts', param: 'code', message: MESSAGES.too_many_login_attempts },
    ]);
    h.clock.advance(301_000);
  });

  it('sets up TOTP: 404 with a secret, activation makes 10 recovery codes, then 200', async () => {
    const email = await createUser();
    const browser = await signedIn(email);
    expect((await browser.api('GET', '/account/authenticators')).body).toEqual({ status: 200, data: [] });

    const missing = await browser.api('GET', '/account/authenticators/totp');
    expect(missing.status).toBe(404);
    const { secret, totp_url } = missing.body.meta;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp_url).toBe(
      `otpauth://totp/Portal:${encodeURIComponent(email)}?issuer=Portal&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );

    const wrong = await browser.api('POST', '/account/authenticators/totp', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'incorrect_code', param: 'code' });

    const activated = await browser.api('POST', '/account/authenticators/totp', { code: nextTotp(secret) });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({
      data: { type: 'totp', last_used_at: null },
      meta: { recovery_codes_generated: true },
    });

    const codes = await browser.api('GET', '/account/authenticators/recovery-codes');
    expect(codes.status).toBe(200);
    expect(codes.body.data).toMatchObject({
      type: 'recovery_codes',
      total_code_count: 10,
      unused_code_count: 10,
    });
    expect(codes.body.data.unused_codes).toHaveLength(10);
    expect(new Set(codes.body.data.unused_codes).size).toBe(10);
    // allauth's MFA_RECOVERY_CODE_DIGITS = 8: decimal digits only.
    for (const code of codes.body.data.unused_codes) expect(code).toMatch(/^\d{8}$/);

    expect((await browser.api('GET', '/account/authenticators/totp')).status).toBe(200);
    const list = await browser.api('GET', '/account/authenticators');
    expect(list.body.data.map((a: { type: string }) => a.type)).toEqual(['totp', 'recovery_codes']);
    expect(list.body.data[1].unused_codes).toBeUndefined();

    const regenerated = await browser.api('POST', '/account/authenticators/recovery-codes');
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.data.unused_codes).not.toEqual(codes.body.data.unused_codes);

    // The next login now asks for the second factor.
    const again = h.browser();
    expect(pendingFlows((await again.login(email, DEMO_PASSWORD)).body)).toEqual(['mfa_authenticate']);

    expect((await browser.api('DELETE', '/account/authenticators/totp')).status).toBe(200);
    expect((await browser.api('GET', '/account/authenticators')).body.data).toEqual([]);
    expect((await browser.api('GET', '/account/authenticators/recovery-codes')).status).toBe(404);
  });

  it('refuses recovery codes without TOTP', async () => {
    const browser = await signedIn(await createUser());
    const answer = await browser.api('POST', '/account/authenticators/recovery-codes');
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { code: 'cannot_generate_recovery_codes', message: MESSAGES.cannot_generate_recovery_codes },
    ]);
  });
});

describe('reauthentication', () => {
  it('asks for it after the timeout on sensitive authenticator calls, with the right flows', async () => {
    const browser = await signedIn(await createUser());
    const secret = (await browser.api('GET', '/account/authenticators/totp')).body.meta.secret;
    h.clock.advance(301_000);

    for (const [method, path] of [
      ['POST', '/account/authenticators/totp'],
      ['DELETE', '/account/authenticators/totp'],
      ['GET', '/account/authenticators/recovery-codes'],
      ['POST', '/account/authenticators/recovery-codes'],
    ] as const) {
      const answer = await browser.api(method, path, method === 'POST' ? { code: '000000' } : undefined);
      expect(answer.status).toBe(401);
      expect(answer.body.meta).toEqual({ is_authenticated: true });
      expect(answer.body.data.flows).toEqual([{ id: 'reauthenticate' }]);
      expect(answer.body.data.user.username).toMatch(/@example\.com$/);
    }

    const wrong = await browser.api('POST', '/auth/reauthenticate', { password: 'Nope-Nope-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { code: 'incorrect_password', param: 'password', message: MESSAGES.incorrect_password },
    ]);
    const before = browser.jar.get('sessionid');
    const ok = await browser.api('POST', '/auth/reauthenticate', { password: DEMO_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.data.methods.at(-1)).toMatchObject({ method: 'password', reauthenticated: true });
    expect(browser.jar.get('sessionid')).not.toBe(before);
    expect(
      (await browser.api('POST', '/account/authenticators/totp', { code: nextTotp(secret) })).status,
    ).toBe(200);
  });

  it('offers mfa_reauthenticate to a TOTP user, and a code reauthenticates', async () => {
    const browser = h.browser();
    await browser.login(TOTP_USER.email, DEMO_PASSWORD);
    await browser.api('POST', '/auth/2fa/authenticate', { code: nextTotp() });
    h.clock.advance(301_000);
    const needed = await browser.api('GET', '/account/authenticators/recovery-codes');
    expect(needed.status).toBe(401);
    expect(needed.body.data.flows).toEqual([
      { id: 'reauthenticate' },
      { id: 'mfa_reauthenticate', types: ['recovery_codes', 'totp'] },
    ]);
    const before = browser.jar.get('sessionid');
    const ok = await browser.api('POST', '/auth/2fa/reauthenticate', { code: nextTotp() });
    expect(ok.status).toBe(200);
    expect(ok.body.data.methods.at(-1)).toMatchObject({ method: 'mfa', type: 'totp', reauthenticated: true });
    expect(browser.jar.get('sessionid')).not.toBe(before);
    expect((await browser.api('GET', '/account/authenticators/recovery-codes')).status).toBe(200);
  });

  it('takes its timeout from PORTAL_REAUTH_TIMEOUT_S', async () => {
    const short = await h.variant({ PORTAL_REAUTH_TIMEOUT_S: '5' });
    try {
      const browser = short.browser();
      await browser.login(await createUser(), DEMO_PASSWORD);
      h.clock.advance(6_000);
      expect((await browser.api('DELETE', '/account/authenticators/totp')).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('password reset and change', () => {
  it('always answers a reset request with 200: a link for a known address, a notice for an unknown one', async () => {
    const browser = h.browser();
    const known = await browser.api('POST', '/auth/password/request', { email: DEMO_USER.email });
    const unknown = await browser.api('POST', '/auth/password/request', { email: 'ghost@example.com' });
    expect(known).toMatchObject({ status: 200, body: { status: 200 } });
    expect(unknown.body).toEqual(known.body);
    expect((await h.outbox('ghost@example.com'))[0]?.subject).toBe('[Portal] Unknown Account');
    expect((await h.outbox(DEMO_USER.email))[0]?.text).toContain(
      'http://localhost:8080/auth/reset-password/key/',
    );
  });

  it('refuses a bad reset key with invalid_password_reset', async () => {
    const browser = h.browser();
    const get = await browser.api('GET', '/auth/password/reset', undefined, {
      'x-password-reset-key': 'bad',
    });
    const post = await browser.api('POST', '/auth/password/reset', { key: 'bad', password: NEW_PASSWORD });
    for (const answer of [get, post]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        { code: 'invalid_password_reset', param: 'key', message: MESSAGES.invalid_password_reset },
      ]);
    }
  });

  it('resets the password with the mailed key, ends every session, and the key works once', async () => {
    const email = await createUser();
    const elsewhere = await signedIn(email);
    const browser = h.browser();
    await browser.api('POST', '/auth/password/request', { email });
    const key = await linkKey(h, email, 'reset-password/key');
    const info = await browser.api('GET', '/auth/password/reset', undefined, { 'x-password-reset-key': key });
    expect(info.body.data.user.email).toBe(email);

    const weak = await browser.api('POST', '/auth/password/reset', { key, password: 'short' });
    expect(weak.body.errors).toEqual([
      { code: 'password_policy', param: 'password', message: MESSAGES.password_policy },
    ]);

    const reset = await browser.api('POST', '/auth/password/reset', { key, password: NEW_PASSWORD });
    expect(reset.status).toBe(401);
    expect((await elsewhere.api('GET', '/auth/session')).status).toBe(401);
    expect((await browser.api('POST', '/auth/password/reset', { key, password: NEW_PASSWORD })).status).toBe(
      400,
    );
    expect((await h.browser().login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('changes the password: checks the current one and the policy, keeps this session, ends the others', async () => {
    const email = await createUser();
    const browser = await signedIn(email);
    const other = await signedIn(email);
    const wrong = await browser.api('POST', '/account/password/change', {
      current_password: 'Wrong-Pass-1',
      new_password: 'weak',
    });
    // allauth's ChangePasswordInput: a wrong current password is `enter_current_password`.
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      status: 400,
      errors: [
        {
          code: 'enter_current_password',
          param: 'current_password',
          message: 'Please type your current password.',
        },
        { code: 'password_policy', param: 'new_password', message: MESSAGES.password_policy },
      ],
    });
    // A missing one is Django's `required` (the account has a usable password).
    const missing = await browser.api('POST', '/account/password/change', { new_password: NEW_PASSWORD });
    expect(missing.body.errors).toEqual([
      { code: 'required', param: 'current_password', message: 'This field is required.' },
    ]);
    const ok = await browser.api('POST', '/account/password/change', {
      current_password: DEMO_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect((await browser.api('GET', '/auth/session')).status).toBe(200);
    expect((await other.api('GET', '/auth/session')).status).toBe(401);
    expect(
      (await h.browser().api('POST', '/account/password/change', { new_password: NEW_PASSWORD })).status,
    ).toBe(401);
  });
});

describe('login by code', () => {
  it('mails a code, answers 401 login_by_code pending, and the code signs in', async () => {
    const email = await createUser();
    const browser = h.browser();
    const request = await browser.api('POST', '/auth/code/request', { email });
    expect(request.status).toBe(401);
    expect(pendingFlows(request.body)).toEqual(['login_by_code']);
    const wrong = await browser.api('POST', '/auth/code/confirm', { code: 'AAAAAA' });
    expect(wrong.body.errors).toEqual([
      { code: 'incorrect_code', param: 'code', message: MESSAGES.incorrect_code },
    ]);
    const code = await latestCode(h, email);
    expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect((await h.outbox(email))[0]?.text).toContain(`\n\n${code}\n\n`);
    // allauth's compare_user_code: the dash, whitespace and case do not matter.
    const typed = ` ${code.replace('-', '').toLowerCase()} `;
    const ok = await browser.api('POST', '/auth/code/confirm', { code: typed });
    expect(ok.status).toBe(200);
    expect(ok.body.data.methods).toEqual([{ method: 'code', at: expect.any(Number), email }]);
  });

  it('looks the same for an unknown address, whose code never works', async () => {
    const browser = h.browser();
    const request = await browser.api('POST', '/auth/code/request', { email: 'stranger@example.com' });
    expect(pendingFlows(request.body)).toEqual(['login_by_code']);
    expect((await h.outbox('stranger@example.com'))[0]?.subject).toBe('[Portal] Unknown Account');
    expect((await browser.api('POST', '/auth/code/confirm', { code: 'AAAAAA' })).status).toBe(400);
    expect((await h.browser().api('POST', '/auth/code/confirm', { code: 'AAAAAA' })).status).toBe(409);
  });

  it('limits code requests per address (3 a minute) with 429', async () => {
    const email = await createUser();
    for (let i = 0; i < 3; i++)
      expect((await h.browser().api('POST', '/auth/code/request', { email })).status).toBe(401);
    expect((await h.browser().api('POST', '/auth/code/request', { email })).status).toBe(429);
  });
});

describe('sessions', () => {
  it('lists the account sessions and ends another one', async () => {
    const email = await createUser();
    const browser = await signedIn(email);
    const other = await signedIn(email);
    const list = await browser.api('GET', '/auth/sessions');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const current = list.body.data.find((s: { is_current: boolean }) => s.is_current);
    const another = list.body.data.find((s: { is_current: boolean }) => !s.is_current);
    expect(current).toMatchObject({ ip: browser.ip, user_agent: 'vitest-browser' });

    const ended = await browser.api('DELETE', '/auth/sessions', { sessions: [another.id] });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toHaveLength(1);
    expect((await other.api('GET', '/auth/session')).status).toBe(401);

    const self = await browser.api('DELETE', '/auth/sessions', { sessions: [current.id] });
    expect(self.status).toBe(401);
    const rows = await h.database.db.select().from(authSessions).where(eq(authSessions.id, current.id));
    expect(rows).toEqual([]);
  });

  it('keeps only a hash of the session id in the database', async () => {
    const browser = await signedIn(DEMO_USER.email);
    const rows = await h.database.db.select({ keyHash: authSessions.keyHash }).from(authSessions);
    expect(rows.some((row) => row.keyHash === browser.jar.get('sessionid'))).toBe(false);
  });
});
