import { describe, expect, it } from 'vitest';
import { authInfo } from './authInfo';

const user = { id: 7, display: 'Ada', email: 'ada@example.com', has_usable_password: true };

describe('authInfo', () => {
  it('a 200 with is_authenticated is signed in', () => {
    expect(authInfo({ status: 200, data: { user }, meta: { is_authenticated: true } })).toEqual({
      isAuthenticated: true,
      requiresReauthentication: false,
      user,
      pendingFlow: undefined,
    });
  });

  it('a 401 with is_authenticated is still signed in, but needs reauthentication', () => {
    const info = authInfo({
      status: 401,
      data: { user, flows: [{ id: 'reauthenticate' }] },
      meta: { is_authenticated: true },
    });
    expect(info.isAuthenticated).toBe(true);
    expect(info.requiresReauthentication).toBe(true);
    expect(info.user).toEqual(user);
  });

  it('a 401 without is_authenticated is signed out, with its pending flow', () => {
    expect(
      authInfo({
        status: 401,
        data: { flows: [{ id: 'verify_email', is_pending: true }] },
        meta: { is_authenticated: false },
      }),
    ).toEqual({
      isAuthenticated: false,
      requiresReauthentication: false,
      user: null,
      pendingFlow: { id: 'verify_email', is_pending: true },
    });
  });

  it.each([
    ['410', { status: 410 }],
    ['a 200 without the flag', { status: 200, data: { user } }],
    ['a network failure', { status: 0 }],
    ['a 403 that claims authentication', { status: 403, meta: { is_authenticated: true } }],
  ])('%s is signed out', (_what, auth) => {
    expect(authInfo(auth)).toMatchObject({
      isAuthenticated: false,
      requiresReauthentication: false,
      user: null,
    });
  });

  it('no answer at all is signed out', () => {
    expect(authInfo(null).isAuthenticated).toBe(false);
    expect(authInfo(undefined).isAuthenticated).toBe(false);
  });
});
