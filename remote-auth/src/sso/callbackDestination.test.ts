import { describe, expect, it } from 'vitest';
import { pendingAuth } from '../test/renderPage';
import { callbackDestination } from './callbackDestination';

const base = { isAuthenticated: false, auth: null, nextPath: undefined, error: null };

describe('callbackDestination', () => {
  it('signed in: the saved next path', () => {
    expect(callbackDestination({ ...base, isAuthenticated: true, nextPath: '/billing' })).toBe('/billing');
  });

  it('signed in without a saved path: Home', () => {
    expect(callbackDestination({ ...base, isAuthenticated: true })).toBe('/');
  });

  it('signed in wins over a pending flow and an error', () => {
    expect(
      callbackDestination({
        ...base,
        isAuthenticated: true,
        auth: pendingAuth('mfa_authenticate'),
        error: 'x',
      }),
    ).toBe('/');
  });

  it.each([
    ['provider_signup', '/auth/provider/signup'],
    ['mfa_authenticate', '/auth/2fa/authenticate'],
    ['verify_email', '/auth/signup'],
    ['login', '/auth/login'],
  ])('not signed in, %s pending: its page', (flow, path) => {
    expect(callbackDestination({ ...base, auth: pendingAuth(flow) })).toBe(path);
  });

  it('not signed in, nothing pending: the login page', () => {
    expect(callbackDestination(base)).toBe('/auth/login');
    expect(callbackDestination({ ...base, auth: { status: 401, data: { flows: [{ id: 'login' }] } } })).toBe(
      '/auth/login',
    );
  });

  it('the login page carries the provider error', () => {
    expect(callbackDestination({ ...base, error: 'cancelled' })).toBe('/auth/login?error=cancelled');
    expect(callbackDestination({ ...base, error: 'a b&c' })).toBe('/auth/login?error=a%20b%26c');
  });

  it('an unknown pending flow falls back to the login page', () => {
    expect(callbackDestination({ ...base, auth: pendingAuth('made_up') })).toBe('/auth/login');
  });
});
