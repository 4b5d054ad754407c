import { GraphQLError } from 'graphql';

/** Spec section 8: the client saves the route and re-checks the session on exactly these messages. */
export const PERMISSION_DENIED = 'You do not have permission to perform this action';
export const SIGNATURE_EXPIRED = 'Signature has expired';

/** No session, or something that is not the caller's. */
export const permissionDenied = () =>
  new GraphQLError(PERMISSION_DENIED, { extensions: { code: 'FORBIDDEN' } });

/** Credentials that were good and have lapsed: an expired session or websocket token. */
export const signatureExpired = () =>
  new GraphQLError(SIGNATURE_EXPIRED, { extensions: { code: 'SIGNATURE_EXPIRED' } });

/**
 * A refusal the user can act on; the portal shows the message as is (spec section 8). `field` names
 * the input it is about (`extensions.field`), for a form to show it there.
 */
export const userError = (message: string, code: string, field?: string) =>
  new GraphQLError(message, { extensions: { code, ...(field ? { field } : {}) } });
