import type { GraphQLContext } from '../../graphql/context.js';
import { permissionDenied } from '../../graphql/errors.js';
import type {
  QueryResolvers,
  SubscriptionResolvers,
  SubscriptionStatusChangedArgs,
} from '../../graphql/generated/resolvers.js';
import { requireComputeWorkspace } from '../access.js';
import { loadIncident, loadStatus, type StatusIncident } from './repository.js';

const viewerOf = (w: { id: string; contractUid: string; currency: string }) => ({
  workspaceId: w.id,
  contractUid: w.contractUid,
  currency: w.currency,
});

export const statusQueries = {
  computeStatus: async (_parent, { contractUid }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'view');
    return loadStatus(ctx.db, viewerOf(workspace), ctx.compute.now());
  },
} satisfies QueryResolvers;

export const statusSubscriptions = {
  statusChanged: {
    subscribe: async (_parent, { contractUid }, ctx) => {
      await requireComputeWorkspace(ctx, contractUid, 'view');
      return ctx.pubsub.subscribe('statusChanged');
    },
    resolve: async (
      payload: { incidentUid: string },
      { contractUid }: SubscriptionStatusChangedArgs,
      ctx: GraphQLContext,
    ): Promise<StatusIncident> => {
      const workspace = await requireComputeWorkspace(ctx, contractUid, 'view');
      const incident = await loadIncident(ctx.db, viewerOf(workspace), payload.incidentUid);
      if (!incident) throw permissionDenied();
      return incident;
    },
  },
} satisfies SubscriptionResolvers;
