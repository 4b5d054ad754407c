import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  allauthErrorCode,
  beginLogin,
  clearDiscoveryCache,
  completeLogin,
  OidcLoginError,
  type OidcLoginState,
  STATE_MAX_AGE_MS,
} from './oidcClient.js';
import { callbackPath, type OidcProvider } from './oidcProviders.js';
import { startOidcProvider, type TestOidcProvider } from './testProvider.js';

// Nothing listens here: the flow stops at the provider's redirect to it, as a browser would arrive.
const REDIRECT_URI = `http://127.0.0.1:9/${callbackPath('test').slice(1)}`;
const CLIENT = { clientId: 'portal-test', clientSecret: 'test-secret-0123456789' };

let op: TestOidcProvider;
let provider: OidcProvider;

beforeAll(async () => {
  op = await startOidcProvider({
    ...CLIENT,
    redirectUris: [REDIRECT_URI],
    accounts: [
      { email: 'ada@example.com', name: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace' },
      { email: 'unverified@example.com', emailVerified: false, givenName: 'Un', familyName: 'Verified' },
    ],
  });
  provider = {
    id: 'test',
    name: 'Test SSO',
    issuer: op.issuer,
    ...CLIENT,
    scopes: ['openid', 'email', 'profile'],
  };
});

afterAll(async () => {
  await op?.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
  clearDiscoveryCache();
});

/** The provider's cookies, as the browser would keep them (paths ignored: extra cookies are harmless). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0]!;
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function request(jar: CookieJar, url: URL, form?: Record<string, string>): Promise<Response> {
  const response = await fetch(url, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      cookie: jar.header(),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  jar.store(response);
  return response;
}

function locationOf(response: Response, base: URL): URL {
  const location = response.headers.get('location');
  if (!location || response.status < 300 || response.status > 399) {
    throw new Error(`expected a redirect from ${base.href}, got ${response.status}`);
  }
  return new URL(location, base);
}

/**
 * Plays the browser at the provider: opens the authorization URL, gets the login page, signs in
 * with `email` (or presses Cancel), follows redirects until the provider sends it back to the
 * portal's callback. Returns that callback URL.
 */
async function atProvider(authorizationUrl: URL, action: { email: string } | 'cancel'): Promise<URL> {
  const jar = new CookieJar();
  const loginPageUrl = locationOf(await request(jar, authorizationUrl), authorizationUrl);
  expect(loginPageUrl.pathname).toMatch(/^\/interaction\/[\w-]+$/);
  const page = await request(jar, loginPageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<input id="email" name="email" type="email"');
  expect(html).toContain('<button type="submit">Sign in</button>');
  let url = new URL(`${loginPageUrl.pathname}/${action === 'cancel' ? 'abort' : 'login'}`, loginPageUrl);
  let response = await request(jar, url, action === 'cancel' ? {} : action);
  for (let hops = 0; hops < 10; hops++) {
    url = locationOf(response, url);
    if (url.href.startsWith(REDIRECT_URI)) return url;
    response = await request(jar, url);
  }
  throw new Error('too many redirects at the provider');
}

async function codeFor(email = 'ada@example.com'): Promise<{ state: OidcLoginState; callback: URL }> {
  const { url, state } = await beginLogin(provider, REDIRECT_URI);
  return { state, callback: await atProvider(url, { email }) };
}

async function failure(promise: Promise<unknown>): Promise<OidcLoginError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OidcLoginError) return error;
    throw error;
  }
  throw new Error('expected an OidcLoginError');
}

describe('beginLogin', () => {
  it('builds an authorization code request with PKCE S256, state and nonce, all fresh', async () => {
    const first = await beginLogin(provider, REDIRECT_URI);
    const second = await beginLogin(provider, REDIRECT_URI);
    const params = first.url.searchParams;
    expect(first.url.origin).toBe(op.issuer);
    expect(Object.fromEntries(params)).toMatchObject({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      state: first.state.state,
      nonce: first.state.nonce,
      code_challenge_method: 'S256',
    });
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('code_challenge')).not.toBe(first.state.codeVerifier);
    expect(first.url.href).not.toContain(first.state.codeVerifier);
    expect(first.url.href).not.toContain(CLIENT.clientSecret);
    expect(first.state).toMatchObject({ providerId: 'test', createdAt: expect.any(Number) });
    for (const key of ['state', 'nonce', 'codeVerifier'] as const) {
      expect(first.state[key].length).toBeGreaterThanOrEqual(43);
      expect(second.state[key]).not.toBe(first.state[key]);
    }
    // The state must survive a JSON session store.
    expect(JSON.parse(JSON.stringify(first.state))).toEqual(first.state);
  });

  it('discovers each provider once', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    await beginLogin(provider, REDIRECT_URI);
    await beginLogin(provider, REDIRECT_URI);
    await Promise.all([beginLogin(provider, REDIRECT_URI), beginLogin(provider, REDIRECT_URI)]);
    const discoveries = spy.mock.calls.filter(([input]) => String(input).includes('/.well-known/'));
    expect(discoveries).toHaveLength(1);
  });

  it('fails with discovery_error when the provider is unreachable, and retries next time', async () => {
    const closed = await startOidcProvider({ ...CLIENT, redirectUris: [REDIRECT_URI], accounts: [] });
    await closed.stop();
    const gone = { ...provider, issuer: closed.issuer };
    expect((await failure(beginLogin(gone, REDIRECT_URI))).code).toBe('discovery_error');
    const spy = vi.spyOn(globalThis, 'fetch');
    expect((await failure(beginLogin(gone, REDIRECT_URI))).code).toBe('discovery_error');
    expect(spy).toHaveBeenCalled();
  });

  it('refuses plain http to anything but a loopback host', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const error = await failure(beginLogin({ ...provider, issuer: 'http://sso.example.com' }, REDIRECT_URI));
    expect(error.code).toBe('discovery_error');
    expect(spy).not.toHaveBeenCalled();
  });

  it('fails with issuer_mismatch when the discovery document names another issuer', async () => {
    // Serves the real provider's discovery document from another origin: a different issuer.
    const document = await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).text();
    const impostor: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(document);
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    try {
      const issuer = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
      const error = await failure(beginLogin({ ...provider, issuer }, REDIRECT_URI));
      expect(error.code).toBe('issuer_mismatch');
    } finally {
      impostor.closeAllConnections();
      await new Promise((resolve) => impostor.close(resolve));
    }
  });
});

describe('completeLogin', () => {
  it('completes the code flow at a real provider and returns the identity', async () => {
    const { state, callback } = await codeFor();
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe(state.state);
    expect(callback.searchParams.get('iss')).toBe(op.issuer);
    // As the callback route sees it: path and query only.
    const identity = await completeLogin(provider, REDIRECT_URI, callback.pathname + callback.search, state);
    expect(identity).toMatchObject({
      providerId: 'test',
      subject: expect.stringMatching(/^test-[0-9a-f]{16}$/),
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
      givenName: 'Ada',
      familyName: 'Lovelace',
    });
    expect(identity.claims).toMatchObject({ iss: op.issuer, aud: CLIENT.clientId, nonce: state.nonce });

    // The same user again: same subject.
    const again = await codeFor();
    const second = await completeLogin(provider, REDIRECT_URI, again.callback, again.state);
    expect(second.subject).toBe(identity.subject);
  });

  it('reports an unverified e-mail as such and builds the name from its parts', async () => {
    const { state, callback } = await codeFor('UNVERIFIED@example.com');
    const identity = await completeLogin(provider, REDIRECT_URI, callback, state);
    expect(identity).toMatchObject({
      email: 'unverified@example.com',
      emailVerified: false,
      name: 'Un Verified',
    });
  });

  it('shows the login page again for an unknown e-mail', async () => {
    const { url } = await beginLogin(provider, REDIRECT_URI);
    const jar = new CookieJar();
    const page = locationOf(await request(jar, url), url);
    const response = await request(jar, new URL(`${page.pathname}/login`, page), {
      email: 'nobody@example.com',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('No account for nobody@example.com');
  });

  it('rejects a callback whose state is not the stored one (state_mismatch)', async () => {
    const { state, callback } = await codeFor();
    const other = (await beginLogin(provider, REDIRECT_URI)).state;
    expect((await failure(completeLogin(provider, REDIRECT_URI, callback, other))).code).toBe(
      'state_mismatch',
    );
    expect((await failure(completeLogin(provider, REDIRECT_URI, callback, undefined))).code).toBe(
      'state_mismatch',
    );
    const elsewhere = { ...state, providerId: 'other' };
    expect((await failure(completeLogin(provider, REDIRECT_URI, callback, elsewhere))).code).toBe(
      'state_mismatch',
    );
    const stripped = new URL(callback);
    stripped.searchParams.delete('state');
    expect((await failure(completeLogin(provider, REDIRECT_URI, stripped, state))).code).toBe(
      'state_mismatch',
    );
  });

  it('rejects a login started too long ago (state_expired)', async () => {
    const { state, callback } = await codeFor();
    const later = state.createdAt + STATE_MAX_AGE_MS + 1;
    expect((await failure(completeLogin(provider, REDIRECT_URI, callback, state, later))).code).toBe(
      'state_expired',
    );
  });

  it('reports a cancel at the provider as access_denied (allauth: cancelled)', async () => {
    const { url, state } = await beginLogin(provider, REDIRECT_URI);
    const callback = await atProvider(url, 'cancel');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const error = await failure(completeLogin(provider, REDIRECT_URI, callback, state));
    expect(error.code).toBe('access_denied');
    expect(error.providerError).toBe('access_denied');
    expect(allauthErrorCode(error)).toBe('cancelled');
  });

  it('reports another ?error= as provider_error (allauth: unknown)', async () => {
    const { state } = await beginLogin(provider, REDIRECT_URI);
    const callback = `${REDIRECT_URI}?error=temporarily_unavailable&state=${state.state}&iss=${encodeURIComponent(op.issuer)}`;
    const error = await failure(completeLogin(provider, REDIRECT_URI, callback, state));
    expect(error.code).toBe('provider_error');
    expect(allauthErrorCode(error)).toBe('unknown');
    expect(allauthErrorCode(new Error('boom'))).toBe('unknown');
  });

  it('rejects a response from another issuer (mix-up) or without iss', async () => {
    const { state, callback } = await codeFor();
    const mixedUp = new URL(callback);
    mixedUp.searchParams.set('iss', 'https://evil.example.com');
    expect((await failure(completeLogin(provider, REDIRECT_URI, mixedUp, state))).code).toBe(
      'issuer_mismatch',
    );
    mixedUp.searchParams.delete('iss');
    expect((await failure(completeLogin(provider, REDIRECT_URI, mixedUp, state))).code).toBe(
      'issuer_mismatch',
    );
  });

  it('rejects a wrong PKCE verifier at the token endpoint (token_error)', async () => {
    const { state, callback } = await codeFor();
    const forged = { ...state, codeVerifier: (await beginLogin(provider, REDIRECT_URI)).state.codeVerifier };
    const error = await failure(completeLogin(provider, REDIRECT_URI, callback, forged));
    expect(error.code).toBe('token_error');
    expect(error.providerError).toBe('invalid_grant');
  });

  it('rejects an ID token with another nonce (nonce_mismatch)', async () => {
    const { state, callback } = await codeFor();
    const error = await failure(
      completeLogin(provider, REDIRECT_URI, callback, { ...state, nonce: 'x'.repeat(43) }),
    );
    expect(error.code).toBe('nonce_mismatch');
  });

  it('accepts a code once only', async () => {
    const { state, callback } = await codeFor();
    await completeLogin(provider, REDIRECT_URI, callback, state);
    const error = await failure(completeLogin(provider, REDIRECT_URI, callback, state));
    expect(error.code).toBe('token_error');
    expect(error.providerError).toBe('invalid_grant');
  });

  it('rejects wrong client credentials (token_error)', async () => {
    const { state, callback } = await codeFor();
    const wrong = { ...provider, clientSecret: 'not-the-secret' };
    const error = await failure(completeLogin(wrong, REDIRECT_URI, callback, state));
    expect(error.code).toBe('token_error');
    expect(error.providerError).toBe('invalid_client');
  });
});
