import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PaymentsService } from '../billing/payments/service.js';
import type { MonitoringService } from '../compute/monitoring/service.js';
import type { ComputeService } from '../compute/service.js';
import type { Db } from '../db/client.js';
import { authSessions, type User } from '../db/schema.js';
import type { IdentityServices } from '../identity/context.js';
import { sessionViewer } from '../identity/index.js';
import type { Mailer } from '../identity/notify/types.js';
import { findUserById } from '../identity/users.js';
import type { SupportService } from '../support/service.js';
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
  /** The compute domain: driver, life cycle and charges. */
  compute: ComputeService;
  /** Compute monitoring: the metric sampler and the alert rules' evaluation. */
  monitoring: MonitoringService;
  /** Support: sending, the desk's answers, attachments' storage. */
  support: SupportService;
  /** The identity service's mailer (invitations), and the portal's origin for links in mails. */
  mailer: Mailer;
  publicUrl: string;
  /**
   * Counts one check of the caller's password against the identity service's `reauthenticate`
   * limit (allauth's 10 a minute per user), whatever the transport; false once it is spent.
   */
  passwordAttempt: (userId: string) => Promise<boolean>;
  /** Counts one file download (an invoice PDF, an attachment) of the caller; false once too many. */
  downloadAllowed: (viewer: Viewer) => Promise<boolean>;
  /** Make a Payment and payment methods (`src/billing/payments/`). */
  payments: PaymentsService;
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
 * Where the session behind a WSA token stands: `active`, `expired` (it lapsed) or `ended` (logged
 * out, replaced by a new session id, or another user's). A token without a session id (none is
 * issued so today) counts as active. The websocket asks at connect, at each subscribe and
 * periodically; `tokenContext` per operation.
 */
export type TokenSessionState = 'active' | 'expired' | 'ended';

export async function tokenSessionStates(
  services: Pick<GraphqlServices, 'db' | 'now'>,
  claims: readonly WsaClaims[],
): Promise<TokenSessionState[]> {
  const ids = [...new Set(claims.flatMap((c) => (c.sessionId === null ? [] : [c.sessionId])))];
  const rows =
    ids.length === 0
      ? []
      : await services.db
          .select({ id: authSessions.id, userId: authSessions.userId, expiresAt: authSessions.expiresAt })
          .from(authSessions)
          .where(inArray(authSessions.id, ids));
  const now = services.now();
  return claims.map((c) => {
    if (c.sessionId === null) return 'active';
    const session = rows.find((row) => row.id === c.sessionId);
    if (!session || session.userId !== c.userId) return 'ended';
    return session.expiresAt.getTime() <= now ? 'expired' : 'active';
  });
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
      const [state] = await tokenSessionStates(services, [claims]);
      if (state === 'ended') throw permissionDenied();
      if (state === 'expired') throw signatureExpired();
      const user = await findUserById(services.db, claims.userId);
      if (!user) throw permissionDenied();
      return { user, sessionId: claims.sessionId };
    }),
  };
}
