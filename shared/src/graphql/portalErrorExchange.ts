import { type Exchange, mapExchange } from '@urql/core';
import type { Notification } from '../contract/PortalContext';
import { graphqlErrorEffects } from './graphqlErrors';

/** What the host lends the client to handle errors (spec section 8). */
export interface PortalErrorHandlers {
  /** whether the route the user is on requires a signed-in user (no reaction at all otherwise) */
  currentRouteRequiresAuth: () => boolean;
  /** saves the current route name and params under `beforeExpiryPath` */
  saveBeforeExpiryPath: () => void;
  /** asks the identity service for the session (`identity.getSession()`); its answer moves the user */
  checkSession: () => void;
  notify: (notification: Notification) => void;
  /** the notification of a network failure in the page's language; default 'Network Error: {detail}' */
  networkErrorMessage?: (detail: string) => string;
}

/**
 * Operation context flag: `{ portalNotify: false }` keeps the notification of an operation whose
 * screen shows its errors itself (a form, the invitation page). Session errors are still handled.
 */
export const PORTAL_NOTIFY_CONTEXT_KEY = 'portalNotify';

export function portalErrorExchange(handlers: PortalErrorHandlers): Exchange {
  return mapExchange({
    onError(error, operation) {
      const effects = graphqlErrorEffects(error, {
        routeRequiresAuth: handlers.currentRouteRequiresAuth(),
        notify: operation.context[PORTAL_NOTIFY_CONTEXT_KEY] !== false,
        networkErrorMessage: handlers.networkErrorMessage,
      });
      if (effects.checkSession) {
        handlers.saveBeforeExpiryPath();
        handlers.checkSession();
      }
      for (const notification of effects.notifications) handlers.notify(notification);
    },
  });
}
