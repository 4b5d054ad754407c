import { UnknownFlowError } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { reauthRequired, signedIn, signedInAgain, signedOut } from '../test/authFixtures';
import { AuthChangeOutcome } from './authChange';
import { type AuthChangeInputs, authChangeEffect } from './authChangeEffect';

const { LOGGED_IN, LOGGED_OUT, REAUTHENTICATION_REQUIRED, REAUTHENTICATED, FLOW_UPDATED } = AuthChangeOutcome;

function at(url: string, rest: Partial<AuthChangeInputs> = {}): AuthChangeInputs {
  const [pathname = '/', query] = url.split('?');
  return {
    auth: signedIn(),
    location: { pathname, search: query ? `?${query}` : '' },
    nextPath: undefined,
    beforeExpiryPath: undefined,
    ...rest,
  };
}

describe('authChangeEffect: what each outcome does (spec section 4)', () => {
  it('no outcome, no effect', () => {
    expect(authChangeEffect(null, at('/auth/signup'))).toEqual({ kind: 'none' });
  });

  describe('LOGGED_IN → the saved post-login destination or Home', () => {
    it('a safe redirect query of the current URL first (nothing to forget: it is in the URL left)', () => {
      expect(
        authChangeEffect(
          LOGGED_IN,
          at('/auth/login?redirect=%2Fworkspace%2Fabc%2Fbilling%3Ftab%3Dx', {
            nextPath: '/support',
            beforeExpiryPath: '/products',
          }),
        ),
      ).toEqual({ kind: 'navigate', to: '/workspace/abc/billing?tab=x', replace: true });
    });

    it('then the next cookie, which is consumed', () => {
      expect(
        authChangeEffect(
          LOGGED_IN,
          at('/auth/login', { nextPath: '/support', beforeExpiryPath: '/products' }),
        ),
      ).toEqual({ kind: 'navigate', to: '/support', replace: true, consume: 'next' });
    });

    it('then the path saved before expiry, which is consumed', () => {
      expect(authChangeEffect(LOGGED_IN, at('/auth/login', { beforeExpiryPath: '/products' }))).toEqual({
        kind: 'navigate',
        to: '/products',
        replace: true,
        consume: 'beforeExpiry',
      });
    });

    it('else Home', () => {
      expect(authChangeEffect(LOGGED_IN, at('/auth/2fa/authenticate'))).toEqual({
        kind: 'navigate',
        to: '/',
        replace: true,
      });
    });

    it.each([
      '//evil.example',
      'https://evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil',
      'javascript:alert(1)',
    ])('ignores the unsafe redirect %s', (redirect) => {
      const search = new URLSearchParams({ redirect }).toString();
      expect(authChangeEffect(LOGGED_IN, at(`/auth/login?${search}`))).toEqual({
        kind: 'navigate',
        to: '/',
        replace: true,
      });
    });

    it('already where it should go: nothing to do', () => {
      expect(authChangeEffect(LOGGED_IN, at('/'))).toEqual({ kind: 'none' });
    });
  });

  describe('LOGGED_OUT → Login', () => {
    it('from any page', () => {
      expect(authChangeEffect(LOGGED_OUT, at('/workspace/abc/billing', { auth: signedOut() }))).toEqual({
        kind: 'navigate',
        to: '/auth/login',
        replace: true,
      });
    });

    it('not again when already on Login (keeps its query)', () => {
      expect(
        authChangeEffect(LOGGED_OUT, at('/auth/login?redirect=%2Fsupport', { auth: { status: 410 } })),
      ).toEqual({
        kind: 'none',
      });
    });
  });

  describe('REAUTHENTICATION_REQUIRED → save the current path as next, then the first flow’s page', () => {
    it('saves path and query, goes to the reauthenticate page', () => {
      expect(
        authChangeEffect(
          REAUTHENTICATION_REQUIRED,
          at('/workspace/abc/billing?tab=x', { auth: reauthRequired() }),
        ),
      ).toEqual({
        kind: 'navigate',
        to: '/auth/reauthenticate',
        replace: false,
        saveNext: '/workspace/abc/billing?tab=x',
      });
    });

    it('the first flow decides (MFA reauthentication first)', () => {
      const auth = reauthRequired(undefined, [
        { id: 'mfa_reauthenticate', types: ['totp'] },
        { id: 'reauthenticate' },
      ]);
      expect(authChangeEffect(REAUTHENTICATION_REQUIRED, at('/auth/2fa/totp/activate/', { auth }))).toEqual({
        kind: 'navigate',
        to: '/auth/2fa/reauthenticate',
        replace: false,
        saveNext: '/auth/2fa/totp/activate/',
      });
    });

    it('on the flow page already: keeps the destination saved before, stays', () => {
      expect(
        authChangeEffect(REAUTHENTICATION_REQUIRED, at('/auth/reauthenticate', { auth: reauthRequired() })),
      ).toEqual({ kind: 'none' });
    });

    it("an unknown first flow is the error 'Unknown path for flow'", () => {
      const effect = authChangeEffect(
        REAUTHENTICATION_REQUIRED,
        at('/support', { auth: reauthRequired(undefined, [{ id: 'mfa_trust' as never }]) }),
      );
      expect(effect.kind).toBe('error');
      const error = (effect as { error: Error }).error;
      expect(error).toBeInstanceOf(UnknownFlowError);
      expect(error.message).toBe('Unknown path for flow');
    });

    it('no flow at all is that error too', () => {
      const effect = authChangeEffect(
        REAUTHENTICATION_REQUIRED,
        at('/support', { auth: reauthRequired(undefined, []) }),
      );
      expect(effect).toMatchObject({ kind: 'error', error: { message: 'Unknown path for flow' } });
    });
  });

  describe('REAUTHENTICATED → the next path or /', () => {
    it('the next cookie, consumed', () => {
      expect(
        authChangeEffect(
          REAUTHENTICATED,
          at('/auth/reauthenticate', { auth: signedInAgain(), nextPath: '/support' }),
        ),
      ).toEqual({ kind: 'navigate', to: '/support', replace: true, consume: 'next' });
    });

    it('else /', () => {
      expect(
        authChangeEffect(REAUTHENTICATED, at('/auth/reauthenticate', { auth: signedInAgain() })),
      ).toEqual({
        kind: 'navigate',
        to: '/',
        replace: true,
      });
    });

    it('not a redirect query or the path before expiry: those are for a fresh login', () => {
      expect(
        authChangeEffect(
          REAUTHENTICATED,
          at('/auth/reauthenticate?redirect=%2Fbilling', {
            auth: signedInAgain(),
            beforeExpiryPath: '/products',
          }),
        ),
      ).toEqual({ kind: 'navigate', to: '/', replace: true });
    });
  });

  describe('FLOW_UPDATED → the page of the pending flow', () => {
    it.each([
      ['mfa_authenticate', '/auth/2fa/authenticate'],
      ['login_by_code', '/auth/login/code/confirm'],
      ['verify_email', '/auth/signup'],
      ['provider_signup', '/auth/provider/signup'],
    ] as const)('%s → %s', (flow, path) => {
      expect(authChangeEffect(FLOW_UPDATED, at('/auth/login', { auth: signedOut(flow) }))).toEqual({
        kind: 'navigate',
        to: path,
        replace: false,
      });
    });

    it('carries a safe redirect query on to the next step of the login', () => {
      expect(
        authChangeEffect(
          FLOW_UPDATED,
          at('/auth/login?redirect=%2Fworkspace%2Fabc%3Ftab%3Dx', { auth: signedOut('mfa_authenticate') }),
        ),
      ).toEqual({
        kind: 'navigate',
        to: '/auth/2fa/authenticate?redirect=%2Fworkspace%2Fabc%3Ftab%3Dx',
        replace: false,
      });
    });

    it('drops an unsafe redirect query', () => {
      expect(
        authChangeEffect(
          FLOW_UPDATED,
          at('/auth/login?redirect=%2F%2Fevil.example', { auth: signedOut('mfa_authenticate') }),
        ),
      ).toEqual({ kind: 'navigate', to: '/auth/2fa/authenticate', replace: false });
    });

    it('already on the flow page (sign-up answering verify_email on /auth/signup): nothing to do', () => {
      expect(
        authChangeEffect(FLOW_UPDATED, at('/auth/signup?ref=x', { auth: signedOut('verify_email') })),
      ).toEqual({
        kind: 'none',
      });
    });

    it("an unknown pending flow is the error 'Unknown path for flow'", () => {
      const auth = { status: 401, data: { flows: [{ id: 'mfa_trust' as never, is_pending: true }] } };
      expect(authChangeEffect(FLOW_UPDATED, at('/auth/login', { auth }))).toMatchObject({
        kind: 'error',
        error: { message: 'Unknown path for flow' },
      });
    });
  });
});
