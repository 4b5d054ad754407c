import { createPortalClient, identity, type Notification } from '@portal/shared';
import type { Client } from '@urql/core';
import { saveBeforeExpiryPath } from '../session/beforeExpiryPath';
import { beforeExpiryEntryAt, type Place, requiresAuthAt } from './routePlace';

/**
 * The portal's urql client with the host's side of the error handling (spec section 8): the
 * route comes from the router, a permission or expiry error saves it under `beforeExpiryPath`
 * and asks the identity service for the session (its answer, by the auth-change event, sends a
 * signed-out user to Login and back here afterwards), other errors are notified.
 */
export function createHostClient({
  place,
  notify,
}: {
  /** where the user is now (the router's location); undefined before the router exists */
  place: () => Place | undefined;
  notify: (notification: Notification) => void;
}): Client {
  return createPortalClient({
    currentRouteRequiresAuth: () => requiresAuthAt(place()),
    saveBeforeExpiryPath: () => {
      const entry = beforeExpiryEntryAt(place());
      if (entry) saveBeforeExpiryPath(entry);
    },
    checkSession: () => void identity.getSession(),
    notify,
  });
}
