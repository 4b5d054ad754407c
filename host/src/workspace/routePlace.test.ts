import { describe, expect, it } from 'vitest';
import { beforeExpiryEntryAt, requiresAuthAt, samePageInWorkspace } from './routePlace';

const at = (url: string) => {
  const [pathname = '/', query] = url.split('?');
  return { pathname, search: query ? `?${query}` : '' };
};

describe('requiresAuthAt (where the GraphQL error handling applies)', () => {
  it.each(['/', '/support', '/workspace/C-1/billing', '/auth/2fa'])('%s requires auth', (url) => {
    expect(requiresAuthAt(at(url))).toBe(true);
  });

  it.each([
    ['a guest-only page', '/auth/login'],
    ['a page open to visitors', '/new-instance'],
    ['a skip-checks page (Invitation)', '/invitation/k'],
    ['a path that only redirects', '/nowhere/at/all'],
  ])('%s does not', (_, url) => {
    expect(requiresAuthAt(at(url))).toBe(false);
  });

  it('nor does the time before the router exists', () => {
    expect(requiresAuthAt(undefined)).toBe(false);
  });
});

describe('beforeExpiryEntryAt', () => {
  it('is the route name, params and query', () => {
    expect(beforeExpiryEntryAt(at('/workspace/C-1/billing/invoices?page=2'))).toEqual({
      name: 'Billing',
      params: { contractUid: 'C-1', tab: 'invoices' },
      query: { page: '2' },
    });
  });

  it('leaves out absent optional params and an empty query', () => {
    expect(beforeExpiryEntryAt(at('/support'))).toEqual({ name: 'Support' });
    expect(beforeExpiryEntryAt(at('/profile'))).toEqual({ name: 'Profile' });
  });

  it('is nothing off the route table', () => {
    expect(beforeExpiryEntryAt(at('/nowhere/at/all'))).toBeNull();
    expect(beforeExpiryEntryAt(undefined)).toBeNull();
  });
});

describe('samePageInWorkspace (the URL follows a workspace switch)', () => {
  it.each([
    ['/workspace/A/billing/invoices?page=2', '/workspace/B/billing/invoices?page=2'],
    ['/workspace/A', '/workspace/B'],
    ['/workspace/A/instance/vm/vm-1/console', '/workspace/B/instance/vm/vm-1/console'],
  ])('%s → %s', (url, expected) => {
    expect(samePageInWorkspace(at(url), 'B')).toBe(expected);
  });

  it('nothing to do off workspace pages, or when the page shows that workspace', () => {
    expect(samePageInWorkspace(at('/support'), 'B')).toBeNull();
    expect(samePageInWorkspace(at('/workspace/B/status'), 'B')).toBeNull();
  });
});
