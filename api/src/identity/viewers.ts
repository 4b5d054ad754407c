import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authSessions } from '../db/schema.js';
import type { TokenSessionState, ViewerLookup } from '../graphql/context.js';
import type { WsaClaims } from '../graphql/wsa-token.js';
import type { IdentityServices } from './context.js';
import { sessionViewer } from './index.js';
import { findUserById } from './users.js';

/** How GraphQL contexts find their caller: the session cookie, a WSA token's session, a user id. */
export function identityViewers(identity: IdentityServices): ViewerLookup {
  return {
    ofRequest: (request) => sessionViewer(identity, request),
    sessionStates: (claims) => sessionStates(identity, claims),
    userById: (id) => findUserById(identity.db, id),
  };
}

async function sessionStates(
  services: { db: Db; now: () => number },
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
