import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearNextPath,
  isSafeNextPath,
  NEXT_COOKIE_MAX_AGE_S,
  readNextPath,
  saveNextPath,
  takeNextPath,
} from './next';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the cookies the module reads
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

describe('isSafeNextPath (spec section 5: a same-site path with exactly one leading slash)', () => {
  it.each([
    '/',
    '/billing',
    '/workspace/abc/billing?tab=x',
    '/workspace/abc/billing?tab=x#invoices',
    '/auth/login?redirect=%2Fworkspace%2Fabc',
    '/profile/accounts/42',
    '/path/with//double/inside',
    '/javascript:alert(1)',
  ])('accepts %s', (path) => {
    expect(isSafeNextPath(path)).toBe(true);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/login'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash first', '\\/evil.example'],
    ['an absolute URL', 'https://evil.example'],
    ['an absolute URL of this scheme-less kind', 'http:/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a javascript: URL in capitals', 'JavaScript:alert(document.cookie)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'billing'],
    ['a dot path', './billing'],
    ['leading whitespace', ' /billing'],
    ['an encoded double slash', '/%2F%2Fevil.example'],
    ['an encoded double slash, lower case', '/%2f%2fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded backslash, lower case', '/%5cevil.example'],
    ['a double-encoded double slash', '/%252F%252Fevil.example'],
    ['a double-encoded backslash', '/%255Cevil.example'],
    ['an encoded slash behind the first one', '%2F%2Fevil.example'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a newline browsers drop', '/\n/evil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a NUL', '/billing\u0000'],
    ['malformed percent-encoding', '/%E0%A4%A'],
    ['too many encoding layers', '/%25252525252F'],
    ['the empty string', ''],
    ['a dot segment before a double slash', '/..//evil.example'],
    ['a single-dot segment before a double slash', '/.//evil.example'],
    ['an encoded dot segment before a double slash', '/%2e%2e//evil.example'],
    ['a parent segment that normalises to a double slash', '/a/..//evil.example'],
    ['an over-long value', `/${'a'.repeat(2001)}`],
  ])('rejects %s', (_what, path) => {
    expect(isSafeNextPath(path)).toBe(false);
  });

  it.each([undefined, null, 42, {}, ['/x']])('rejects the non-string %j', (value) => {
    expect(isSafeNextPath(value)).toBe(false);
  });
});

describe('the next cookie', () => {
  beforeEach(clearCookies);
  afterEach(() => {
    vi.restoreAllMocks();
    clearCookies();
  });

  it('saves a safe path for 1800 s, SameSite Lax, on the whole site, and reads it back', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    expect(saveNextPath('/workspace/abc/billing?tab=x')).toBe(true);
    expect(writes).toEqual([
      `next=${encodeURIComponent('/workspace/abc/billing?tab=x')}; Max-Age=${NEXT_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`,
    ]);
    expect(NEXT_COOKIE_MAX_AGE_S).toBe(1800);
    vi.restoreAllMocks();
    expect(readNextPath()).toBe('/workspace/abc/billing?tab=x');
  });

  it('never saves an unsafe target', () => {
    expect(saveNextPath('//evil.example')).toBe(false);
    expect(saveNextPath('https://evil.example')).toBe(false);
    expect(saveNextPath(undefined)).toBe(false);
    expect(readNextPath()).toBeUndefined();
  });

  it('ignores a cookie someone else planted with an unsafe value', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: simulates a tampered cookie
    document.cookie = `next=${encodeURIComponent('//evil.example')}; Path=/`;
    expect(readNextPath()).toBeUndefined();
    // biome-ignore lint/suspicious/noDocumentCookie: simulates a malformed cookie
    document.cookie = 'next=%E0%A4%A; Path=/';
    expect(readNextPath()).toBeUndefined();
  });

  it('takeNextPath reads and forgets; clearNextPath forgets', () => {
    saveNextPath('/support');
    expect(takeNextPath()).toBe('/support');
    expect(readNextPath()).toBeUndefined();
    saveNextPath('/support');
    clearNextPath();
    expect(readNextPath()).toBeUndefined();
  });
});
