import type { GraphQLContext } from '../graphql/context.js';
import { permissionDenied } from '../graphql/errors.js';
import { oncePerEvent } from '../graphql/fanout.js';
import type {
  QueryResolvers,
  SubscriptionResolvers,
  SubscriptionWorkspaceChangedArgs,
  WorkspaceResolvers,
} from '../graphql/generated/resolvers.js';
import type { WorkspaceModel } from './models.js';
import {
  loadFundBalance,
  loadVisibleWorkspaces,
  visibleWorkspaces,
  type WorkspaceRow,
} from './repository.js';
import { can, requireWorkspaceCapability } from './roles.js';

/** The caller's workspace with this contract, or the permission error (also for one that does not exist). */
export async function requireWorkspace(ctx: GraphQLContext, contractUid: string): Promise<WorkspaceRow> {
  const { user } = await ctx.viewer();
  const [row] = await visibleWorkspaces(ctx.db, user.id, contractUid);
  if (!row) throw permissionDenied();
  return row;
}

/** The caller's workspace with this contract, whole (one statement), or the permission error. */
export async function loadWorkspace(ctx: GraphQLContext, contractUid: string): Promise<WorkspaceModel> {
  const { user } = await ctx.viewer();
  const [workspace] = await loadVisibleWorkspaces(ctx.db, user.id, contractUid);
  if (!workspace) throw permissionDenied();
  return workspace;
}

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
