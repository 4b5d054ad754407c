import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../session/sessionStore';
import { bob, session, signedIn, signedOut } from '../test/authFixtures';
import { isSignupCompletion, watchSignupCompletion } from './signupCompletion';

describe('isSignupCompletion', () => {
  it.each([
    ['e-mail verification', 'verify_email'],
    ['phone verification', 'verify_phone'],
    ['provider sign-up', 'provider_signup'],
  ] as const)('signed in after a pending %s', (_case, flow) => {
    expect(isSignupCompletion(signedOut(flow), signedIn(), '/auth/confirm-email/abc')).toBe(true);
  });

  it('signed in on the sign-up page (no verification needed), also with a referral code', () => {
    expect(isSignupCompletion(signedOut(), signedIn(), '/auth/signup')).toBe(true);
    expect(isSignupCompletion(signedOut(), signedIn(), '/auth/signup/FRIEND10')).toBe(true);
  });

  it('not a login, a login by code, a 2FA step or a reauthentication', () => {
    expect(isSignupCompletion(signedOut(), signedIn(), '/auth/login')).toBe(false);
    expect(isSignupCompletion(signedOut('login_by_code'), signedIn(), '/auth/login/code/confirm')).toBe(
      false,
    );
    expect(isSignupCompletion(signedOut('mfa_authenticate'), signedIn(), '/auth/2fa/authenticate')).toBe(
      false,
    );
    expect(isSignupCompletion(signedIn(), signedIn(), '/auth/signup')).toBe(false);
    expect(isSignupCompletion(null, signedIn(), '/auth/signupx')).toBe(false);
  });

  it('not a pending verification that is still pending', () => {
    expect(isSignupCompletion(signedOut('verify_phone'), signedOut('verify_email'), '/auth/signup')).toBe(
      false,
    );
  });

  it('another user replacing a signed-in one on the sign-up page counts as signing in there', () => {
    expect(isSignupCompletion(signedIn(), signedIn(bob), '/auth/signup')).toBe(true);
  });
});

describe('watchSignupCompletion', () => {
  it('fires once, on the answer that completes the sign-up, with the page of that moment', () => {
    const store = createSessionStore(session(signedOut()));
    let path = '/auth/signup';
    const onComplete = vi.fn();
    watchSignupCompletion(store, () => path, onComplete);
    store.receive(signedOut('verify_phone'));
    store.receive(signedOut('verify_email'));
    expect(onComplete).not.toHaveBeenCalled();
    path = '/auth/confirm-email/key';
    store.receive(signedIn());
    expect(onComplete).toHaveBeenCalledOnce();
    store.receive(signedIn());
    expect(onComplete).toHaveBeenCalledOnce();
  });

  it('does not fire for a login', () => {
    const store = createSessionStore(session(signedOut()));
    const onComplete = vi.fn();
    watchSignupCompletion(store, () => '/auth/login', onComplete);
    store.receive(signedIn());
    expect(onComplete).not.toHaveBeenCalled();
  });
});
