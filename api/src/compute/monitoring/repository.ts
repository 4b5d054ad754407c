import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { authorizedPeople, users, workspaceEmployees, workspaces } from '../../db/schema.js';
import { computeInstances, computePlans } from '../tables.js';
import { type MachineShape, type Recorded, SAMPLE_FIELDS, type Sample, type Window } from './metrics.js';
import { type AlertRuleRow, computeAlertRules } from './tables.js';

export interface Machine extends MachineShape {
  workspaceId: string;
  name: string;
}

/** The live instances (of a workspace, or these uids) with what the metrics need of their plan. */
export async function machines(
  db: Db,
  where: { workspaceId?: string; uids?: string[] } = {},
): Promise<Machine[]> {
  if (where.uids && where.uids.length === 0) return [];
  const rows = await db
    .select({
      uid: computeInstances.id,
      workspaceId: computeInstances.workspaceId,
      name: computeInstances.name,
      status: computeInstances.status,
      createdAt: computeInstances.createdAt,
      vcpus: computePlans.vcpus,
      memoryMb: computePlans.memoryMb,
      diskGb: computePlans.diskGb,
    })
    .from(computeInstances)
    .innerJoin(computePlans, eq(computePlans.id, computeInstances.planId))
    .where(
      and(
        isNull(computeInstances.deletedAt),
        where.workspaceId ? eq(computeInstances.workspaceId, where.workspaceId) : undefined,
        where.uids ? inArray(computeInstances.id, where.uids) : undefined,
      ),
    )
    .orderBy(computeInstances.name);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() }));
}

const SUMS = sql.raw(
  SAMPLE_FIELDS.map(
    (f) => `coalesce(sum(s.${f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}), 0) as "${f}"`,
  ).join(', '),
);

type SumRow = Sample & { n: number };
const recordedOf = (row: SumRow): Recorded => ({
  n: row.n,
  total: Object.fromEntries(SAMPLE_FIELDS.map((f) => [f, Number(row[f])])) as unknown as Sample,
});

/**
 * The recorded minutes of these instances summed per bucket of the window, in the database: at most
 * `points` rows per instance, whatever the range.
 */
export async function recordedBuckets(
  db: Db,
  uids: string[],
  window: Window,
): Promise<Map<string, Map<number, Recorded>>> {
  const byInstance = new Map<string, Map<number, Recorded>>();
  if (uids.length === 0) return byInstance;
  const rows = await queryRows<SumRow & { instance_id: string; bucket: number }>(
    db,
    sql`select s.instance_id, floor((extract(epoch from s.at) * 1000 - ${window.from}) / ${window.stepMs})::int as bucket,
          count(*)::int as n, ${SUMS}
        from compute_metric_samples s
        where s.instance_id in (${sql.join(
          uids.map((uid) => sql`${uid}::uuid`),
          sql`, `,
        )})
          and s.at >= ${new Date(window.from).toISOString()}::timestamptz and s.at < ${new Date(window.to).toISOString()}::timestamptz
        group by 1, 2`,
  );
  for (const row of rows) {
    const buckets = byInstance.get(row.instance_id) ?? new Map<number, Recorded>();
    buckets.set(row.bucket, recordedOf(row));
    byInstance.set(row.instance_id, buckets);
  }
  return byInstance;
}

/** For each rule, its instance's recorded minutes over the rule's period up to `to`, summed. */
export async function recordedForRules(
  db: Db,
  ruleIds: string[],
  to: number,
): Promise<Map<string, Recorded>> {
  const byRule = new Map<string, Recorded>();
  if (ruleIds.length === 0) return byRule;
  const end = new Date(to).toISOString();
  const rows = await queryRows<SumRow & { id: string }>(
    db,
    sql`select r.id, count(s.at)::int as n, ${SUMS}
        from compute_alert_rules r
        left join compute_metric_samples s on s.instance_id = r.instance_id
          and s.at >= ${end}::timestamptz - make_interval(mins => r.period_minutes) and s.at < ${end}::timestamptz
        where r.id in (${sql.join(
          ruleIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by r.id`,
  );
  for (const row of rows) byRule.set(row.id, recordedOf(row));
  return byRule;
}

/** A workspace's rules (of one instance), newest first, on live instances only. */
export function ruleRows(db: Db, workspaceId: string, instanceId?: string): Promise<AlertRuleRow[]> {
  return db
    .select({ rule: computeAlertRules })
    .from(computeAlertRules)
    .innerJoin(computeInstances, eq(computeInstances.id, computeAlertRules.instanceId))
    .where(
      and(
        eq(computeAlertRules.workspaceId, workspaceId),
        isNull(computeInstances.deletedAt),
        instanceId ? eq(computeAlertRules.instanceId, instanceId) : undefined,
      ),
    )
    .orderBy(desc(computeAlertRules.createdAt), desc(computeAlertRules.id))
    .then((rows) => rows.map((row) => row.rule));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One rule of the workspace on a live instance, or undefined (unknown, another workspace's, malformed). */
export async function ruleRow(db: Db, workspaceId: string, uid: string): Promise<AlertRuleRow | undefined> {
  if (!UUID.test(uid)) return undefined;
  const [row] = await db
    .select({ rule: computeAlertRules })
    .from(computeAlertRules)
    .innerJoin(computeInstances, eq(computeInstances.id, computeAlertRules.instanceId))
    .where(
      and(
        eq(computeAlertRules.id, uid),
        eq(computeAlertRules.workspaceId, workspaceId),
        isNull(computeInstances.deletedAt),
      ),
    );
  return row?.rule;
}

/** The enabled rules on live instances (all workspaces, or these instances). */
export async function enabledRules(db: Db, instanceIds?: string[]): Promise<AlertRuleRow[]> {
  const rows = await db
    .select({ rule: computeAlertRules })
    .from(computeAlertRules)
    .innerJoin(computeInstances, eq(computeInstances.id, computeAlertRules.instanceId))
    .where(
      and(
        eq(computeAlertRules.enabled, true),
        isNull(computeInstances.deletedAt),
        instanceIds ? inArray(computeAlertRules.instanceId, instanceIds) : undefined,
      ),
    );
  return rows.map((row) => row.rule);
}

export interface Recipient {
  id: string;
  email: string;
  timezone: string;
  dateFormat: string;
  timeFormat: string;
}

/** Who hears a workspace's alerts: its employees and its authorized people who may sign in, each once. */
export async function workspaceRecipients(db: Db, workspaceId: string): Promise<Recipient[]> {
  const asEmployee = db
    .select({ id: workspaceEmployees.userId })
    .from(workspaceEmployees)
    .where(eq(workspaceEmployees.workspaceId, workspaceId));
  const asAuthorized = db
    .select({ id: authorizedPeople.userId })
    .from(authorizedPeople)
    .where(and(eq(authorizedPeople.workspaceId, workspaceId), eq(authorizedPeople.loginStatus, 'ACTIVE')));
  return db
    .select({
      id: users.id,
      email: users.email,
      timezone: users.timezone,
      dateFormat: users.dateFormat,
      timeFormat: users.timeFormat,
    })
    .from(users)
    .where(or(inArray(users.id, asEmployee), inArray(users.id, asAuthorized)))
    .orderBy(users.email);
}

export async function workspaceOf(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ contractUid: workspaces.contractUid, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row;
}
