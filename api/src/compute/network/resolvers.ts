import DataLoader from 'dataloader';
import { and, eq } from 'drizzle-orm';
import type { GraphQLContext } from '../../graphql/context.js';
import { permissionDenied, userError as refusal } from '../../graphql/errors.js';
import type {
  InstanceNetwork,
  InstanceResolvers,
  MutationResolvers,
  NetworkChange,
  SubscriptionNetworkChangedArgs,
  SubscriptionResolvers,
} from '../../graphql/generated/resolvers.js';
import type { WorkspaceRow } from '../../workspaces/repository.js';
import { requireComputeWorkspace } from '../access.js';
import * as firewall from '../firewall/repository.js';
import { validateRule } from '../firewall/validation.js';
import { instanceRow } from '../repository.js';
import { refusing } from '../resolvers.js';
import { NETWORK_MESSAGES, normaliseRdns } from './addressing.js';
import { instancesById, loadNetworks, toIpAddress } from './repository.js';
import type { NetworkChangedPayload } from './service.js';
import { ADDRESS_KINDS, computeIpAddresses } from './tables.js';

const now = (ctx: GraphQLContext) => new Date(ctx.compute.options.scheduler.now());

/**
 * `Instance.network` for every instance of one answer in one batch (the Dashboard asks it of 500):
 * the parent resolver has checked the workspace already.
 */
const loaders = new WeakMap<GraphQLContext, DataLoader<string, InstanceNetwork>>();
function networkLoader(ctx: GraphQLContext) {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader<string, InstanceNetwork>(async (uids) => {
      const networks = await loadNetworks(ctx.db, await instancesById(ctx.db, uids), now(ctx));
      return uids.map((uid) => networks.get(uid) ?? new Error(`no instance ${uid}`));
    });
    loaders.set(ctx, loader);
  }
  return loader;
}

/** The workspace's instance (`manage`), or the permission error (another workspace's or an unknown uid alike). */
async function managed(ctx: GraphQLContext, contractUid: string, instanceUid: string) {
  const workspace = await requireComputeWorkspace(ctx, contractUid, 'manage');
  const row = await instanceRow(ctx.db, workspace.id, instanceUid);
  if (!row) throw permissionDenied();
  return { workspace, row };
}

async function answer(
  ctx: GraphQLContext,
  workspace: WorkspaceRow,
  row: Parameters<typeof loadNetworks>[1][number],
) {
  const network = (await loadNetworks(ctx.db, [row], now(ctx))).get(row.id)!;
  ctx.pubsub.publish('networkChanged', workspace.contractUid, {
    contractUid: workspace.contractUid,
    uids: [row.id],
  });
  return network;
}

function validRule(input: Parameters<typeof validateRule>[0]) {
  const result = validateRule(input);
  if (!result.ok) throw refusal(result.message, 'INVALID_FIREWALL_RULE', result.field);
  return result.rule;
}

export const networkInstanceFields = {
  network: (parent, _args, ctx) => networkLoader(ctx).load(parent.uid),
} satisfies InstanceResolvers;

export const networkMutations = {
  setReverseDns: async (_parent, { contractUid, instanceUid, address, rdns }, ctx) => {
    const { workspace, row } = await managed(ctx, contractUid, instanceUid);
    await loadNetworks(ctx.db, [row], now(ctx)); // gives it its addresses if it has none yet
    const addresses = await ctx.db
      .select()
      .from(computeIpAddresses)
      .where(eq(computeIpAddresses.instanceId, row.id));
    const target = addresses.find((a) => a.address === address.trim().toLowerCase());
    if (!target) throw refusal(NETWORK_MESSAGES.unknownAddress(address), 'UNKNOWN_ADDRESS', 'address');
    if (target.kind !== ADDRESS_KINDS.PUBLIC)
      throw refusal(NETWORK_MESSAGES.rdnsPrivate, 'PRIVATE_ADDRESS', 'address');
    const name = normaliseRdns(rdns);
    if (name === null) throw refusal(NETWORK_MESSAGES.rdns, 'INVALID_RDNS', 'rdns');
    const [updated] = await ctx.db
      .update(computeIpAddresses)
      .set({ rdns: name === '' ? null : name })
      .where(and(eq(computeIpAddresses.id, target.id)))
      .returning();
    await answer(ctx, workspace, row);
    return toIpAddress(updated!);
  },
  addFirewallRule: async (_parent, { contractUid, instanceUid, rule }, ctx) => {
    const { workspace, row } = await managed(ctx, contractUid, instanceUid);
    const valid = validRule(rule);
    await refusing(() => firewall.addRule(ctx.db, row.id, valid, rule.position));
    return (await answer(ctx, workspace, row)).firewall;
  },
  updateFirewallRule: async (_parent, { contractUid, instanceUid, ruleUid, rule }, ctx) => {
    const { workspace, row } = await managed(ctx, contractUid, instanceUid);
    const valid = validRule(rule);
    await refusing(() => firewall.updateRule(ctx.db, row.id, uuidOrNil(ruleUid), valid));
    return (await answer(ctx, workspace, row)).firewall;
  },
  deleteFirewallRule: async (_parent, { contractUid, instanceUid, ruleUid }, ctx) => {
    const { workspace, row } = await managed(ctx, contractUid, instanceUid);
    await refusing(() => firewall.deleteRule(ctx.db, row.id, uuidOrNil(ruleUid)));
    return (await answer(ctx, workspace, row)).firewall;
  },
  moveFirewallRule: async (_parent, { contractUid, instanceUid, ruleUid, position }, ctx) => {
    const { workspace, row } = await managed(ctx, contractUid, instanceUid);
    await refusing(() => firewall.moveRule(ctx.db, row.id, uuidOrNil(ruleUid), position));
    return (await answer(ctx, workspace, row)).firewall;
  },
  setFirewallPolicy: async (_parent, { contractUid, instanceUid, direction, policy }, ctx) => {
    const { workspace, row } = await managed(ctx, contractUid, instanceUid);
    await firewall.setPolicy(ctx.db, row.id, direction, policy);
    return (await answer(ctx, workspace, row)).firewall;
  },
} satisfies MutationResolvers;

export const networkSubscriptions = {
  networkChanged: {
    subscribe: async (_parent, { contractUid }, ctx) => {
      await requireComputeWorkspace(ctx, contractUid, 'view');
      return ctx.pubsub.subscribe('networkChanged', contractUid);
    },
    resolve: async (
      payload: NetworkChangedPayload,
      { contractUid }: SubscriptionNetworkChangedArgs,
      ctx: GraphQLContext,
    ): Promise<NetworkChange> => {
      const workspace = await requireComputeWorkspace(ctx, contractUid, 'view');
      const rows = (await instancesById(ctx.db, payload.uids)).filter(
        (r) => r.workspaceId === workspace.id && r.deletedAt === null,
      );
      const networks = await loadNetworks(ctx.db, rows, now(ctx));
      return { networks: rows.map((r) => networks.get(r.id)!) };
    },
  },
} satisfies SubscriptionResolvers;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A rule uid that is no uuid names no rule (and must not reach PostgreSQL as one). */
const uuidOrNil = (uid: string) => (UUID.test(uid) ? uid : '00000000-0000-0000-0000-000000000000');
