import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts, users } from '../db/schema.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USER, TOTP_USER } from '../db/seed.js';
import { clearDiscoveryCache } from '../sso/oidcClient.js';
import { callbackPath } from '../sso/oidcProviders.js';
import { startOidcProvider, type TestOidcProvider } from '../sso/testProvider.js';
import { type IdentityHarness, openIdentityHarness } from '../test/identity.js';
import { MESSAGES } from './messages.js';
import { totpFor } from './mfa.js';
import { IDENTITY_PREFIX } from './plugin.js';

/**
 * Provider login (SSO) end to end: the real app listening on a port, a real OpenID Connect provider
 * (oidc-provider) on another, and a fetch-driven browser with its own cookie jar between them.
 */

// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely; the contract check types them.
type Json = any;

const CLIENT = { clientId: 'portal-sso-test', clientSecret: 'sso-test-secret-0123456789' };
const CALLBACK = '/account/provider/callback';

const ADA = { email: 'ada@example.com', givenName: 'Ada', familyName: 'Lovelace', name: 'Ada Lovelace' };
const GRACE = { email: 'grace@example.com', name: 'Grace Hopper' };
/** Same address as a verified portal account, but the provider does not vouch for it. */
const SQUATTER = { email: 'victim@example.com', emailVerified: false, sub: 'squatter' };

let h: IdentityHarness;
let op: TestOidcProvider;
let portal: string;

/** A free port for the portal, known before the provider starts (it must list the redirect URI). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  portal = `http://127.0.0.1:${port}`;
  op = await startOidcProvider({
    ...CLIENT,
    redirectUris: [`${portal}${callbackPath('test')}`],
    accounts: [
      ADA,
      GRACE,
      SQUATTER,
      { email: DEMO_USER.email, name: 'Demo at the provider' },
      { email: TOTP_USER.email },
    ],
  });
  h = await openIdentityHarness({
    PORTAL_PUBLIC_URL: portal,
    PORTAL_OIDC_PROVIDERS: JSON.stringify([{ id: 'test', name: 'Test SSO', issuer: op.issuer, ...CLIENT }]),
  });
  await h.app.listen({ port, host: '127.0.0.1' });
  await h.database.db
    .insert(users)
    .values({ email: SQUATTER.email, emailVerified: true, passwordHash: null });
});

afterAll(async () => {
  const checked = new Set(h.seen.map((seen) => `${seen.method} ${seen.url.split('?')[0]} ${seen.status}`));
  for (const answer of [
    'GET /auth/provider/signup 200',
    'POST /auth/provider/signup 200',
    'POST /auth/provider/redirect 400',
  ]) {
    const [method, path, status] = answer.split(' ');
    expect(checked).toContain(`${method} ${IDENTITY_PREFIX}${path} ${status}`);
  }
  h.expectContract();
  await h.close();
  await op?.stop();
  clearDiscoveryCache();
});

/**
 * A browser: one cookie jar for every host (browsers ignore ports for cookies), manual redirects.
 * Identity calls go as the shared client sends them (JSON, `X-CSRFToken`).
 */
class FetchBrowser {
  readonly jar = new Map<string, string>();

  async request(url: string | URL, init: { method?: string; form?: Record<string, string> } = {}) {
    const target = new URL(url, portal);
    const headers: Record<string, string> = {};
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers,
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    this.store(response);
    return response;
  }

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0]!;
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async api(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Json }> {
    if (method !== 'GET' && !this.jar.has('csrftoken')) await this.api('GET', '/config');
    const headers: Record<string, string> = {};
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['x-csrftoken'] = this.jar.get('csrftoken') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${portal}${IDENTITY_PREFIX}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    this.store(response);
    return { status: response.status, body: await response.json() };
  }

  /** The login page's SSO button: a hidden form posted to the provider redirect endpoint. */
  async startLogin(fields: Record<string, string> = {}): Promise<Response> {
    if (!this.jar.has('csrftoken')) await this.api('GET', '/config');
    return this.request(`${IDENTITY_PREFIX}/auth/provider/redirect`, {
      form: {
        provider: 'test',
        process: 'login',
        callback_url: CALLBACK,
        csrfmiddlewaretoken: this.jar.get('csrftoken') ?? '',
        ...fields,
      },
    });
  }
}

function locationOf(response: Response, base: string | URL): URL {
  const location = response.headers.get('location');
  if (!location || (response.status !== 302 && response.status !== 303)) {
    throw new Error(`expected a redirect from ${String(base)}, got ${response.status}`);
  }
  return new URL(location, base);
}

/**
 * At the provider: the login page, signing in with `email` (or Cancel), redirects until the
 * provider sends the browser back to the portal's callback. Returns that callback URL.
 */
async function atProvider(browser: FetchBrowser, authorization: URL, action: { email: string } | 'cancel') {
  const page = locationOf(await browser.request(authorization), authorization);
  expect((await browser.request(page)).status).toBe(200);
  let url = new URL(`${page.pathname}/${action === 'cancel' ? 'abort' : 'login'}`, page);
  let response = await browser.request(url, { form: action === 'cancel' ? {} : action });
  for (let hops = 0; hops < 10; hops++) {
    url = locationOf(response, url);
    if (url.origin === portal) return url;
    response = await browser.request(url);
  }
  throw new Error('too many redirects at the provider');
}

/** The whole round trip; returns where the portal's callback sends the browser. */
async function ssoLogin(browser: FetchBrowser, action: { email: string } | 'cancel' = ADA): Promise<string> {
  const started = await browser.startLogin();
  const authorization = locationOf(started, portal);
  expect(authorization.origin).toBe(op.issuer);
  const callback = await atProvider(browser, authorization, action);
  expect(callback.pathname).toBe(callbackPath('test'));
  const back = await browser.request(callback);
  const location = back.headers.get('location');
  expect(back.status).toBe(302);
  return location!;
}

const pendingFlow = (body: Json): Json => body.data.flows.find((flow: Json) => flow.is_pending);

async function userByEmail(email: string) {
  const [user] = await h.database.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('provider login (SSO)', () => {
  it('lists the configured provider in /config and the provider_redirect flow', async () => {
    const browser = new FetchBrowser();
    const config = await browser.api('GET', '/config');
    expect(config.body.data.socialaccount.providers).toEqual([
      {
        id: 'test',
        name: 'Test SSO',
        client_id: CLIENT.clientId,
        flows: ['provider_redirect'],
        openid_configuration_url: `${op.issuer}/.well-known/openid-configuration`,
      },
    ]);
    const session = await browser.api('GET', '/auth/session');
    expect(session.body.data.flows).toContainEqual({ id: 'provider_redirect', providers: ['test'] });
  });

  it('first login: provider_signup pending, then the sign-up form signs in without a password', async () => {
    const browser = new FetchBrowser();
    const started = await browser.startLogin();
    expect(started.status).toBe(302);
    const authorization = locationOf(started, portal);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${portal}${callbackPath('test')}`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    // Nothing of the started login reaches the browser but the authorization URL.
    expect(started.headers.get('set-cookie')).not.toContain(authorization.searchParams.get('state'));

    const callback = await atProvider(browser, authorization, ADA);
    const back = await browser.request(callback);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(CALLBACK);

    const session = await browser.api('GET', '/auth/session');
    expect(session.status).toBe(401);
    const flow = pendingFlow(session.body);
    expect(flow).toEqual({
      id: 'provider_signup',
      is_pending: true,
      provider: {
        id: 'test',
        name: 'Test SSO',
        client_id: CLIENT.clientId,
        flows: ['provider_redirect'],
        openid_configuration_url: `${op.issuer}/.well-known/openid-configuration`,
      },
    });

    const info = await browser.api('GET', '/auth/provider/signup');
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual({
      user: { display: ADA.name, email: ADA.email, username: ADA.email, has_usable_password: false },
      account: { uid: expect.stringMatching(/^test-/), provider: flow.provider, display: ADA.name },
      email: [{ email: ADA.email, primary: true, verified: true }],
    });

    const refused = await browser.api('POST', '/auth/provider/signup', { email: ADA.email });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { param: 'consent_personal_data', code: 'required', message: MESSAGES.required },
    ]);
    const badPhone = await browser.api('POST', '/auth/provider/signup', {
      email: ADA.email,
      consent_personal_data: true,
      phone: '12',
    });
    expect(badPhone.body.errors).toEqual([
      { param: 'phone', code: 'invalid', message: MESSAGES.invalid_phone },
    ]);

    const before = Date.now();
    const signup = await browser.api('POST', '/auth/provider/signup', {
      email: ADA.email.toUpperCase(),
      consent_personal_data: true,
      consent_marketing: true,
    });
    expect(signup.status).toBe(200);
    expect(signup.body.data.user).toMatchObject({
      email: ADA.email,
      display: ADA.name,
      has_usable_password: false,
    });
    expect(signup.body.data.methods).toEqual([
      { method: 'socialaccount', at: expect.any(Number), provider: 'test', uid: info.body.data.account.uid },
    ]);
    expect((await browser.api('GET', '/auth/session')).status).toBe(200);

    const user = await userByEmail(ADA.email);
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      passwordHash: null,
      emailVerified: true,
      phone: '',
    });
    expect(user!.consentPersonalDataAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(user!.consentMarketingAt).not.toBeNull();
    const links = await h.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user!.id));
    expect(links).toMatchObject([{ provider: 'test', uid: info.body.data.account.uid }]);
    expect(links[0]!.extra).toMatchObject({ email: ADA.email, given_name: 'Ada' });

    // Signed in: no sign-up pending any more.
    expect((await browser.api('GET', '/auth/provider/signup')).status).toBe(409);
  });

  it('second login of the same subject signs in directly, under a new session id', async () => {
    const browser = new FetchBrowser();
    const started = await browser.startLogin();
    const sessionBefore = browser.jar.get('sessionid');
    expect(sessionBefore).toBeDefined();
    const csrfBefore = browser.jar.get('csrftoken');
    const callback = await atProvider(browser, locationOf(started, portal), ADA);
    const back = await browser.request(callback);
    expect(back.headers.get('location')).toBe(CALLBACK);
    expect(browser.jar.get('sessionid')).not.toBe(sessionBefore);
    expect(browser.jar.get('csrftoken')).not.toBe(csrfBefore);

    const session = await browser.api('GET', '/auth/session');
    expect(session.status).toBe(200);
    expect(session.body.data.user.email).toBe(ADA.email);
    expect(session.body.data.methods).toMatchObject([{ method: 'socialaccount', provider: 'test' }]);
    const ada = await userByEmail(ADA.email);
    const links = await h.database.db.select().from(socialAccounts).where(eq(socialAccounts.userId, ada!.id));
    expect(links).toHaveLength(1);
    expect(links[0]!.lastLoginAt.getTime()).toBeGreaterThan(links[0]!.createdAt.getTime());
  });

  it("links a user whose verified e-mail is the provider's verified e-mail", async () => {
    const browser = new FetchBrowser();
    expect(await ssoLogin(browser, { email: DEMO_USER.email })).toBe(CALLBACK);
    const session = await browser.api('GET', '/auth/session');
    expect(session.status).toBe(200);
    expect(session.body.data.user).toMatchObject({ id: h.seed.demoUser.authId, has_usable_password: true });
    const [link] = await h.database.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.provider, 'test'), eq(socialAccounts.userId, h.seed.demoUser.id)));
    expect(link).toBeDefined();
  });

  it('never links by an e-mail the provider did not verify', async () => {
    const browser = new FetchBrowser();
    expect(await ssoLogin(browser, { email: SQUATTER.email })).toBe(CALLBACK);
    const session = await browser.api('GET', '/auth/session');
    expect(pendingFlow(session.body)?.id).toBe('provider_signup');
    const info = await browser.api('GET', '/auth/provider/signup');
    expect(info.body.data.email).toEqual([{ email: SQUATTER.email, primary: true, verified: false }]);
    const victim = await userByEmail(SQUATTER.email);
    expect(
      await h.database.db.select().from(socialAccounts).where(eq(socialAccounts.userId, victim!.id)),
    ).toEqual([]);

    // Claiming the taken address looks like any sign-up, and signs nobody in.
    const signup = await browser.api('POST', '/auth/provider/signup', {
      email: SQUATTER.email,
      consent_personal_data: true,
    });
    expect(signup.status).toBe(401);
    expect(pendingFlow(signup.body)?.id).toBe('verify_email');
    const [mail] = await h.outbox(SQUATTER.email);
    expect(mail?.subject).toMatch(/already/i);
  });

  it('asks to verify an e-mail other than the one the provider verified', async () => {
    const browser = new FetchBrowser();
    await ssoLogin(browser, { email: GRACE.email });
    const signup = await browser.api('POST', '/auth/provider/signup', {
      email: 'grace.other@example.com',
      consent_personal_data: true,
    });
    expect(signup.status).toBe(401);
    expect(pendingFlow(signup.body)?.id).toBe('verify_email');
    expect((await userByEmail('grace.other@example.com'))?.emailVerified).toBe(false);
    const [mail] = await h.outbox('grace.other@example.com');
    expect(mail?.text).toContain(`${portal}/auth/confirm-email/`);
  });

  it('stops a TOTP user at mfa_authenticate, then the code signs in', async () => {
    const browser = new FetchBrowser();
    expect(await ssoLogin(browser, { email: TOTP_USER.email })).toBe(CALLBACK);
    const session = await browser.api('GET', '/auth/session');
    expect(session.status).toBe(401);
    expect(pendingFlow(session.body)).toEqual({
      id: 'mfa_authenticate',
      is_pending: true,
      types: ['recovery_codes', 'totp'],
    });
    h.clock.advance(30_000);
    const code = totpFor(DEMO_TOTP_SECRET, 'x').generate({ timestamp: h.clock.now() });
    const done = await browser.api('POST', '/auth/2fa/authenticate', { code });
    expect(done.status).toBe(200);
    expect(done.body.data.methods).toMatchObject([
      { method: 'socialaccount', provider: 'test' },
      { method: 'mfa', type: 'totp' },
    ]);
  });

  it('sends a cancel at the provider back with ?error=cancelled', async () => {
    const browser = new FetchBrowser();
    expect(await ssoLogin(browser, 'cancel')).toBe(`${CALLBACK}?error=cancelled&error_process=login`);
    expect((await browser.api('GET', '/auth/session')).status).toBe(401);
  });

  it('answers a tampered or replayed state with ?error=unknown', async () => {
    const unknown = `${CALLBACK}?error=unknown&error_process=login`;
    const browser = new FetchBrowser();
    const callback = await atProvider(browser, locationOf(await browser.startLogin(), portal), ADA);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    expect((await browser.request(tampered)).headers.get('location')).toBe(unknown);
    // A state this session never issued spends nothing: the real one still completes.
    expect((await browser.request(callback)).headers.get('location')).toBe(CALLBACK);
    expect((await browser.api('GET', '/auth/session')).status).toBe(200);
    // …once: the same callback again finds no started login (the user stays signed in).
    expect((await browser.request(callback)).headers.get('location')).toBe(unknown);

    // The state leaves the session before the code exchange: a failed exchange spends it too.
    const other = new FetchBrowser();
    const second = await atProvider(other, locationOf(await other.startLogin(), portal), ADA);
    const badCode = new URL(second);
    badCode.searchParams.set('code', 'not-the-code');
    expect((await other.request(badCode)).headers.get('location')).toBe(unknown);
    expect((await other.request(second)).headers.get('location')).toBe(unknown);
    expect((await other.api('GET', '/auth/session')).status).toBe(401);
  });

  it('refuses a callback_url that is not a path on this site, and an unknown provider', async () => {
    const browser = new FetchBrowser();
    for (const callback_url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/a//b',
      'account/provider/callback',
      '/\tevil',
    ]) {
      const answer = await browser.startLogin({ callback_url });
      expect(answer.status, callback_url).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      expect(await answer.json()).toEqual({
        status: 400,
        errors: [{ param: 'callback_url', code: 'invalid_url', message: 'Invalid URL.' }],
      });
    }
    const unknown = await browser.startLogin({ provider: 'nope' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      status: 400,
      errors: [{ param: 'provider', code: 'unknown_provider', message: 'Unknown provider.' }],
    });
    const connect = await browser.startLogin({ process: 'connect', callback_url: '/account/providers?x=1' });
    expect(connect.headers.get('location')).toBe(
      '/account/providers?x=1&error=unknown&error_process=connect',
    );
  });

  it('refuses the form post without the CSRF form field (or with a wrong one) with 403', async () => {
    const browser = new FetchBrowser();
    await browser.api('GET', '/config');
    const form = { provider: 'test', process: 'login', callback_url: CALLBACK };
    for (const fields of [form, { ...form, csrfmiddlewaretoken: 'x'.repeat(32) }]) {
      const answer = await browser.request(`${IDENTITY_PREFIX}/auth/provider/redirect`, { form: fields });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ status: 403, errors: [{ code: 'csrf' }] });
    }
    expect(browser.jar.has('sessionid')).toBe(false);
  });

  it('answers 409 to the provider sign-up when none is pending', async () => {
    const browser = new FetchBrowser();
    expect((await browser.api('GET', '/auth/provider/signup')).status).toBe(409);
    const post = await browser.api('POST', '/auth/provider/signup', { email: 'x@example.com' });
    expect(post.status).toBe(409);
    // A password login replaces a pending provider sign-up.
    await ssoLogin(browser, { email: GRACE.email });
    expect(
      (await browser.api('POST', '/auth/login', { email: DEMO_USER.email, password: DEMO_PASSWORD })).status,
    ).toBe(200);
    expect((await browser.api('GET', '/auth/provider/signup')).status).toBe(409);
  });
});
