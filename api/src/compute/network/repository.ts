import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Firewall, InstanceNetwork, IpAddress } from '../../graphql/generated/resolvers.js';
import { reachability } from '../firewall/engine.js';
import { listeningServices } from '../firewall/services.js';
import { computeFirewallRules, computeFirewalls, type FirewallRuleRow } from '../firewall/tables.js';
import { MAX_RULES_PER_DIRECTION } from '../firewall/validation.js';
import { type ComputeInstanceRow, computeInstances, computePlans } from '../tables.js';
import { defaultRdns, networkText, plannedAddresses } from './addressing.js';
import { computeIpAddresses, computeNetworkTraffic, type IpAddressRow } from './tables.js';
import { monthOf, nextMonthStart, TB } from './traffic.js';

type InstanceRef = Pick<
  ComputeInstanceRow,
  'id' | 'workspaceId' | 'locationId' | 'ipv4' | 'ipv6' | 'imageId' | 'planId'
>;

/**
 * Gives each instance its addresses when it has none yet (new instances, and those from before
 * addresses were kept): they are derived from the instance, so doing it on first read is the same as
 * at creation, and the life cycle's code needs no change.
 */
export async function ensureAddresses(db: Db, instances: readonly InstanceRef[]): Promise<void> {
  if (instances.length === 0) return;
  const have = new Set(
    (
      await db
        .selectDistinct({ id: computeIpAddresses.instanceId })
        .from(computeIpAddresses)
        .where(
          inArray(
            computeIpAddresses.instanceId,
            instances.map((i) => i.id),
          ),
        )
    ).map((r) => r.id),
  );
  const missing = instances.filter((i) => !have.has(i.id));
  if (missing.length === 0) return;
  await db
    .insert(computeIpAddresses)
    .values(missing.flatMap((i) => plannedAddresses(i).map((a) => ({ ...a, instanceId: i.id }))))
    .onConflictDoNothing();
}

export function toIpAddress(row: IpAddressRow): IpAddress {
  const fallback = defaultRdns(row.family, row.kind, row.address);
  return {
    uid: row.id,
    address: row.address,
    prefix: row.prefix,
    network: networkText(row.address, row.prefix),
    gateway: row.gateway,
    family: row.family,
    kind: row.kind,
    kindName: row.kind === 1 ? 'PUBLIC' : 'PRIVATE',
    rdns: row.rdns ?? fallback,
    rdnsIsDefault: row.rdns === null,
  };
}

const FAMILY_ORDER = (a: IpAddressRow) => (a.kind === 1 ? 0 : 2) + (a.family === 'IPV6' ? 1 : 0);

export function toFirewall(
  instance: Pick<InstanceRef, 'id' | 'imageId'>,
  policies: { inboundPolicy: 'ACCEPT' | 'DROP'; outboundPolicy: 'ACCEPT' | 'DROP' } | undefined,
  rules: readonly FirewallRuleRow[],
  droppedInboundPackets: number,
): Firewall {
  const ordered = [...rules].sort(
    (a, b) =>
      Number(a.direction === 'OUTBOUND') - Number(b.direction === 'OUTBOUND') || a.position - b.position,
  );
  const engine = {
    inboundPolicy: policies?.inboundPolicy ?? 'ACCEPT',
    outboundPolicy: policies?.outboundPolicy ?? 'ACCEPT',
    rules: ordered,
  } as const;
  return {
    uid: instance.id,
    inboundPolicy: engine.inboundPolicy,
    outboundPolicy: engine.outboundPolicy,
    rules: ordered.map((r) => ({
      uid: r.id,
      direction: r.direction,
      position: r.position,
      protocol: r.protocol,
      ports: r.ports,
      addresses: r.addresses,
      action: r.action,
      description: r.description,
    })),
    services: listeningServices(instance.imageId).map((s) => ({
      name: s.name,
      protocol: s.protocol,
      port: s.port,
      reachability: reachability(engine, s),
    })),
    droppedInboundPackets: Math.floor(droppedInboundPackets),
    maxRulesPerDirection: MAX_RULES_PER_DIRECTION,
  };
}

/** The networks of these instances (addresses given to them first if needed), by instance uid. */
export async function loadNetworks(
  db: Db,
  instances: readonly InstanceRef[],
  now: Date,
): Promise<Map<string, InstanceNetwork>> {
  const result = new Map<string, InstanceNetwork>();
  if (instances.length === 0) return result;
  await ensureAddresses(db, instances);
  const ids = instances.map((i) => i.id);
  const month = monthOf(now);
  const [addresses, traffic, firewalls, rules, plans] = await Promise.all([
    db.select().from(computeIpAddresses).where(inArray(computeIpAddresses.instanceId, ids)),
    db
      .select()
      .from(computeNetworkTraffic)
      .where(and(inArray(computeNetworkTraffic.instanceId, ids), eq(computeNetworkTraffic.month, month))),
    db.select().from(computeFirewalls).where(inArray(computeFirewalls.instanceId, ids)),
    db
      .select()
      .from(computeFirewallRules)
      .where(inArray(computeFirewallRules.instanceId, ids))
      .orderBy(asc(computeFirewallRules.position)),
    db.select({ id: computePlans.id, transferTb: computePlans.transferTb }).from(computePlans),
  ]);
  const transfer = new Map(plans.map((p) => [p.id, p.transferTb * TB]));
  for (const instance of instances) {
    const used = traffic.find((t) => t.instanceId === instance.id);
    result.set(instance.id, {
      uid: instance.id,
      addresses: addresses
        .filter((a) => a.instanceId === instance.id)
        .sort((a, b) => FAMILY_ORDER(a) - FAMILY_ORDER(b))
        .map(toIpAddress),
      traffic: {
        month,
        outboundBytes: used?.outboundBytes ?? 0,
        inboundBytes: used?.inboundBytes ?? 0,
        includedBytes: transfer.get(instance.planId) ?? 0,
        resetsAt: nextMonthStart(now),
      },
      firewall: toFirewall(
        instance,
        firewalls.find((f) => f.instanceId === instance.id),
        rules.filter((r) => r.instanceId === instance.id),
        used?.droppedPackets ?? 0,
      ),
    });
  }
  return result;
}

/** Instances by uid, deleted ones too (an event may carry an instance's last state). */
export function instancesById(db: Db, uids: readonly string[]): Promise<ComputeInstanceRow[]> {
  if (uids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(computeInstances)
    .where(inArray(computeInstances.id, [...uids]));
}
