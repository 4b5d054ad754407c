import { and, count, eq, inArray } from 'drizzle-orm';
import type { GraphQLContext } from '../../graphql/context.js';
import { permissionDenied, userError as refusal } from '../../graphql/errors.js';
import type {
  AlertRuleInput,
  MutationResolvers,
  QueryResolvers,
  ResolversParentTypes,
  SubscriptionAlertRuleChangedArgs,
  SubscriptionResolvers,
} from '../../graphql/generated/resolvers.js';
import type { WorkspaceRow } from '../../workspaces/repository.js';
import { requireComputeWorkspace } from '../access.js';
import { instanceRow, loadCatalog, toInstance } from '../repository.js';
import { computeInstances } from '../tables.js';
import { ALERT_MESSAGES, MAX_RULES_PER_WORKSPACE, ruleRefusal } from './alerts.js';
import { capacityOf, RANGE_STEPS, rangeWindow } from './metrics.js';
import { machines, ruleRow, ruleRows } from './repository.js';
import type { AlertRuleChangedPayload } from './service.js';
import { type AlertRuleRow, computeAlertRules } from './tables.js';

/** As resolvers answer them: the instance as the `Instance` mapper (`InstanceModel`). */
type AlertRule = ResolversParentTypes['AlertRule'];
type AlertRuleChange = ResolversParentTypes['AlertRuleChange'];

async function toRules(
  ctx: GraphQLContext,
  workspace: WorkspaceRow,
  rows: AlertRuleRow[],
): Promise<AlertRule[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((row) => row.instanceId))];
  const [catalog, instances] = await Promise.all([
    loadCatalog(ctx.db),
    ctx.db
      .select()
      .from(computeInstances)
      .where(and(eq(computeInstances.workspaceId, workspace.id), inArray(computeInstances.id, ids))),
  ]);
  const byId = new Map(instances.map((row) => [row.id, row]));
  return rows.flatMap((row) => {
    const instance = byId.get(row.instanceId);
    if (!instance) return [];
    return [
      {
        uid: row.id,
        contractUid: workspace.contractUid,
        instance: toInstance(instance, catalog, workspace),
        metric: row.metric,
        condition: row.condition,
        value: row.value,
        periodMinutes: row.periodMinutes,
        enabled: row.enabled,
        firing: row.firing,
        firedAt: row.firedAt,
        recoveredAt: row.recoveredAt,
        lastValue: row.lastValue,
        createdAt: row.createdAt,
      },
    ];
  });
}

async function toRule(ctx: GraphQLContext, workspace: WorkspaceRow, row: AlertRuleRow): Promise<AlertRule> {
  const [rule] = await toRules(ctx, workspace, [row]);
  if (!rule) throw permissionDenied();
  return rule;
}

/** A live instance of the workspace, or the permission error (another workspace's, unknown, malformed). */
async function requireInstanceOf(ctx: GraphQLContext, workspace: WorkspaceRow, uid: string) {
  const row = await instanceRow(ctx.db, workspace.id, uid);
  if (!row) throw permissionDenied();
  return row;
}

async function requireRule(ctx: GraphQLContext, workspace: WorkspaceRow, uid: string) {
  const row = await ruleRow(ctx.db, workspace.id, uid);
  if (!row) throw refusal(ALERT_MESSAGES.notFound, 'NOT_FOUND');
  return row;
}

/** The rule as it is to be stored, or the refusal naming its field. */
function validRule(input: AlertRuleInput) {
  const wrong = ruleRefusal(input);
  if (wrong) throw refusal(wrong.message, 'INVALID_ALERT_RULE', wrong.field);
  return {
    metric: input.metric,
    condition: input.condition,
    value: input.value,
    periodMinutes: input.periodMinutes,
  };
}

function publish(ctx: GraphQLContext, payload: AlertRuleChangedPayload) {
  ctx.pubsub.publish('alertRuleChanged', payload.contractUid, payload);
}

export const monitoringQueries = {
  instanceMetrics: async (_parent, { contractUid, instanceUid, range }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'view');
    let list = await machines(ctx.db, { workspaceId: workspace.id });
    if (instanceUid) {
      list = list.filter((m) => m.uid === instanceUid);
      if (list.length === 0) throw permissionDenied();
    }
    const window = rangeWindow(range, ctx.monitoring.now());
    const points = await ctx.monitoring.series(list, range, !instanceUid);
    const capacity = list.reduce(
      (sum, m) => {
        const c = capacityOf(m);
        return {
          memoryBytes: sum.memoryBytes + c.memoryBytes,
          diskMainBytes: sum.diskMainBytes + c.diskMainBytes,
          diskExtraBytes: sum.diskExtraBytes + c.diskExtraBytes,
        };
      },
      { memoryBytes: 0, diskMainBytes: 0, diskExtraBytes: 0 },
    );
    return {
      instanceUid: instanceUid ?? null,
      range,
      from: new Date(window.from),
      to: new Date(window.to),
      stepSeconds: RANGE_STEPS[range].minutes * 60,
      ...capacity,
      points: points.map(({ at, ...values }) => ({ at: new Date(at), ...values })),
    };
  },
  alertRules: async (_parent, { contractUid, instanceUid }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'view');
    if (instanceUid) await requireInstanceOf(ctx, workspace, instanceUid);
    return toRules(ctx, workspace, await ruleRows(ctx.db, workspace.id, instanceUid ?? undefined));
  },
} satisfies QueryResolvers;

export const monitoringMutations = {
  createAlertRule: async (_parent, { input }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, input.contractUid, 'manage');
    const instance = await requireInstanceOf(ctx, workspace, input.instanceUid);
    const values = validRule(input);
    const [{ total } = { total: 0 }] = await ctx.db
      .select({ total: count() })
      .from(computeAlertRules)
      .where(eq(computeAlertRules.workspaceId, workspace.id));
    if (total >= MAX_RULES_PER_WORKSPACE) throw refusal(ALERT_MESSAGES.tooMany, 'TOO_MANY_ALERT_RULES');
    const [row] = await ctx.db
      .insert(computeAlertRules)
      .values({
        workspaceId: workspace.id,
        instanceId: instance.id,
        ...values,
        enabled: input.enabled ?? true,
        createdAt: new Date(ctx.monitoring.now()),
      })
      .returning();
    publish(ctx, { contractUid: workspace.contractUid, uid: row!.id, deleted: false });
    return toRule(ctx, workspace, row!);
  },
  updateAlertRule: async (_parent, { uid, input }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, input.contractUid, 'manage');
    const rule = await requireRule(ctx, workspace, uid);
    const instance = await requireInstanceOf(ctx, workspace, input.instanceUid);
    const values = validRule(input);
    // a changed rule is a new question: its episode starts over, silently
    const [row] = await ctx.db
      .update(computeAlertRules)
      .set({
        instanceId: instance.id,
        ...values,
        enabled: input.enabled ?? rule.enabled,
        firing: false,
        firedAt: null,
        recoveredAt: null,
        lastValue: null,
      })
      .where(eq(computeAlertRules.id, rule.id))
      .returning();
    if (!row) throw refusal(ALERT_MESSAGES.notFound, 'NOT_FOUND');
    publish(ctx, { contractUid: workspace.contractUid, uid: row.id, deleted: false });
    return toRule(ctx, workspace, row);
  },
  setAlertRuleEnabled: async (_parent, { contractUid, uid, enabled }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'manage');
    const rule = await requireRule(ctx, workspace, uid);
    const [row] = await ctx.db
      .update(computeAlertRules)
      .set(enabled ? { enabled } : { enabled, firing: false })
      .where(eq(computeAlertRules.id, rule.id))
      .returning();
    if (!row) throw refusal(ALERT_MESSAGES.notFound, 'NOT_FOUND');
    if (row.enabled !== rule.enabled)
      publish(ctx, { contractUid: workspace.contractUid, uid: row.id, deleted: false });
    return toRule(ctx, workspace, row);
  },
  deleteAlertRule: async (_parent, { contractUid, uid }, ctx) => {
    const workspace = await requireComputeWorkspace(ctx, contractUid, 'manage');
    const rule = await requireRule(ctx, workspace, uid);
    const answer = await toRule(ctx, workspace, rule);
    await ctx.db.delete(computeAlertRules).where(eq(computeAlertRules.id, rule.id));
    publish(ctx, { contractUid: workspace.contractUid, uid: rule.id, deleted: true, row: rule });
    return answer;
  },
} satisfies MutationResolvers;

export const monitoringSubscriptions = {
  alertRuleChanged: {
    // Checked when subscribing and again for every event, like instanceChanged.
    subscribe: async (_parent, { contractUid }, ctx) => {
      await requireComputeWorkspace(ctx, contractUid, 'view');
      return ctx.pubsub.subscribe('alertRuleChanged', contractUid);
    },
    resolve: async (
      payload: AlertRuleChangedPayload,
      { contractUid }: SubscriptionAlertRuleChangedArgs,
      ctx: GraphQLContext,
    ): Promise<AlertRuleChange> => {
      const workspace = await requireComputeWorkspace(ctx, contractUid, 'view');
      const row = payload.row ?? (await ruleRow(ctx.db, workspace.id, payload.uid));
      if (!row || row.workspaceId !== workspace.id) throw permissionDenied();
      return { rule: await toRule(ctx, workspace, row), deleted: payload.deleted };
    },
  },
} satisfies SubscriptionResolvers;
