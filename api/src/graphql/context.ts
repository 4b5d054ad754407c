import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { User } from '../db/schema.js';
import { permissionDenied, signatureExpired } from './errors.js';
import type { PortalPubSub } from './pubsub.js';
import type { WsaClaims, WsaTokens } from './wsa-token.js';

/** The signed-in caller. */
export interface Viewer {
  user: User;
  /** `auth_sessions.id`; null if the caller did not come through a session. */
  sessionId: number | null;
}

/**
 * Where the session behind a WSA token stands: `active`, `expired` (it lapsed) or `ended` (logged
 * out, replaced by a new session id, or another user's). A token without a session id (none is
 * issued so today) counts as active. The websocket asks at connect, at each subscribe and
 * periodically; `tokenContext` per operation.
 */
export type TokenSessionState = 'active' | 'expired' | 'ended';

/** The caller of a request's session cookie, as the identity domain finds it. */
export type RequestViewer =
  | { status: 'anonymous' }
  | { status: 'expired' }
  | { status: 'signed-in'; user: User; sessionId: number };

/** How a context finds its caller: provided by the identity domain, so `graphql/` names none. */
export interface ViewerLookup {
  ofRequest(request: FastifyRequest): Promise<RequestViewer>;
  sessionStates(claims: readonly WsaClaims[]): Promise<TokenSessionState[]>;
  userById(id: string): Promise<User | undefined>;
}

/**
 * Built once per app: what contexts share. The core is below; each domain adds its services from
 * its `module.ts` by declaration merging
 * (`declare module '../graphql/context.js' { interface GraphqlServices { … } }`).
 */
export interface GraphqlServices {
  db: Db;
  pubsub: PortalPubSub;
  wsaTokens: WsaTokens;
  /** The identity service's clock (tests move it). */
  now: () => number;
  /** The portal's origin, for links in mails. */
  publicUrl: string;
  /**
   * Counts one check of the caller's password against the identity service's `reauthenticate`
   * limit (allauth's 10 a minute per user), whatever the transport; false once it is spent.
   */
  passwordAttempt: (userId: string) => Promise<boolean>;
  /** Counts one file download (an invoice PDF, an attachment) of the caller; false once too many. */
  downloadAllowed: (viewer: Viewer) => Promise<boolean>;
  viewers: ViewerLookup;
}

/**
 * What every resolver gets. Over HTTP the caller comes from the identity service's session cookie
 * (`httpContext`); over the websocket from the WSA token of `connection_init` (`tokenContext`).
 */
export interface GraphQLContext extends GraphqlServices {
  /** The caller's address as the api sees it (`TRUST_PROXY` honoured). */
  ip: string;
  /**
   * The signed-in caller, looked up once per operation. Throws the permission error without one and
   * 'Signature has expired' when the session (or token) has lapsed.
   */
  viewer(): Promise<Viewer>;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => {
    result ??= load();
    return result;
  };
}

export function httpContext(services: GraphqlServices, request: FastifyRequest): GraphQLContext {
  return {
    ...services,
    ip: request.ip,
    viewer: once(async () => {
      const found = await services.viewers.ofRequest(request);
      if (found.status === 'expired') throw signatureExpired();
      if (found.status === 'anonymous') throw permissionDenied();
      return { user: found.user, sessionId: found.sessionId };
    }),
  };
}

/**
 * For the websocket: the caller of a verified WSA token (`WsaTokens.verify`). The token's session
 * must still be signed in: after a logout the socket's operations answer the permission error, after
 * the session lapsed 'Signature has expired'.
 */
export function tokenContext(services: GraphqlServices, claims: WsaClaims, ip: string): GraphQLContext {
  return {
    ...services,
    ip,
    viewer: once(async () => {
      const [state] = await services.viewers.sessionStates([claims]);
      if (state === 'ended') throw permissionDenied();
      if (state === 'expired') throw signatureExpired();
      const user = await services.viewers.userById(claims.userId);
      if (!user) throw permissionDenied();
      return { user, sessionId: claims.sessionId };
    }),
  };
}

/** Where the sessions behind WSA tokens stand (see `TokenSessionState`). */
export function tokenSessionStates(
  services: Pick<GraphqlServices, 'viewers'>,
  claims: readonly WsaClaims[],
): Promise<TokenSessionState[]> {
  return services.viewers.sessionStates(claims);
}
