import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_CHANGE_EVENT, getConfig, identityRequest, SESSION_TOKEN_KEY } from './client';
import { loadSessionState } from './loadSessionState';

function answer(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('identity client', () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie the client reads
    document.cookie = 'csrftoken=tok123; path=/';
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends X-CSRFToken from the csrf cookie, same-origin credentials', async () => {
    const fetchMock = answer(200, { status: 200, data: {} });
    vi.stubGlobal('fetch', fetchMock);
    await identityRequest('POST', '/auth/login', { email: 'a@b.c' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/_allauth/browser/v1/auth/login');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['X-CSRFToken']).toBe('tok123');
    expect(init.body).toBe('{"email":"a@b.c"}');
  });

  it('does not send the csrf header to /config', async () => {
    const fetchMock = answer(200, { status: 200, data: { account: {} } });
    vi.stubGlobal('fetch', fetchMock);
    expect(await getConfig()).toEqual({ account: {} });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-CSRFToken']).toBeUndefined();
  });

  it('answers a network failure as status 0 network_error with the spec message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await identityRequest('GET', '/auth/session')).toEqual({
      status: 0,
      errors: [{ code: 'network_error', message: 'Network error: Failed to fetch' }],
    });
  });

  it('clears the session token on 410 and fires the auth change event', async () => {
    sessionStorage.setItem(SESSION_TOKEN_KEY, 'old');
    vi.stubGlobal('fetch', answer(410, { status: 410 }));
    const events: unknown[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener(AUTH_CHANGE_EVENT, listener);
    await identityRequest('GET', '/auth/session');
    window.removeEventListener(AUTH_CHANGE_EVENT, listener);
    expect(sessionStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
    expect(events).toEqual([{ status: 410 }]);
  });

  it('fires the auth change event on 401 and on authenticated 200, not on other 200s', async () => {
    const events: number[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent).detail.status);
    window.addEventListener(AUTH_CHANGE_EVENT, listener);
    vi.stubGlobal(
      'fetch',
      answer(401, { status: 401, data: { flows: [] }, meta: { is_authenticated: false } }),
    );
    await identityRequest('GET', '/auth/session');
    vi.stubGlobal('fetch', answer(200, { status: 200, data: {}, meta: { is_authenticated: true } }));
    await identityRequest('GET', '/auth/session');
    vi.stubGlobal('fetch', answer(200, { status: 200, data: {} }));
    await identityRequest('GET', '/config');
    window.removeEventListener(AUTH_CHANGE_EVENT, listener);
    expect(events).toEqual([401, 200]);
  });
});

describe('identity client: session token and odd answers', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a session token the server hands out and sends it on later calls', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, { status: 200, data: {}, meta: { is_authenticated: true, session_token: 'tok-9' } }),
    );
    await identityRequest('POST', '/auth/login', {});
    expect(sessionStorage.getItem(SESSION_TOKEN_KEY)).toBe('tok-9');
    const fetchMock = answer(200, { status: 200, data: {} });
    vi.stubGlobal('fetch', fetchMock);
    await identityRequest('GET', '/auth/session');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-Session-Token']).toBe('tok-9');
  });

  it('sends no session token header without one, and no body or content type on GET', async () => {
    const fetchMock = answer(200, { status: 200, data: {} });
    vi.stubGlobal('fetch', fetchMock);
    await identityRequest('GET', '/auth/session');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    const headers = init.headers as Record<string, string>;
    expect(headers['X-Session-Token']).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('answers a body that is not JSON with the HTTP status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    expect(await identityRequest('GET', '/auth/session')).toEqual({ status: 502 });
  });

  it('fills in the HTTP status when the JSON body has none, and fires the event on such a 401', async () => {
    vi.stubGlobal(
      'fetch',
      answer(401, { data: { flows: [{ id: 'login' }] }, meta: { is_authenticated: false } }),
    );
    const events: unknown[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener(AUTH_CHANGE_EVENT, listener);
    const result = await identityRequest('GET', '/auth/session');
    window.removeEventListener(AUTH_CHANGE_EVENT, listener);
    expect(result.status).toBe(401);
    expect(events).toEqual([result]);
  });

  it('fires no event on a network failure, a 400 or an unauthenticated 200', async () => {
    const events: unknown[] = [];
    const listener = (e: Event) => events.push(e);
    window.addEventListener(AUTH_CHANGE_EVENT, listener);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await identityRequest('GET', '/auth/session');
    vi.stubGlobal('fetch', answer(400, { status: 400, errors: [{ code: 'invalid', message: 'x' }] }));
    await identityRequest('POST', '/auth/login', {});
    vi.stubGlobal('fetch', answer(200, { status: 200, data: {}, meta: { is_authenticated: false } }));
    await identityRequest('POST', '/auth/password/request', {});
    window.removeEventListener(AUTH_CHANGE_EVENT, listener);
    expect(events).toEqual([]);
  });
});

describe('loadSessionState', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('never rejects: an unreachable identity service gives a loaded, signed-out state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await loadSessionState()).toEqual({
      loaded: true,
      isAuthenticated: false,
      auth: null,
      config: null,
    });
  });

  it('a 401 with is_authenticated is still authenticated (reauthentication needed)', async () => {
    vi.stubGlobal(
      'fetch',
      answer(401, {
        status: 401,
        data: { flows: [{ id: 'reauthenticate' }] },
        meta: { is_authenticated: true },
      }),
    );
    const state = await loadSessionState();
    expect(state.isAuthenticated).toBe(true);
  });

  it('loads the session and the config together, and keeps the answer as auth', async () => {
    const session = { status: 200, data: { user: { id: 1 } }, meta: { is_authenticated: true } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json(url.endsWith('/config') ? { status: 200, data: { account: {} } } : session),
      ),
    );
    expect(await loadSessionState()).toEqual({
      loaded: true,
      isAuthenticated: true,
      auth: session,
      config: { account: {} },
    });
  });

  it('a signed-out 401 is loaded, not authenticated, with its flows', async () => {
    const session = { status: 401, data: { flows: [{ id: 'login' }] }, meta: { is_authenticated: false } };
    vi.stubGlobal('fetch', answer(401, session));
    const state = await loadSessionState();
    expect(state).toMatchObject({ loaded: true, isAuthenticated: false, auth: session });
  });
});
