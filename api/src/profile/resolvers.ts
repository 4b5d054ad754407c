import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import type { GraphQLContext } from '../graphql/context.js';
import { userError } from '../graphql/errors.js';
import type { MutationResolvers, SubscriptionResolvers } from '../graphql/generated/resolvers.js';
import { meOf } from '../me/resolvers.js';
import { userProfiles } from './tables.js';
import { ProfileRefusal, validPreferences, validProfile } from './validation.js';

/** Runs a validation; its refusal becomes the GraphQL error on the field it names. */
function refusing<T>(validate: () => T, code: string): T {
  try {
    return validate();
  } catch (error) {
    if (error instanceof ProfileRefusal) throw userError(error.message, code, error.field);
    throw error;
  }
}

/** Tells the user's other tabs (and this one's subscription) that `me` changed. */
export const publishMeChanged = (ctx: Pick<GraphQLContext, 'pubsub'>, userId: string) =>
  ctx.pubsub.publish('meChanged', userId, { userId });

export const profileMutations = {
  updateProfile: async (_parent, { input }, ctx) => {
    const { user } = await ctx.viewer();
    const valid = refusing(() => validProfile(input), 'INVALID_PROFILE');
    const updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          firstName: valid.firstName,
          lastName: valid.lastName,
          // the contact number; sign-up verified that a person owns one, a change does not ask again
          phone: valid.phone,
        })
        .where(eq(users.id, user.id))
        .returning();
      await tx
        .insert(userProfiles)
        .values({ userId: user.id, isBusiness: valid.isBusiness })
        .onConflictDoUpdate({
          target: userProfiles.userId,
          set: { isBusiness: valid.isBusiness, updatedAt: new Date() },
        });
      return row!;
    });
    publishMeChanged(ctx, user.id);
    return meOf(ctx, updated);
  },

  updatePreferences: async (_parent, { input }, ctx) => {
    const { user } = await ctx.viewer();
    const valid = refusing(() => validPreferences(input), 'INVALID_PREFERENCES');
    const [updated] = await ctx.db.update(users).set(valid).where(eq(users.id, user.id)).returning();
    publishMeChanged(ctx, user.id);
    return meOf(ctx, updated!);
  },
} satisfies MutationResolvers;

export const profileSubscriptions = {
  meChanged: {
    subscribe: async (_parent, _args, ctx) => {
      const { user } = await ctx.viewer();
      return ctx.pubsub.subscribe('meChanged', user.id);
    },
    // every event reloads the user: the payload carries the id only
    resolve: async (payload: { userId: string }, _args: unknown, ctx: GraphQLContext) => {
      const [user] = await ctx.db.select().from(users).where(eq(users.id, payload.userId));
      if (!user) throw userError('This account no longer exists.', 'NOT_FOUND');
      return meOf(ctx, user);
    },
  },
} satisfies SubscriptionResolvers;
