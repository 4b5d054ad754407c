import type { CombinedError } from '@urql/core';
import type { Notification } from '../contract/PortalContext';

/** The api's permission failure (spec section 8), verbatim. */
export const PERMISSION_DENIED_MESSAGE = 'You do not have permission to perform this action';
/** The api's answer to expired credentials (spec section 8), verbatim. */
export const SIGNATURE_EXPIRED_MESSAGE = 'Signature has expired';

const SESSION_MESSAGES: ReadonlySet<string> = new Set([PERMISSION_DENIED_MESSAGE, SIGNATURE_EXPIRED_MESSAGE]);

/** What the portal does about a failed GraphQL operation. */
export interface GraphqlErrorEffects {
  /**
   * A permission or expiry error: save the current route (`beforeExpiryPath`) and re-check the
   * session, so a user whose session ended is sent to Login and comes back here afterwards.
   */
  checkSession: boolean;
  /** what to tell the user, one entry per distinct message */
  notifications: Notification[];
}

export const NO_EFFECTS: GraphqlErrorEffects = { checkSession: false, notifications: [] };

export interface GraphqlErrorContext {
  /** whether the route the user is on requires a signed-in user */
  routeRequiresAuth: boolean;
  /** false: the screen shows this operation's errors itself (no notification; session check still runs) */
  notify?: boolean;
  /** the text of a network failure (translated); default 'Network Error: {detail}' (spec section 8) */
  networkErrorMessage?: (detail: string) => string;
}

const englishNetworkError = (detail: string) => `Network Error: ${detail}`;

/**
 * The error handling of spec section 8, pure. On a route that does not require auth nothing
 * happens at all: a visitor's failed call (an invitation key, a public template) is the page's
 * own business, and re-checking a session that does not exist would only move them.
 */
export function graphqlErrorEffects(error: CombinedError, context: GraphqlErrorContext): GraphqlErrorEffects {
  if (!context.routeRequiresAuth) return NO_EFFECTS;
  const messages = new Set<string>();
  let checkSession = false;
  for (const graphQLError of error.graphQLErrors) {
    if (SESSION_MESSAGES.has(graphQLError.message)) checkSession = true;
    else messages.add(graphQLError.message);
  }
  if (error.networkError)
    messages.add((context.networkErrorMessage ?? englishNetworkError)(error.networkError.message));
  const notifications =
    context.notify === false
      ? []
      : [...messages].map((message): Notification => ({ type: 'error', message }));
  return { checkSession, notifications };
}
