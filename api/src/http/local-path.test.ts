import { describe, expect, it } from 'vitest';
import { checkReturnUrl, withParams } from '../billing/payments/return-url.js';
import { isSafeCallbackUrl } from '../identity/routes/provider.js';
import { isLocalPath } from './local-path.js';

const PORTAL = 'https://portal.example.com';

// every shape a browser or a `Location` header reads as another host
const ESCAPES = [
  '//evil.example',
  '/..//evil.example',
  '/.//evil.example',
  '/%2e%2e//evil.example',
  '/a/..//evil.example',
  '/a/../..//evil.example',
  '/./%2e/..//evil.example',
  '/%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '/\\evil.example',
  '/%5Cevil.example',
  '/\t/evil.example',
  '/%09/evil.example',
  'https://evil.example/x',
  'javascript:alert(1)',
  '',
];

describe('a next or return path stays on the portal', () => {
  it.each(ESCAPES)('refuses %j', (path) => {
    expect(isLocalPath(path)).toBe(false);
  });

  it.each(['/billing', '/billing/payments?tab=invoices#top', '/a/../billing', '/compute/instances/i-1'])(
    'accepts %j',
    (path) => {
      expect(isLocalPath(path)).toBe(true);
    },
  );

  it('is what the payment return URLs are checked with: no redirect ever leaves the origin', () => {
    for (const path of ESCAPES) expect(checkReturnUrl(path, PORTAL)).toBeNull();
    const accepted = checkReturnUrl('/a/../billing', PORTAL);
    expect(accepted).not.toBeNull();
    expect(withParams(accepted as string, { payment_intent: 'pi_1' })).toBe('/billing?payment_intent=pi_1');
    expect(checkReturnUrl(`${PORTAL}/billing`, PORTAL)).toBe(`${PORTAL}/billing`);
  });

  it("and what the identity service's provider callback is checked with", () => {
    for (const path of ESCAPES) expect(isSafeCallbackUrl(path)).toBe(false);
    expect(isSafeCallbackUrl('/auth/callback?next=%2Fbilling')).toBe(true);
  });
});
