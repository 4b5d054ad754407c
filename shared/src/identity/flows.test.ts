import { describe, expect, it } from 'vitest';
import {
  FLOW_PATHS,
  LOGIN_REDIRECT_URL,
  LOGIN_URL,
  LOGOUT_REDIRECT_URL,
  pathForFlow,
  pendingFlow,
  UnknownFlowError,
} from './flows';
import type { FlowId } from './types';

describe('pathForFlow (spec section 2, login flow paths)', () => {
  it.each<[FlowId, string]>([
    ['login', '/auth/login'],
    ['login_by_code', '/auth/login/code/confirm'],
    ['signup', '/auth/signup'],
    ['verify_email', '/auth/signup'],
    ['verify_phone', '/auth/signup'],
    ['provider_signup', '/auth/provider/signup'],
    ['provider_redirect', '/auth/login'],
    ['reauthenticate', '/auth/reauthenticate'],
    ['mfa_authenticate', '/auth/2fa/authenticate'],
    ['mfa_reauthenticate', '/auth/2fa/reauthenticate'],
  ])('%s → %s', (id, path) => {
    expect(pathForFlow({ id })).toBe(path);
  });

  it('has a page for every flow of the spec and nothing else', () => {
    expect(Object.keys(FLOW_PATHS).sort()).toEqual(
      [
        'login',
        'login_by_code',
        'mfa_authenticate',
        'mfa_reauthenticate',
        'provider_redirect',
        'provider_signup',
        'reauthenticate',
        'signup',
        'verify_email',
        'verify_phone',
      ].sort(),
    );
  });

  it("an unknown flow is the error 'Unknown path for flow' (spec section 8)", () => {
    const run = () => pathForFlow({ id: 'mfa_trust' as FlowId });
    expect(run).toThrow(UnknownFlowError);
    expect(run).toThrow('Unknown path for flow');
    try {
      run();
    } catch (error) {
      expect((error as UnknownFlowError).flowId).toBe('mfa_trust');
      expect((error as Error).name).toBe('UnknownFlowError');
    }
  });

  it('does not take inherited keys for flows', () => {
    expect(() => pathForFlow({ id: 'toString' as FlowId })).toThrow(UnknownFlowError);
    expect(() => pathForFlow({ id: '__proto__' as FlowId })).toThrow(UnknownFlowError);
  });

  it('has the default URLs of the spec', () => {
    expect(LOGIN_URL).toBe('/auth/login');
    expect(LOGIN_REDIRECT_URL).toBe('/');
    expect(LOGOUT_REDIRECT_URL).toBe('/auth/login');
  });
});

describe('pendingFlow', () => {
  it('finds the pending flow of an answer', () => {
    expect(
      pendingFlow({
        status: 401,
        data: { flows: [{ id: 'login' }, { id: 'mfa_authenticate', is_pending: true, types: ['totp'] }] },
      }),
    ).toEqual({ id: 'mfa_authenticate', is_pending: true, types: ['totp'] });
  });

  it('answers undefined without one', () => {
    expect(pendingFlow({ status: 401, data: { flows: [{ id: 'login' }] } })).toBeUndefined();
    expect(pendingFlow({ status: 200, data: {} })).toBeUndefined();
    expect(pendingFlow({ status: 410 })).toBeUndefined();
    expect(pendingFlow(null)).toBeUndefined();
    expect(pendingFlow(undefined)).toBeUndefined();
  });
});
