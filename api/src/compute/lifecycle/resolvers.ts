import { userError as refusal } from '../../graphql/errors.js';
import type { InstanceResolvers, MutationResolvers } from '../../graphql/generated/resolvers.js';
import { requireComputeWorkspace } from '../access.js';
import { loadCatalog, toInstance } from '../repository.js';
import { refusing, requireInstance } from '../resolvers.js';
import { COMPUTE_MESSAGES } from '../validation.js';
import { deployCredentials, instanceSshKeys } from './credentials.js';
import { resizeRefusal, startRebuild, startResize } from './operations.js';

export const lifecycleMutations = {
  resizeInstance: async (_parent, { contractUid, uid, planUid }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'manage');
    const row = await requireInstance(ctx, workspace, uid);
    const catalog = await loadCatalog(ctx.db);
    const plan = catalog.plan(planUid);
    if (!plan) throw refusal(COMPUTE_MESSAGES.unknownPlan, 'UNKNOWN_PLAN', 'planUid');
    if (!plan.prices.some((p) => p.currency === workspace.currency)) {
      throw refusal(COMPUTE_MESSAGES.planNotInCurrency(workspace.currency), 'UNKNOWN_PLAN', 'planUid');
    }
    const smaller = resizeRefusal(catalog.plan(row.planId)!, plan);
    if (smaller) throw refusal(smaller, 'PLAN_NOT_LARGER', 'planUid');
    const changed = await refusing(() => startResize(ctx.compute, workspace, row, plan.uid));
    return toInstance(changed, catalog, workspace);
  },
  rebuildInstance: async (_parent, { input }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, input.contractUid, 'manage');
    const row = await requireInstance(ctx, workspace, input.uid);
    const catalog = await loadCatalog(ctx.db);
    if (!catalog.image(input.imageUid))
      throw refusal(COMPUTE_MESSAGES.unknownImage, 'UNKNOWN_IMAGE', 'imageUid');
    const credentials = await deployCredentials(ctx, input.rootPassword, input.sshKeyUids);
    const changed = await refusing(() =>
      startRebuild(ctx.compute, workspace, row, input.imageUid, credentials),
    );
    return toInstance(changed, catalog, workspace);
  },
} satisfies MutationResolvers;

/** The fields compute-lifecycle.graphql adds to Instance that are not on its row. */
export const lifecycleInstanceFields = {
  sshKeys: (parent, _args, ctx) => instanceSshKeys(ctx.db, parent.uid),
} satisfies InstanceResolvers;
