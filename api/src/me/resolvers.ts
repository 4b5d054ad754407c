import { and, eq, inArray } from 'drizzle-orm';
import { authenticators, services, unreadMessageCounts } from '../db/schema.js';
import type { Notification, QueryResolvers, SubscriptionResolvers } from '../graphql/generated/resolvers.js';
import { visibleWorkspaces } from '../workspaces/repository.js';

/** `me.reason`: why the portal has little to show (the welcome screen explains what to do next). */
export const ME_REASONS = { noWorkspace: 'NO_WORKSPACE', noActiveService: 'NO_ACTIVE_SERVICE' } as const;

export const meQueries = {
  me: async (_parent, _args, ctx) => {
    const { user } = await ctx.viewer();
    const [workspaceRows, totp, unread] = await Promise.all([
      visibleWorkspaces(ctx.db, user.id),
      ctx.db
        .select({ id: authenticators.id })
        .from(authenticators)
        .where(and(eq(authenticators.userId, user.id), eq(authenticators.type, 'totp'))),
      ctx.db
        .select({ count: unreadMessageCounts.count })
        .from(unreadMessageCounts)
        .where(eq(unreadMessageCounts.userId, user.id)),
    ]);
    let reason: string | null = null;
    if (workspaceRows.length === 0) reason = ME_REASONS.noWorkspace;
    else {
      const [service] = await ctx.db
        .select({ id: services.id })
        .from(services)
        .where(
          inArray(
            services.workspaceId,
            workspaceRows.map((row) => row.id),
          ),
        )
        .limit(1);
      if (!service) reason = ME_REASONS.noActiveService;
    }
    return {
      reason,
      user: {
        email: user.email,
        phone: user.phone,
        firstName: user.firstName,
        lastName: user.lastName,
        timezone: user.timezone,
        dateFormat: user.dateFormat,
        timeFormat: user.timeFormat,
        totp2faEnabled: totp.length > 0,
        hasUsablePassword: user.passwordHash !== null,
      },
      env: {
        profiles: user.profiles,
        currentExternalIp: ctx.ip,
        unreadDirectMessages: unread[0]?.count ?? 0,
      },
    };
  },

  getWSAToken: async (_parent, _args, ctx) => {
    const { user, sessionId } = await ctx.viewer();
    return ctx.wsaTokens.issue({ userId: user.id, sessionId });
  },
} satisfies QueryResolvers;

export const meSubscriptions = {
  notifications: {
    subscribe: async (_parent, _args, ctx) => {
      const { user } = await ctx.viewer();
      return ctx.pubsub.subscribe('notifications', user.id);
    },
    resolve: (payload: Notification) => payload,
  },
} satisfies SubscriptionResolvers;
