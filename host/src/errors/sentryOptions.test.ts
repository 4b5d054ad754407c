import type { ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { IGNORED_ERRORS, scrubBreadcrumb, scrubEvent, scrubUrl, sentryOptions } from './sentryOptions';

const ignored = (message: string) =>
  IGNORED_ERRORS.some((pattern) =>
    typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message),
  );

describe('IGNORED_ERRORS (spec section 8: generic browser noise)', () => {
  it.each([
    'Script error.',
    'Script error',
    'Javascript error: Script error. on line 0',
    'ResizeObserver loop limit exceeded',
    'ResizeObserver loop completed with undelivered notifications.',
  ])('ignores %j', (message) => {
    expect(ignored(message)).toBe(true);
  });

  it.each([
    'Unknown path for flow',
    'Network Error: Failed to fetch',
    "Cannot read properties of undefined (reading 'store')",
    'Script error in remote portal_compute',
    'My ResizeObserver loop limit exceeded handler threw',
  ])('reports %j', (message) => {
    expect(ignored(message)).toBe(false);
  });
});

describe('sentryOptions (spec section 9)', () => {
  it('environment prod, no traces, at most 100 breadcrumbs, the noise ignored, no personal data collected', () => {
    expect(sentryOptions('https://key@sentry.example/1')).toEqual({
      dsn: 'https://key@sentry.example/1',
      environment: 'prod',
      tracesSampleRate: 0,
      maxBreadcrumbs: 100,
      ignoreErrors: IGNORED_ERRORS,
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
        graphQL: { document: false, variables: false },
      },
      beforeSend: scrubEvent,
      beforeBreadcrumb: scrubBreadcrumb,
    });
  });
});

describe('scrubbing', () => {
  it('drops query, fragment and the secrets of key paths from URLs', () => {
    expect(scrubUrl('https://portal.test/auth/login?redirect=%2Fbilling#x')).toBe(
      'https://portal.test/auth/login',
    );
    expect(scrubUrl('https://portal.test/auth/reset-password/key/abc-123')).toBe(
      'https://portal.test/auth/reset-password/key/[Filtered]',
    );
    expect(scrubUrl('/auth/confirm-email/KEY?x=1')).toBe('/auth/confirm-email/[Filtered]');
    expect(scrubUrl('/invitation/INVITE/accept')).toBe('/invitation/[Filtered]/accept');
    expect(scrubUrl('/workspace/C-1/billing')).toBe('/workspace/C-1/billing');
  });

  it('beforeSend keeps no user IP, e-mail or name, no cookies, headers, body or query', () => {
    const event = {
      type: undefined,
      message: 'boom',
      user: { id: 7, email: 'ada@example.com', ip_address: '203.0.113.9', username: 'ada' },
      request: {
        url: 'https://portal.test/billing?card=4242',
        query_string: 'card=4242',
        cookies: { sessionid: 's' },
        headers: { Cookie: 'sessionid=s', 'User-Agent': 'x' },
        data: { password: 'secret' },
      },
      breadcrumbs: [{ category: 'navigation', data: { from: '/auth/login?redirect=/x', to: '/' } }],
    } as ErrorEvent;
    expect(scrubEvent(event)).toEqual({
      type: undefined,
      message: 'boom',
      user: { id: 7 },
      request: { url: 'https://portal.test/billing' },
      breadcrumbs: [{ category: 'navigation', data: { from: '/auth/login', to: '/' } }],
    });
  });

  it('beforeSend leaves an anonymous event anonymous', () => {
    const event = { type: undefined, user: { ip_address: '{{auto}}' }, request: {} } as ErrorEvent;
    expect(scrubEvent(event)).toEqual({ type: undefined, user: {}, request: {} });
  });

  it('breadcrumbs lose the query of fetch URLs, and the rest is kept', () => {
    expect(
      scrubBreadcrumb({
        category: 'fetch',
        data: { url: '/_allauth/browser/v1/auth/code/confirm?code=1', status_code: 200 },
      }),
    ).toEqual({
      category: 'fetch',
      data: { url: '/_allauth/browser/v1/auth/code/confirm', status_code: 200 },
    });
    const plain = { category: 'portal', message: 'remote portal_billing failed in afterResolve' };
    expect(scrubBreadcrumb(plain)).toBe(plain);
  });
});
