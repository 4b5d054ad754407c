import {
  type Client,
  createClient,
  type Exchange,
  fetchExchange,
  makeOperation,
  mapExchange,
  type SubscriptionForwarder,
  subscriptionExchange,
} from '@urql/core';
import { type CacheExchangeOpts, cacheExchange } from '@urql/exchange-graphcache';
import { ME_CACHE_UPDATES } from '../me/language';
import { PORTAL_CACHE_KEYS } from './cacheKeys';
import { COMPUTE_CACHE_UPDATES } from './computeCache';
import { MONITORING_CACHE_UPDATES } from './monitoringCache';
import { type PortalErrorHandlers, portalErrorExchange } from './portalErrorExchange';

/** The main api (spec section 7), on the portal's own origin. */
export const GRAPHQL_URL = '/api/';
export const CSRF_COOKIE = 'csrftoken';

export interface PortalClientOptions extends PortalErrorHandlers {
  /** default `/api/` */
  url?: string;
  /** tests pass a fake */
  fetch?: typeof fetch;
  /**
   * Where subscriptions go (the websocket over graphql-ws): either a forwarder for urql's
   * `subscriptionExchange`, or a whole exchange. Without one, subscriptions are not sent.
   */
  forwardSubscription?: SubscriptionForwarder;
  subscriptionExchange?: Exchange;
  /** graphcache settings merged over the portal's (keys, updates, resolvers) */
  cache?: Partial<CacheExchangeOpts>;
}

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

/** Request options of every call: the session cookie, and the CSRF header read at the time of the call. */
export function portalFetchOptions(): RequestInit {
  const csrf = readCookie(CSRF_COOKIE);
  return { credentials: 'same-origin', headers: csrf ? { 'X-CSRFToken': csrf } : {} };
}

/**
 * The body of spec section 7 carries `extensions` too: urql sends it only when set, so each
 * operation gets an empty one.
 */
const withExtensions = mapExchange({
  onOperation(operation) {
    if (operation.kind === 'teardown' || operation.extensions) return operation;
    return makeOperation(operation.kind, { ...operation, extensions: {} }, operation.context);
  },
});

/**
 * The portal's urql client: POST `/api/` with same-origin credentials and `X-CSRFToken`, the body
 * `{query, variables, operationName, extensions}` (multipart, by the GraphQL multipart request
 * spec, when a variable holds a File or Blob), graphcache (normalised, so a subscription event
 * updates every query showing the same entity), the error handling of spec section 8, and the
 * subscription transport the caller gives.
 *
 * Exchange order: the cache answers first; errors are handled below it, so a result is handled
 * once when it arrives from the network, not again on every cache read.
 */
export function createPortalClient(options: PortalClientOptions): Client {
  const { forwardSubscription, subscriptionExchange: given, cache, url, fetch } = options;
  const subscriptions: Exchange[] = given
    ? [given]
    : forwardSubscription
      ? [subscriptionExchange({ forwardSubscription })]
      : [];
  return createClient({
    url: url ?? GRAPHQL_URL,
    fetch,
    fetchOptions: portalFetchOptions,
    preferGetMethod: false,
    exchanges: [
      cacheExchange({
        ...cache,
        keys: { ...PORTAL_CACHE_KEYS, ...cache?.keys },
        updates: {
          ...cache?.updates,
          Mutation: {
            ...ME_CACHE_UPDATES.Mutation,
            ...COMPUTE_CACHE_UPDATES.Mutation,
            ...MONITORING_CACHE_UPDATES.Mutation,
            ...cache?.updates?.Mutation,
          },
          Subscription: {
            ...ME_CACHE_UPDATES.Subscription,
            ...COMPUTE_CACHE_UPDATES.Subscription,
            ...MONITORING_CACHE_UPDATES.Subscription,
            ...cache?.updates?.Subscription,
          },
        },
      }),
      portalErrorExchange(options),
      // after the cache, which rebuilds operations without extensions
      withExtensions,
      ...subscriptions,
      fetchExchange,
    ],
  });
}
