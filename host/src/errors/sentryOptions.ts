import type { Breadcrumb, BrowserOptions, ErrorEvent } from '@sentry/react';

/**
 * Generic browser noise (spec section 8): cross-origin "Script error." without details, and the
 * ResizeObserver loop notices browsers raise when a resize handler is slow. Nothing to act on.
 */
export const IGNORED_ERRORS: (string | RegExp)[] = [
  /^Script error\.?$/,
  /^Javascript error: Script error\.? on line 0$/,
  /^ResizeObserver loop limit exceeded$/,
  /^ResizeObserver loop completed with undelivered notifications\.?$/,
];

/** Path segments that carry a secret (e-mail, password-reset and invitation keys). */
const SECRET_SEGMENT = /(\/(?:confirm-email|key|invitation)\/)[^/?#]+/g;

/** A URL without its query, fragment and secret path segments. */
export function scrubUrl(url: string): string {
  return url.replace(/[?#].*$/s, '').replace(SECRET_SEGMENT, '$1[Filtered]');
}

/**
 * No personal data leaves the browser: no user fields but an id, no cookies, headers, request
 * bodies or query strings, no secrets from paths.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.user) event.user = event.user.id === undefined ? {} : { id: event.user.id };
  if (event.request) {
    const { url } = event.request;
    event.request = url ? { url: scrubUrl(url) } : {};
  }
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  return event;
}

export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  if (!breadcrumb.data) return breadcrumb;
  const data = { ...breadcrumb.data };
  for (const key of ['url', 'from', 'to']) if (typeof data[key] === 'string') data[key] = scrubUrl(data[key]);
  return { ...breadcrumb, data };
}

/** Sentry's options (spec section 9: environment prod, trace sample rate 0, 100 breadcrumbs). */
export function sentryOptions(dsn: string): BrowserOptions {
  return {
    dsn,
    environment: 'prod',
    tracesSampleRate: 0,
    maxBreadcrumbs: 100,
    ignoreErrors: IGNORED_ERRORS,
    // Sentry 11's successor of `sendDefaultPii: false`: collect no user info (no IP inference),
    // cookies, headers, bodies or query strings
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
  };
}
