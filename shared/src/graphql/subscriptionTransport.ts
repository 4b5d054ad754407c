import type { Client, SubscriptionForwarder } from '@urql/core';
import { createClient, type Sink, type Client as WsClient } from 'graphql-ws';
import { WsaTokenDocument } from '../gql/graphql';
import { SIGNATURE_EXPIRED_MESSAGE } from './graphqlErrors';

/** The subscription websocket (graphql-ws, subprotocol `graphql-transport-ws`), on the portal's origin. */
export const SUBSCRIPTION_PATH = '/ws/api/';
/** `connection_init` without a token or with one that is not ours: never retried. */
export const WS_CLOSE_FORBIDDEN = 4403;
/** The token expired or the session it was issued for ended: reconnect with a fresh token. */
export const WS_CLOSE_EXPIRED = 4401;
/** graphql-ws closes with this when `connectionParams` throws (here: no token could be fetched). */
const WS_CLOSE_INTERNAL_CLIENT_ERROR = 4005;
/** Re-subscriptions after 4401 in a row without an event in between; then the error goes through. */
const MAX_EXPIRED_RESUBSCRIBES = 3;

export interface SubscriptionTransportOptions {
  /** a path on the page's origin, or an absolute ws(s) URL; default `/ws/api/` */
  url?: string;
  /** a fresh WSA token, called for every (re)connection */
  fetchToken: () => Promise<string>;
  /** tests pass a fake WebSocket class */
  webSocketImpl?: unknown;
  /** how long to wait before the n-th reconnection after a network drop (tests pass a short one) */
  retryWait?: (retries: number) => Promise<void>;
  /** reconnections after network drops before the subscriptions fail; default 20 */
  retryAttempts?: number;
  /** where the page is (default `window.location`) */
  location?: Pick<Location, 'protocol' | 'host'>;
}

export interface SubscriptionTransport {
  /** for urql's `subscriptionExchange({ forwardSubscription })` (or `createPortalClient`'s seam) */
  forwardSubscription: SubscriptionForwarder;
  /** closes the socket and ends every subscription */
  dispose(): void;
}

interface CloseLike {
  code: number;
  reason: string;
}
const isCloseLike = (value: unknown): value is CloseLike =>
  typeof value === 'object' && value !== null && 'code' in value && 'reason' in value;

/** The absolute websocket URL of a path on the page's origin: ws: for http, wss: for https. */
export function websocketUrl(path: string, location: Pick<Location, 'protocol' | 'host'>): string {
  if (/^wss?:\/\//.test(path)) return path;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Doubling from 1 s up to 30 s, plus up to 1 s of jitter so a restarted api is not hit at once. */
export async function backoff(retries: number): Promise<void> {
  const ms = Math.min(1000 * 2 ** retries, 30_000) + Math.floor(Math.random() * 1000);
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A WSA token through the portal's urql client (`getWSAToken`, never from the cache). Its errors
 * go through the client's error handling like every other call: after a logout or a lapse that
 * re-checks the session (spec section 8). Rejects when there is no token.
 */
export async function fetchWsaToken(client: Pick<Client, 'query'>): Promise<string> {
  const result = await client.query(WsaTokenDocument, {}, { requestPolicy: 'network-only' }).toPromise();
  const token = result.data?.getWSAToken;
  if (!token) throw new TokenUnavailableError(result.error?.message ?? 'No websocket token');
  return token;
}

/** The token could not be fetched: the HTTP call has already been handled, the socket gives up quietly. */
export class TokenUnavailableError extends Error {
  override name = 'TokenUnavailableError';
}

/**
 * Subscriptions over `/ws/api/` (graphql-ws, `graphql-transport-ws`): lazy (the socket opens with
 * the first subscription and closes after the last), `connection_init` carries `{ token }` fetched
 * fresh for every connection, network drops reconnect with backoff, 4403 is never retried.
 *
 * graphql-ws counts 4401 as fatal (it errors every active subscription and never reconnects), but
 * for the portal it means "the token or session lapsed, get a fresh one". Each forwarded
 * subscription therefore re-subscribes itself on a 4401 `Signature has expired`: the active
 * operations subscribe again on the same graphql-ws client, which opens one new socket and calls
 * `connectionParams` again, so a fresh token. If the session really ended, `getWSAToken` fails over
 * HTTP (that error drives the usual session re-check) and the subscriptions end without a second
 * notification.
 */
export function createSubscriptionTransport(options: SubscriptionTransportOptions): SubscriptionTransport {
  const {
    url = SUBSCRIPTION_PATH,
    fetchToken,
    webSocketImpl,
    retryWait = backoff,
    retryAttempts = 20,
  } = options;
  let tokenFailure = false;
  const ws: WsClient = createClient({
    url: () => websocketUrl(url, options.location ?? window.location),
    lazy: true,
    webSocketImpl,
    retryAttempts,
    retryWait,
    connectionParams: async () => {
      tokenFailure = false;
      try {
        return { token: await fetchToken() };
      } catch (error) {
        tokenFailure = true;
        throw error;
      }
    },
    // graphql-ws retries every non-fatal close, 4403 included ("might grant access after retry"):
    // the api's 4403 means a token that is not ours, which no retry fixes.
    shouldRetry: (event) => isCloseLike(event) && event.code !== WS_CLOSE_FORBIDDEN,
  });

  const forwardSubscription: SubscriptionForwarder = (request) => ({
    subscribe(sink) {
      const payload = { ...request, query: request.query ?? '' };
      let stop: () => void = () => {};
      let ended = false;
      let expiredInARow = 0;
      const start = () => {
        const inner: Sink = {
          next(value) {
            expiredInARow = 0;
            sink.next(value as Parameters<typeof sink.next>[0]);
          },
          complete() {
            if (ended) return;
            ended = true;
            sink.complete();
          },
          error(error) {
            if (ended) return;
            // connectionParams threw: graphql-ws hands the error on (or the close it caused)
            if (tokenFailure && (!isCloseLike(error) || error.code === WS_CLOSE_INTERNAL_CLIENT_ERROR)) {
              ended = true;
              return sink.complete();
            }
            if (isCloseLike(error)) {
              if (
                error.code === WS_CLOSE_EXPIRED &&
                error.reason === SIGNATURE_EXPIRED_MESSAGE &&
                expiredInARow < MAX_EXPIRED_RESUBSCRIBES
              ) {
                expiredInARow++;
                stop(); // releases graphql-ws's hold of the failed attempt
                start();
                return;
              }
              ended = true;
              return sink.error(new Error(error.reason || `Websocket closed (${error.code})`));
            }
            ended = true;
            sink.error(error as Parameters<typeof sink.error>[0]);
          },
        };
        stop = ws.subscribe(payload, inner);
      };
      start();
      return {
        unsubscribe() {
          ended = true;
          stop();
        },
      };
    },
  });

  return { forwardSubscription, dispose: () => void ws.dispose() };
}
