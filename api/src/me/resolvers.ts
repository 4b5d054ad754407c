import { and, eq, inArray } from 'drizzle-orm';
import { authenticators, LANGUAGES, services, type User, users } from '../db/schema.js';
import type { GraphQLContext } from '../graphql/context.js';
import { userError } from '../graphql/errors.js';
import type {
  Me,
  MutationResolvers,
  Notification,
  QueryResolvers,
  SubscriptionResolvers,
} from '../graphql/generated/resolvers.js';
import { userProfiles } from '../profile/tables.js';
import { unreadDirect } from '../support/repository.js';
import { visibleWorkspaces } from '../workspaces/repository.js';

/** `me.reason`: why the portal has little to show (the welcome screen explains what to do next). */
export const ME_REASONS = { noWorkspace: 'NO_WORKSPACE', noActiveService: 'NO_ACTIVE_SERVICE' } as const;

/** The refusal of `setLanguage` for a language the portal does not speak. */
export const UNSUPPORTED_LANGUAGE = `Choose one of the portal's languages: ${LANGUAGES.join(', ')}.`;

/** `me` of a user: the account, its preferences and what the portal needs around it. */
export async function meOf(ctx: GraphQLContext, user: User): Promise<Me> {
  const [workspaceRows, totp, profile] = await Promise.all([
    visibleWorkspaces(ctx.db, user.id),
    ctx.db
      .select({ id: authenticators.id })
      .from(authenticators)
      .where(and(eq(authenticators.userId, user.id), eq(authenticators.type, 'totp'))),
    ctx.db
      .select({ isBusiness: userProfiles.isBusiness })
      .from(userProfiles)
      .where(eq(userProfiles.userId, user.id)),
  ]);
  const unread = await unreadDirect(
    ctx.db,
    workspaceRows.map((row) => row.id),
    user.id,
  );
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
      language: user.language,
      totp2faEnabled: totp.length > 0,
      hasUsablePassword: user.passwordHash !== null,
      isBusiness: profile[0]?.isBusiness ?? false,
    },
    env: {
      profiles: user.profiles,
      currentExternalIp: ctx.ip,
      unreadDirectMessages: unread,
    },
  };
}

export const meQueries = {
  me: async (_parent, _args, ctx) => meOf(ctx, (await ctx.viewer()).user),

  getWSAToken: async (_parent, _args, ctx) => {
    const { user, sessionId } = await ctx.viewer();
    return ctx.wsaTokens.issue({ userId: user.id, sessionId });
  },
} satisfies QueryResolvers;

export const meMutations = {
  setLanguage: async (_parent, { language }, ctx) => {
    const { user } = await ctx.viewer();
    const chosen = LANGUAGES.find((l) => l === language);
    if (!chosen) throw userError(UNSUPPORTED_LANGUAGE, 'UNSUPPORTED_LANGUAGE');
    const [updated] = await ctx.db
      .update(users)
      .set({ language: chosen })
      .where(eq(users.id, user.id))
      .returning();
    ctx.pubsub.publish('meChanged', user.id, { userId: user.id });
    return meOf(ctx, updated ?? { ...user, language: chosen });
  },
} satisfies MutationResolvers;

export const meSubscriptions = {
  notifications: {
    subscribe: async (_parent, _args, ctx) => {
      const { user } = await ctx.viewer();
      return ctx.pubsub.subscribe('notifications', user.id);
    },
    resolve: (payload: Notification) => payload,
  },
} satisfies SubscriptionResolvers;
