import { and, desc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authorizedPeople, users, workspaceEmployees, workspaces } from '../../db/schema.js';
import { computeInstances, computePlans } from '../tables.js';
import type { MachineShape, StoredMinute } from './metrics.js';
import { type AlertRuleRow, computeAlertRules, computeMetricSamples } from './tables.js';

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

/** The recorded minutes of these instances in [from, to), by instance. */
export async function storedMinutes(
  db: Db,
  uids: string[],
  from: number,
  to: number,
): Promise<Map<string, StoredMinute[]>> {
  const byInstance = new Map<string, StoredMinute[]>();
  if (uids.length === 0) return byInstance;
  const rows = await db
    .select()
    .from(computeMetricSamples)
    .where(
      and(
        inArray(computeMetricSamples.instanceId, uids),
        gte(computeMetricSamples.at, new Date(from)),
        lt(computeMetricSamples.at, new Date(to)),
      ),
    );
  for (const { instanceId, at, ...sample } of rows) {
    const list = byInstance.get(instanceId) ?? [];
    list.push({ ...sample, at: at.getTime() });
    byInstance.set(instanceId, list);
  }
  return byInstance;
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
