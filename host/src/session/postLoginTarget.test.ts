import { describe, expect, it } from 'vitest';
import { postLoginTarget, redirectQuery } from './postLoginTarget';

describe('postLoginTarget: the saved destination or Home', () => {
  it('takes a safe redirect query first', () => {
    expect(postLoginTarget({ redirect: '/billing', next: '/support', beforeExpiry: '/products' })).toEqual({
      path: '/billing',
      source: 'redirect',
    });
  });

  it('then the next cookie', () => {
    expect(postLoginTarget({ redirect: null, next: '/support', beforeExpiry: '/products' })).toEqual({
      path: '/support',
      source: 'next',
    });
  });

  it('then the path saved before an expiry', () => {
    expect(postLoginTarget({ beforeExpiry: '/products' })).toEqual({
      path: '/products',
      source: 'beforeExpiry',
    });
  });

  it('else Home', () => {
    expect(postLoginTarget({})).toEqual({ path: '/', source: null });
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
  ])('skips the unsafe redirect %s and falls back to the next source', (redirect) => {
    expect(postLoginTarget({ redirect, next: '/support' })).toEqual({ path: '/support', source: 'next' });
    expect(postLoginTarget({ redirect })).toEqual({ path: '/', source: null });
  });

  it('skips guest-only pages, which would only send the user on again', () => {
    expect(postLoginTarget({ redirect: '/auth/login', next: '/auth/reset-password' })).toEqual({
      path: '/',
      source: null,
    });
    expect(postLoginTarget({ redirect: '/auth/signup?x=1', beforeExpiry: '/products' })).toEqual({
      path: '/products',
      source: 'beforeExpiry',
    });
  });

  it('accepts pages under /auth/ that are not guest-only', () => {
    expect(postLoginTarget({ next: '/auth/2fa/totp/activate/' })).toEqual({
      path: '/auth/2fa/totp/activate/',
      source: 'next',
    });
  });
});

describe('redirectQuery', () => {
  it('reads the decoded redirect parameter', () => {
    expect(redirectQuery('?redirect=%2Fworkspace%2Fabc%3Ftab%3Dx')).toBe('/workspace/abc?tab=x');
    expect(redirectQuery('')).toBeNull();
  });
});
