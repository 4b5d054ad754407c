import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ComputeRefusal } from '../service.js';
import { computeFirewallRules, computeFirewalls } from './tables.js';
import {
  FIREWALL_MESSAGES,
  type FirewallAction,
  type FirewallDirection,
  MAX_RULES_PER_DIRECTION,
  type ValidRule,
} from './validation.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Every change of one instance's firewall runs in a transaction that first locks its `compute_firewalls`
 * row (made on first use): two changes at once (two tabs, two api processes) cannot both pass the
 * rule limit or break the positions.
 */
async function locked<T>(db: Db, instanceId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.insert(computeFirewalls).values({ instanceId }).onConflictDoNothing();
    await tx.execute(sql`select 1 from compute_firewalls where instance_id = ${instanceId}::uuid for update`);
    return work(tx);
  });
}

const directionRules = (tx: Tx, instanceId: string, direction: FirewallDirection) =>
  tx
    .select()
    .from(computeFirewallRules)
    .where(
      and(eq(computeFirewallRules.instanceId, instanceId), eq(computeFirewallRules.direction, direction)),
    )
    .orderBy(asc(computeFirewallRules.position));

async function renumber(tx: Tx, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await tx.update(computeFirewallRules).set({ position }).where(eq(computeFirewallRules.id, id));
  }
}

const tooMany = (direction: FirewallDirection) =>
  new ComputeRefusal(FIREWALL_MESSAGES.tooManyRules(direction), 'TOO_MANY_RULES');
const unknownRule = () => new ComputeRefusal(FIREWALL_MESSAGES.unknownRule, 'UNKNOWN_RULE');

export async function addRule(db: Db, instanceId: string, rule: ValidRule, position?: number | null) {
  await locked(db, instanceId, async (tx) => {
    const existing = await directionRules(tx, instanceId, rule.direction);
    if (existing.length >= MAX_RULES_PER_DIRECTION) throw tooMany(rule.direction);
    const at = Math.min(Math.max(position ?? existing.length, 0), existing.length);
    await tx
      .update(computeFirewallRules)
      .set({ position: sql`${computeFirewallRules.position} + 1` })
      .where(
        and(
          eq(computeFirewallRules.instanceId, instanceId),
          eq(computeFirewallRules.direction, rule.direction),
          gte(computeFirewallRules.position, at),
        ),
      );
    await tx.insert(computeFirewallRules).values({ ...rule, instanceId, position: at });
  });
}

export async function updateRule(db: Db, instanceId: string, ruleId: string, rule: ValidRule) {
  await locked(db, instanceId, async (tx) => {
    const [current] = await tx
      .select()
      .from(computeFirewallRules)
      .where(and(eq(computeFirewallRules.id, ruleId), eq(computeFirewallRules.instanceId, instanceId)));
    if (!current) throw unknownRule();
    if (current.direction === rule.direction) {
      await tx.update(computeFirewallRules).set(rule).where(eq(computeFirewallRules.id, ruleId));
      return;
    }
    // another direction: it goes last there, and its old list closes the gap
    const target = await directionRules(tx, instanceId, rule.direction);
    if (target.length >= MAX_RULES_PER_DIRECTION) throw tooMany(rule.direction);
    await tx
      .update(computeFirewallRules)
      .set({ ...rule, position: target.length })
      .where(eq(computeFirewallRules.id, ruleId));
    await closeGap(tx, instanceId, current.direction, current.position);
  });
}

async function closeGap(tx: Tx, instanceId: string, direction: FirewallDirection, position: number) {
  await tx
    .update(computeFirewallRules)
    .set({ position: sql`${computeFirewallRules.position} - 1` })
    .where(
      and(
        eq(computeFirewallRules.instanceId, instanceId),
        eq(computeFirewallRules.direction, direction),
        gt(computeFirewallRules.position, position),
      ),
    );
}

export async function deleteRule(db: Db, instanceId: string, ruleId: string) {
  await locked(db, instanceId, async (tx) => {
    const [deleted] = await tx
      .delete(computeFirewallRules)
      .where(and(eq(computeFirewallRules.id, ruleId), eq(computeFirewallRules.instanceId, instanceId)))
      .returning();
    if (!deleted) throw unknownRule();
    await closeGap(tx, instanceId, deleted.direction, deleted.position);
  });
}

export async function moveRule(db: Db, instanceId: string, ruleId: string, position: number) {
  await locked(db, instanceId, async (tx) => {
    const [current] = await tx
      .select()
      .from(computeFirewallRules)
      .where(and(eq(computeFirewallRules.id, ruleId), eq(computeFirewallRules.instanceId, instanceId)));
    if (!current) throw unknownRule();
    const ids = (await directionRules(tx, instanceId, current.direction))
      .map((r) => r.id)
      .filter((id) => id !== ruleId);
    ids.splice(Math.min(Math.max(position, 0), ids.length), 0, ruleId);
    await renumber(tx, ids);
  });
}

export async function setPolicy(
  db: Db,
  instanceId: string,
  direction: FirewallDirection,
  policy: FirewallAction,
) {
  await locked(db, instanceId, async (tx) => {
    await tx
      .update(computeFirewalls)
      .set(direction === 'INBOUND' ? { inboundPolicy: policy } : { outboundPolicy: policy })
      .where(eq(computeFirewalls.instanceId, instanceId));
  });
}
