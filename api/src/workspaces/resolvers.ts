import type { GraphQLContext } from '../graphql/context.js';
import { oncePerEvent } from '../graphql/fanout.js';
import type {
  QueryResolvers,
  SubscriptionResolvers,
  SubscriptionWorkspaceChangedArgs,
  WorkspaceResolvers,
} from '../graphql/generated/resolvers.js';
import { loadWorkspace, requireWorkspace, requireWorkspaceCapability } from './access.js';
import { loadFundBalance, loadVisibleWorkspaces } from './repository.js';
import { can } from './roles.js';

export const workspaceQueries = {
  allWorkspaces: async (_parent, { contractUid }, ctx) => {
    if (contractUid !== undefined && contractUid !== null) return [await loadWorkspace(ctx, contractUid)];
    const { user } = await ctx.viewer();
    return loadVisibleWorkspaces(ctx.db, user.id);
  },
  // The drawer shows every member the balance (spec section 2); the payment methods and a pending
  // payment only to a standing with BILLING_VIEW (the role table).
  fundBalance: async (_parent, { contractUid }, ctx) => {
    const workspace = await requireWorkspaceCapability(ctx, contractUid, 'WORKSPACE_VIEW');
    const balance = await loadFundBalance(ctx.db, workspace);
    return can(workspace.standing, 'BILLING_VIEW')
      ? balance
      : { ...balance, paymentMethods: [], pendingPayment: null };
  },
} satisfies QueryResolvers;

export const workspaceFields = {
  invoices: (workspace) => workspace.loadInvoices(),
} satisfies WorkspaceResolvers;

export const workspaceSubscriptions = {
  workspaceChanged: {
    // Checked when subscribing and again for every event: access may end while subscribed.
    subscribe: async (_parent, { contractUid }, ctx) => {
      await requireWorkspace(ctx, contractUid);
      return ctx.pubsub.subscribe('workspaceChanged', contractUid);
    },
    resolve: async (
      payload: object,
      { contractUid }: SubscriptionWorkspaceChangedArgs,
      ctx: GraphQLContext,
    ) => {
      const { user } = await ctx.viewer();
      return oncePerEvent(payload, `${user.id}|${contractUid}`, () => loadWorkspace(ctx, contractUid));
    },
  },
} satisfies SubscriptionResolvers;
