import type { AuthResponseBody, IdentityConfig } from './types';

export const IDENTITY_BASE = '/_allauth/browser/v1';
export const SESSION_TOKEN_KEY = 'sessionToken';
export const AUTH_CHANGE_EVENT = 'allauth.auth.change';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

/**
 * One call to the identity service. Never throws: a network failure answers status 0 with
 * `network_error` (spec section 8), so callers handle one shape.
 */
export async function identityRequest(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<AuthResponseBody> {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...headers },
  };
  const h = init.headers as Record<string, string>;
  if (path !== '/config') {
    const csrf = readCookie('csrftoken');
    if (csrf) h['X-CSRFToken'] = csrf;
  }
  const token = sessionStorage.getItem(SESSION_TOKEN_KEY);
  if (token) h['X-Session-Token'] = token;
  if (body !== undefined) {
    h['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let result: AuthResponseBody;
  try {
    const response = await fetch(`${IDENTITY_BASE}${path}`, init);
    result = (await response.json().catch(() => ({ status: response.status }))) as AuthResponseBody;
    if (typeof result.status !== 'number') result.status = response.status;
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return { status: 0, errors: [{ code: 'network_error', message: `Network error: ${detail}` }] };
  }
  if (result.status === 410) sessionStorage.removeItem(SESSION_TOKEN_KEY);
  if (result.meta?.session_token) sessionStorage.setItem(SESSION_TOKEN_KEY, result.meta.session_token);
  if (
    result.status === 401 ||
    result.status === 410 ||
    (result.status === 200 && result.meta?.is_authenticated)
  ) {
    window.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT, { detail: result }));
  }
  return result;
}

export const getSession = () => identityRequest('GET', '/auth/session');

export async function getConfig(): Promise<IdentityConfig | null> {
  const response = await identityRequest('GET', '/config');
  return response.status === 200 ? (response.data as unknown as IdentityConfig) : null;
}
