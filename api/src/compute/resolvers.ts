import type { GraphQLContext } from '../graphql/context.js';
import { permissionDenied, userError as refusal } from '../graphql/errors.js';
import type {
  MutationResolvers,
  QueryResolvers,
  ResolversTypes,
  SubscriptionInstanceChangedArgs,
  SubscriptionResolvers,
} from '../graphql/generated/resolvers.js';
import type { WorkspaceRow } from '../workspaces/repository.js';
import { requireComputeWorkspace } from './access.js';
import { deployCredentials, rememberSshKeys } from './lifecycle/credentials.js';
import {
  checkInstanceLimit,
  hasOverdueInvoice,
  INVOICE_OVERDUE,
  instanceQuota,
  QUOTA_MESSAGES,
} from './quota.js';
import { instanceRow, instanceRows, loadCatalog, loadOffers, toInstance } from './repository.js';
import { ComputeRefusal, type InstanceChangedPayload } from './service.js';
import { COMPUTE_MESSAGES, isHostName } from './validation.js';

/** Runs `work`, turning the compute service's refusals into the GraphQL refusal naming the field. */
export async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ComputeRefusal) throw refusal(error.message, error.code, error.field);
    throw error;
  }
}

function validName(raw: string): string {
  const name = raw.trim();
  if (!isHostName(name)) throw refusal(COMPUTE_MESSAGES.invalidName, 'INVALID_NAME', 'name');
  return name;
}

/** The workspace's instance, or the permission error (another workspace's or an unknown uid alike). */
export async function requireInstance(ctx: GraphQLContext, workspace: WorkspaceRow, uid: string) {
  const row = await instanceRow(ctx.db, workspace.id, uid);
  if (!row) throw permissionDenied();
  return row;
}

export const computeQueries = {
  instances: async (_parent, { contractUid }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'view');
    const [rows, catalog] = await Promise.all([instanceRows(ctx.db, workspace.id), loadCatalog(ctx.db)]);
    return rows.map((row) => toInstance(row, catalog, workspace));
  },
  instance: async (_parent, { contractUid, uid }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'view');
    const row = await instanceRow(ctx.db, workspace.id, uid);
    return row ? toInstance(row, await loadCatalog(ctx.db), workspace) : null;
  },
  instanceQuota: async (_parent, { contractUid }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'view');
    const [quota, invoiceOverdue] = await Promise.all([
      instanceQuota(ctx.db, workspace.id),
      hasOverdueInvoice(ctx.db, workspace.id, ctx.now()),
    ]);
    return { ...quota, invoiceOverdue };
  },
  // The catalogue and the offers need no session: a visitor configures New instance before signing in.
  computeCatalog: async (_parent, _args, ctx) => {
    const { images, locations, plans } = await loadCatalog(ctx.db);
    return { images, locations, plans };
  },
  offers: async (_parent, { kind }, ctx) => loadOffers(ctx.db, kind ? { kind } : {}),
  offer: async (_parent, { templateUid }, ctx) => (await loadOffers(ctx.db, { templateUid }))[0] ?? null,
} satisfies QueryResolvers;

export const computeMutations = {
  createInstance: async (_parent, { input }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, input.contractUid, 'manage');
    const name = validName(input.name);
    const catalog = await loadCatalog(ctx.db);
    if (!catalog.image(input.imageUid))
      throw refusal(COMPUTE_MESSAGES.unknownImage, 'UNKNOWN_IMAGE', 'imageUid');
    if (!catalog.location(input.locationUid)) {
      throw refusal(COMPUTE_MESSAGES.unknownLocation, 'UNKNOWN_LOCATION', 'locationUid');
    }
    const plan = catalog.plan(input.planUid);
    if (!plan) throw refusal(COMPUTE_MESSAGES.unknownPlan, 'UNKNOWN_PLAN', 'planUid');
    if (!plan.prices.some((p) => p.currency === workspace.currency)) {
      throw refusal(COMPUTE_MESSAGES.planNotInCurrency(workspace.currency), 'UNKNOWN_PLAN', 'planUid');
    }
    // Like the anchors' accounts: no new machine while an invoice is overdue; the limit itself is
    // checked in the insert's transaction (below), so that parallel deployments cannot pass it together.
    if (await hasOverdueInvoice(ctx.db, workspace.id, ctx.now()))
      throw refusal(QUOTA_MESSAGES.invoiceOverdue, INVOICE_OVERDUE);
    // A root password or at least one of the caller's SSH keys (compute-lifecycle.graphql).
    const credentials = await deployCredentials(ctx, input.rootPassword, input.sshKeyUids);
    const row = await refusing(() =>
      ctx.compute.create(
        workspace,
        {
          name,
          imageUid: input.imageUid,
          locationUid: input.locationUid,
          planUid: input.planUid,
          rootPassword: credentials.rootPassword,
          sshKeys: credentials.keys.map((key) => key.publicKey),
        },
        async (tx, created) => {
          await checkInstanceLimit(tx, workspace.id);
          await rememberSshKeys(tx, created.id, credentials.keys);
        },
      ),
    );
    return toInstance(row, catalog, workspace);
  },
  instanceAction: async (_parent, { contractUid, uid, action }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'manage');
    const row = await requireInstance(ctx, workspace, uid);
    const changed = await refusing(() => ctx.compute.act(workspace, row, action));
    return toInstance(changed, await loadCatalog(ctx.db), workspace);
  },
  renameInstance: async (_parent, { contractUid, uid, name }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'manage');
    const row = await requireInstance(ctx, workspace, uid);
    const valid = validName(name);
    const changed = await refusing(() => ctx.compute.rename(workspace, row, valid));
    return toInstance(changed, await loadCatalog(ctx.db), workspace);
  },
} satisfies MutationResolvers;

export const computeSubscriptions = {
  instanceChanged: {
    // Checked when subscribing and again for every event, like workspaceChanged.
    subscribe: async (_parent, { contractUid }, ctx) => {
      await requireComputeWorkspace(ctx, contractUid, 'view');
      return ctx.pubsub.subscribe('instanceChanged', contractUid);
    },
    resolve: async (
      payload: InstanceChangedPayload,
      { contractUid }: SubscriptionInstanceChangedArgs,
      ctx: GraphQLContext,
    ): Promise<ResolversTypes['InstanceChange']> => {
      const workspace = await requireComputeWorkspace(ctx, contractUid, 'view');
      const row = await instanceRow(ctx.db, workspace.id, payload.uid, { withDeleted: true });
      if (!row) throw permissionDenied();
      return { instance: toInstance(row, await loadCatalog(ctx.db), workspace), deleted: payload.deleted };
    },
  },
} satisfies SubscriptionResolvers;
