import type { AuthResponseBody } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { ada, bob, gone, reauthRequired, signedIn, signedInAgain, signedOut } from '../test/authFixtures';
import { AuthChangeOutcome, detectAuthChange } from './authChange';

const { LOGGED_IN, LOGGED_OUT, REAUTHENTICATION_REQUIRED, REAUTHENTICATED, FLOW_UPDATED } = AuthChangeOutcome;

describe('detectAuthChange (spec section 4)', () => {
  describe('LOGGED_IN: from signed out to signed in', () => {
    it.each<[string, AuthResponseBody | null]>([
      ['a signed-out 401', signedOut()],
      ['a pending MFA step', signedOut('mfa_authenticate')],
      ['a pending e-mail verification', signedOut('verify_email')],
      ['no answer (identity service was down at start)', null],
      ['a 410', gone],
    ])('from %s', (_what, from) => {
      expect(detectAuthChange(from, signedIn())).toBe(LOGGED_IN);
    });

    it('also into a state that needs reauthentication right away (401 with is_authenticated)', () => {
      expect(detectAuthChange(signedOut(), reauthRequired())).toBe(LOGGED_IN);
    });
  });

  describe('LOGGED_OUT', () => {
    it('from signed in to a signed-out 401 (Sign out)', () => {
      expect(detectAuthChange(signedIn(), signedOut())).toBe(LOGGED_OUT);
    });

    it('from needing reauthentication to signed out', () => {
      expect(detectAuthChange(reauthRequired(), signedOut())).toBe(LOGGED_OUT);
    });

    it.each<[string, AuthResponseBody | null]>([
      ['signed in', signedIn()],
      ['needing reauthentication', reauthRequired()],
      ['signed out', signedOut()],
      ['a pending flow', signedOut('login_by_code')],
      ['no answer', null],
      ['an earlier 410', gone],
    ])('on status 410, whatever came before (%s)', (_what, from) => {
      expect(detectAuthChange(from, gone)).toBe(LOGGED_OUT);
    });
  });

  describe('a change of user id counts first as a fresh logged-out state', () => {
    it('another user signed in is LOGGED_IN, not "no change"', () => {
      expect(detectAuthChange(signedIn(ada), signedIn(bob))).toBe(LOGGED_IN);
    });

    it('another user, from a state needing reauthentication, is LOGGED_IN, not REAUTHENTICATED', () => {
      expect(detectAuthChange(reauthRequired(ada), signedIn(bob))).toBe(LOGGED_IN);
    });

    it('another user needing reauthentication is LOGGED_IN, not REAUTHENTICATION_REQUIRED', () => {
      expect(detectAuthChange(signedIn(ada), reauthRequired(bob))).toBe(LOGGED_IN);
    });

    it('ids compare as values: 7 and "7" are the same user', () => {
      const sameAda = { ...ada, id: '7' };
      expect(detectAuthChange(signedIn(ada), signedIn(sameAda))).toBeNull();
    });
  });

  describe('REAUTHENTICATION_REQUIRED: a 401 with is_authenticated is signed in, needing reauthentication', () => {
    it('from signed in', () => {
      expect(detectAuthChange(signedIn(), reauthRequired())).toBe(REAUTHENTICATION_REQUIRED);
    });

    it('again while still required (a second call needed it too)', () => {
      expect(detectAuthChange(reauthRequired(), reauthRequired())).toBe(REAUTHENTICATION_REQUIRED);
    });
  });

  describe('REAUTHENTICATED', () => {
    it('from needing reauthentication to signed in', () => {
      expect(detectAuthChange(reauthRequired(), signedInAgain())).toBe(REAUTHENTICATED);
    });

    it('gaining methods while signed in (after a reload on the reauthentication page)', () => {
      expect(detectAuthChange(signedIn(), signedInAgain())).toBe(REAUTHENTICATED);
    });

    it('not when the methods stay the same or shrink', () => {
      expect(detectAuthChange(signedIn(), signedIn())).toBeNull();
      expect(detectAuthChange(signedInAgain(), signedIn())).toBeNull();
    });

    it('not when either answer lacks the method list (it says nothing about methods)', () => {
      const bare: AuthResponseBody = { status: 200, data: { user: ada }, meta: { is_authenticated: true } };
      expect(detectAuthChange(bare, signedInAgain())).toBeNull();
      expect(detectAuthChange(signedIn(), bare)).toBeNull();
    });
  });

  describe('FLOW_UPDATED: signed out, and a new pending flow', () => {
    it('from no pending flow', () => {
      expect(detectAuthChange(signedOut(), signedOut('mfa_authenticate'))).toBe(FLOW_UPDATED);
    });

    it('from another pending flow', () => {
      expect(detectAuthChange(signedOut('signup'), signedOut('verify_email'))).toBe(FLOW_UPDATED);
    });

    it('from no answer at all', () => {
      expect(detectAuthChange(null, signedOut('login_by_code'))).toBe(FLOW_UPDATED);
    });

    it('from signed in to signed out with a pending flow is LOGGED_OUT, not FLOW_UPDATED', () => {
      expect(detectAuthChange(signedIn(), signedOut('login'))).toBe(LOGGED_OUT);
    });
  });

  describe('no change', () => {
    it.each<[string, AuthResponseBody | null, AuthResponseBody]>([
      ['signed in, then signed in', signedIn(), signedIn()],
      ['signed out, then signed out', signedOut(), signedOut()],
      ['the same pending flow again', signedOut('verify_email'), signedOut('verify_email')],
      ['a pending flow that ended, still signed out', signedOut('login_by_code'), signedOut()],
      ['no answer, then signed out', null, signedOut()],
    ])('%s', (_what, from, to) => {
      expect(detectAuthChange(from, to)).toBeNull();
    });
  });
});
