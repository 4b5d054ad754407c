import { afterEach, describe, expect, it } from 'vitest';
import {
  BEFORE_EXPIRY_KEY,
  clearBeforeExpiryPath,
  readBeforeExpiryPath,
  resolveBeforeExpiryPath,
  saveBeforeExpiryPath,
} from './beforeExpiryPath';

const entry = (value: unknown) => JSON.stringify(value);

describe('resolveBeforeExpiryPath: route name and params through the route table', () => {
  it.each([
    [{ name: 'Home' }, '/'],
    [{ name: 'Billing', params: { contractUid: 'abc' } }, '/workspace/abc/billing'],
    [{ name: 'Billing', params: { contractUid: 'abc', tab: 'invoices' } }, '/workspace/abc/billing/invoices'],
    [{ name: 'Support', query: { folder: 'sent' } }, '/support?folder=sent'],
    [{ name: 'InstanceDetails', params: { contractUid: 'a b', id: '1' } }, '/workspace/a%20b/instance/vm/1'],
  ])('%j → %s', (value, path) => {
    expect(resolveBeforeExpiryPath(entry(value))).toBe(path);
  });

  it.each([
    ['nothing', null],
    ['not JSON', '{oops'],
    ['not an object', '"Billing"'],
    ['no name', entry({ params: {} })],
    ['an unknown route', entry({ name: 'Nowhere' })],
    ['a required param missing', entry({ name: 'Billing' })],
    ['params that are not strings', entry({ name: 'Billing', params: { contractUid: 1 } })],
    ['a guest-only page', entry({ name: 'Login' })],
  ])('ignores %s', (_what, raw) => {
    expect(resolveBeforeExpiryPath(raw)).toBeUndefined();
  });

  it('keeps a crafted param inside its path segment', () => {
    expect(resolveBeforeExpiryPath(entry({ name: 'Profile', params: { tab: '//evil.example' } }))).toBe(
      '/profile/%2F%2Fevil.example',
    );
  });
});

describe('the beforeExpiryPath entry in local storage', () => {
  afterEach(() => localStorage.clear());

  it('is saved under the key of the spec, read back as a path and cleared', () => {
    saveBeforeExpiryPath({ name: 'Billing', params: { contractUid: 'abc' } });
    expect(JSON.parse(localStorage.getItem(BEFORE_EXPIRY_KEY) ?? 'null')).toEqual({
      name: 'Billing',
      params: { contractUid: 'abc' },
    });
    expect(BEFORE_EXPIRY_KEY).toBe('beforeExpiryPath');
    expect(readBeforeExpiryPath()).toBe('/workspace/abc/billing');
    clearBeforeExpiryPath();
    expect(readBeforeExpiryPath()).toBeUndefined();
  });
});
