import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { type AuthSession, authSessions } from '../../db/schema.js';
import type { Ctx } from '../context.js';
import { type Envelope, errorResponse, fieldError } from '../envelope.js';
import { authenticationResponse, logout } from '../flows.js';
import { MESSAGES } from '../messages.js';
import { requireUser } from './guards.js';
import type { Route } from './route.js';

const serialize = (ctx: Ctx, row: AuthSession) => ({
  id: row.id,
  created_at: row.createdAt.getTime() / 1000,
  last_seen_at: row.lastSeenAt.getTime() / 1000,
  ip: row.ip,
  user_agent: row.userAgent,
  is_current: row.id === ctx.session.id,
});

async function listSessions(ctx: Ctx, userId: string): Promise<Envelope> {
  const rows = await ctx.db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, new Date(ctx.services.now()))))
    .orderBy(asc(authSessions.id));
  return { status: 200, data: rows.map((row) => serialize(ctx, row)) };
}

/** allauth's usersessions: the account's signed-in browsers, and signing any of them out. */
export function sessionsRoutes(route: Route): void {
  route('GET', '/auth/sessions', async (ctx) => {
    const { user, refusal } = await requireUser(ctx);
    if (refusal) return refusal;
    return listSessions(ctx, user.id);
  });

  route('DELETE', '/auth/sessions', async (ctx, body) => {
    const { user, refusal } = await requireUser(ctx);
    if (refusal) return refusal;
    const ids = body.sessions;
    if (!Array.isArray(ids) || ids.length === 0) {
      return errorResponse([fieldError('sessions', 'required', MESSAGES.required)]);
    }
    if (!ids.every((id) => Number.isInteger(id))) {
      return errorResponse([fieldError('sessions', 'invalid', 'Enter a list of session ids.')]);
    }
    const others = (ids as number[]).filter((id) => id !== ctx.session.id);
    if (others.length > 0) {
      await ctx.db
        .delete(authSessions)
        .where(and(eq(authSessions.userId, user.id), inArray(authSessions.id, others)));
    }
    if (ctx.session.id !== undefined && ids.includes(ctx.session.id)) {
      logout(ctx);
      return authenticationResponse(ctx);
    }
    return listSessions(ctx, user.id);
  });
}
