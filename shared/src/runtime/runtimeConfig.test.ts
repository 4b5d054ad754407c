import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EMPTY_RUNTIME_CONFIG,
  hostName,
  loadRuntimeConfig,
  parseRuntimeConfig,
  runtimeLink,
  webUrl,
} from './runtimeConfig';

afterEach(() => vi.unstubAllGlobals());

const FULL = {
  recaptchaSiteKey: 'site-key',
  sentryDsn: 'https://k@sentry.example/1',
  analyticsScriptUrl: 'https://analytics.example/a.js',
  documentationUrl: 'https://docs.example.com',
  privacyPolicyUrl: '/legal/privacy-policy',
  smsTermsUrl: 'https://example.com/legal/sms',
  companyDomains: ['example.com', 'example.net'],
  stripePublishableKey: 'pk_test_51Abc',
  paypalClientId: 'paypal-client-id',
};

describe('EMPTY_RUNTIME_CONFIG', () => {
  it('configures nothing optional, and cannot be changed by accident', () => {
    expect(EMPTY_RUNTIME_CONFIG).toEqual({
      recaptchaSiteKey: null,
      sentryDsn: null,
      analyticsScriptUrl: null,
      documentationUrl: null,
      privacyPolicyUrl: null,
      smsTermsUrl: null,
      companyDomains: [],
      stripePublishableKey: null,
      paypalClientId: null,
    });
    expect(Object.isFrozen(EMPTY_RUNTIME_CONFIG)).toBe(true);
    expect(Object.isFrozen(EMPTY_RUNTIME_CONFIG.companyDomains)).toBe(true);
  });
});

describe('parseRuntimeConfig', () => {
  it('takes every valid field', () => {
    expect(parseRuntimeConfig(FULL)).toEqual(FULL);
  });

  it.each([null, 'text', 42, [FULL]])('reads %j as nothing configured', (body) => {
    expect(parseRuntimeConfig(body)).toEqual(EMPTY_RUNTIME_CONFIG);
  });

  it('drops each invalid or missing field on its own', () => {
    expect(
      parseRuntimeConfig({
        ...FULL,
        analyticsScriptUrl: '/analytics.js',
        documentationUrl: 'javascript:alert(1)',
        privacyPolicyUrl: '//evil.example/privacy',
        smsTermsUrl: undefined,
        companyDomains: 'example.com',
        stripePublishableKey: 'sk_live_secret',
        paypalClientId: '',
      }),
    ).toEqual({
      ...FULL,
      analyticsScriptUrl: null,
      documentationUrl: null,
      privacyPolicyUrl: null,
      smsTermsUrl: null,
      companyDomains: [],
      stripePublishableKey: null,
      paypalClientId: null,
    });
    expect(parseRuntimeConfig({ recaptchaSiteKey: '', sentryDsn: 7 })).toEqual(EMPTY_RUNTIME_CONFIG);
  });

  it('keeps the company domains that are host names, lower-cased and once each', () => {
    expect(
      parseRuntimeConfig({
        companyDomains: [
          'Example.COM',
          'example.com.',
          'shop.example.net',
          'https://x.example',
          'a b',
          7,
          '',
        ],
      }).companyDomains,
    ).toEqual(['example.com', 'shop.example.net']);
  });
});

describe('webUrl', () => {
  it('accepts absolute http(s) URLs only', () => {
    expect(webUrl('https://cdn.example/a.js')).toBe('https://cdn.example/a.js');
    expect(webUrl('http://cdn.example/a.js')).toBe('http://cdn.example/a.js');
    for (const value of ['/a.js', 'cdn.example/a.js', 'data:text/javascript,1', 'http://[bad', '', null, 1]) {
      expect(webUrl(value)).toBeNull();
    }
    expect(webUrl('https://cdn.example/a b.js')).toBeNull();
  });
});

describe('runtimeLink', () => {
  it('accepts absolute http(s) URLs and paths starting with a single /', () => {
    expect(runtimeLink('https://docs.example.com')).toBe('https://docs.example.com');
    expect(runtimeLink('/legal/privacy-policy')).toBe('/legal/privacy-policy');
    expect(runtimeLink('/')).toBe('/');
  });

  it.each([
    ['another host, protocol-relative', '//evil.example/x'],
    ['another host, backslash', '/\\evil.example/x'],
    ['a script', 'javascript:alert(1)'],
    ['another scheme', 'mailto:legal@example.com'],
    ['a relative path', 'legal/privacy'],
    ['a control character', '/legal\n/privacy'],
    ['a tab hiding a second slash', '/\t/evil.example'],
    ['empty', ''],
    ['not text', 42],
  ])('refuses %s', (_case, value) => {
    expect(runtimeLink(value)).toBeNull();
  });
});

describe('hostName', () => {
  it('lower-cases host names and refuses the rest', () => {
    expect(hostName('WWW.Example.com')).toBe('www.example.com');
    expect(hostName('example.com.')).toBe('example.com');
    expect(hostName('localhost')).toBe('localhost');
    for (const value of [
      '',
      '-x.example',
      'x-.example',
      'a..b',
      'exa mple.com',
      'example.com/x',
      '*.example.com',
    ]) {
      expect(hostName(value)).toBeNull();
    }
  });
});

describe('loadRuntimeConfig', () => {
  it('reads /runtime-config.json', async () => {
    const fetchMock = vi.fn(async () => Response.json(FULL));
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadRuntimeConfig()).toEqual(FULL);
    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', { credentials: 'same-origin' });
  });

  it.each([
    ['an error status', async () => new Response('nope', { status: 404 })],
    ['a broken body', async () => new Response('{broken', { status: 200 })],
    [
      'a network error',
      async () => {
        throw new TypeError('offline');
      },
    ],
  ])('configures nothing on %s', async (_case, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    expect(await loadRuntimeConfig()).toEqual(EMPTY_RUNTIME_CONFIG);
  });
});
