import { identity, type Notification, type SubscriptionTransportOptions } from '@portal/shared';
import { createPortalClient, createSubscriptionTransport, fetchWsaToken } from '@portal/shared/graphql';
import type { Client } from '@urql/core';
import { i18n } from '../portal/i18n';
import { saveBeforeExpiryPath } from '../session/beforeExpiryPath';
import { beforeExpiryEntryAt, type Place, requiresAuthAt } from './routePlace';

/**
 * The portal's urql client with the host's side of the error handling (spec section 8): the
 * route comes from the router, a permission or expiry error saves it under `beforeExpiryPath`
 * and asks the identity service for the session (its answer, by the auth-change event, sends a
 * signed-out user to Login and back here afterwards), other errors are notified.
 *
 * Subscriptions go over `/ws/api/` (graphql-ws); each connection's WSA token is fetched through
 * this same client (`getWSAToken`), so a failure there gets the same handling. One client (and
 * one socket, opened lazily) per signed-in user: the workspace controller makes a new client per user.
 */
export function createHostClient({
  place,
  notify,
  websocket,
}: {
  /** where the user is now (the router's location); undefined before the router exists */
  place: () => Place | undefined;
  notify: (notification: Notification) => void;
  /** tests: the transport's options (a fake WebSocket, the page location) */
  websocket?: Omit<SubscriptionTransportOptions, 'fetchToken'>;
}): Client {
  const transport = createSubscriptionTransport({ ...websocket, fetchToken: () => fetchWsaToken(client) });
  const client = createPortalClient({
    forwardSubscription: transport.forwardSubscription,
    currentRouteRequiresAuth: () => requiresAuthAt(place()),
    saveBeforeExpiryPath: () => {
      const entry = beforeExpiryEntryAt(place());
      if (entry) saveBeforeExpiryPath(entry);
    },
    checkSession: () => void identity.getSession(),
    notify,
    networkErrorMessage: (detail) => i18n.t('errors.network', { ns: 'common', detail }),
  });
  return client;
}
