import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { authSessions, type User } from '../db/schema.js';
import type { IdentityServices } from '../identity/context.js';
import { sessionViewer } from '../identity/index.js';
import { findUserById } from '../identity/users.js';
import { permissionDenied, signatureExpired } from './errors.js';
import type { PortalPubSub } from './pubsub.js';
import type { WsaClaims, WsaTokens } from './wsa-token.js';

/** The signed-in caller. */
export interface Viewer {
  user: User;
  /** `auth_sessions.id`; null if the caller did not come through a session. */
  sessionId: number | null;
}

/** Built once per app: what contexts share. */
export interface GraphqlServices {
  db: Db;
  pubsub: PortalPubSub;
  wsaTokens: WsaTokens;
  /** The identity service's clock (tests move it). */
  now: () => number;
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

export function httpContext(
  services: GraphqlServices,
  identity: IdentityServices,
  request: FastifyRequest,
): GraphQLContext {
  return {
    ...services,
    ip: request.ip,
    viewer: once(async () => {
      const found = await sessionViewer(identity, request);
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
      if (claims.sessionId !== null) {
        const [session] = await services.db
          .select({ userId: authSessions.userId, expiresAt: authSessions.expiresAt })
          .from(authSessions)
          .where(eq(authSessions.id, claims.sessionId));
        if (!session || session.userId !== claims.userId) throw permissionDenied();
        if (session.expiresAt.getTime() <= services.now()) throw signatureExpired();
      }
      const user = await findUserById(services.db, claims.userId);
      if (!user) throw permissionDenied();
      return { user, sessionId: claims.sessionId };
    }),
  };
}
