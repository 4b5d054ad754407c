import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { DEMO_INSTANCES, OTHER_INSTANCES } from '../../db/demo.js';
import { evaluate } from '../firewall/engine.js';
import { INTERNET_PROBES } from '../firewall/services.js';
import { computeFirewallRules, computeFirewalls } from '../firewall/tables.js';
import { type RuleInput, type ValidRule, validateRule } from '../firewall/validation.js';
import { computeInstances, computePlans } from '../tables.js';
import { ensureAddresses } from './repository.js';
import { PROBE_SOURCE } from './service.js';
import { ADDRESS_KINDS, computeIpAddresses, computeNetworkTraffic } from './tables.js';
import { monthOf, monthToDate, TB } from './traffic.js';

const I = DEMO_INSTANCES;
const ANY = ['0.0.0.0/0', '::/0'];
const OFFICE = ['203.0.113.0/24', '2001:db8:4f00::/48'];

const rule = (r: Partial<RuleInput> & Pick<RuleInput, 'protocol'>): ValidRule => {
  const result = validateRule({ direction: 'INBOUND', addresses: ANY, action: 'ACCEPT', ...r });
  if (!result.ok) throw new Error(`demo firewall rule: ${result.message}`);
  return result.rule;
};
const web = [
  rule({ protocol: 'TCP', ports: '22', addresses: OFFICE, description: 'SSH from the office' }),
  rule({ protocol: 'TCP', ports: '80', description: 'HTTP' }),
  rule({ protocol: 'TCP', ports: '443', description: 'HTTPS' }),
  rule({ protocol: 'ICMP', description: 'Ping' }),
];

/** Firewalls of the demo instances: locked-down web and database servers, open labs, a VPN gateway. */
const FIREWALLS: Array<{
  uid: string;
  inbound: 'ACCEPT' | 'DROP';
  outbound?: 'ACCEPT' | 'DROP';
  rules: ValidRule[];
}> = [
  { uid: I.web1.uid, inbound: 'DROP', rules: web },
  { uid: I.web2.uid, inbound: 'DROP', rules: web },
  {
    uid: I.db1.uid,
    inbound: 'DROP',
    rules: [
      rule({
        protocol: 'TCP',
        ports: '5432',
        addresses: ['10.0.0.0/8'],
        description: 'PostgreSQL from the private network',
      }),
      rule({ protocol: 'TCP', ports: '22', addresses: OFFICE, description: 'SSH from the office' }),
      rule({
        direction: 'OUTBOUND',
        protocol: 'TCP',
        ports: '25',
        action: 'DROP',
        description: 'No outgoing mail',
      }),
    ],
  },
  {
    uid: I.dbReplica.uid,
    inbound: 'DROP',
    rules: [rule({ protocol: 'TCP', ports: '5432', addresses: ['10.0.0.0/8'], description: 'Replication' })],
  },
  {
    uid: I.vpnGw.uid,
    inbound: 'DROP',
    rules: [
      rule({ protocol: 'UDP', ports: '51820', description: 'WireGuard' }),
      rule({ protocol: 'TCP', ports: '22', addresses: OFFICE, description: 'SSH from the office' }),
    ],
  },
  {
    uid: I.win1.uid,
    inbound: 'DROP',
    rules: [
      rule({
        protocol: 'TCP',
        ports: '3389',
        addresses: OFFICE,
        description: 'Remote Desktop from the office',
      }),
    ],
  },
  {
    uid: I.fwEdge.uid,
    inbound: 'ACCEPT',
    rules: [rule({ protocol: 'TCP', ports: '23', action: 'DROP', description: 'Telnet scanners' })],
  },
  {
    uid: I.alpineEdge.uid,
    inbound: 'ACCEPT',
    rules: [
      rule({ protocol: 'TCP', ports: '3306', action: 'DROP', description: 'MySQL stays private' }),
      rule({ protocol: 'TCP', ports: '6000-6063', action: 'DROP', description: 'X11' }),
    ],
  },
];

const RDNS: Array<{ uid: string; family: 'IPV4' | 'IPV6'; rdns: string }> = [
  { uid: I.web1.uid, family: 'IPV4', rdns: 'web-1.shop.example.com' },
  { uid: I.web1.uid, family: 'IPV6', rdns: 'web-1.shop.example.com' },
  { uid: I.web2.uid, family: 'IPV4', rdns: 'web-2.shop.example.com' },
  { uid: I.vpnGw.uid, family: 'IPV4', rdns: 'vpn.example.com' },
];

/** The internet's probes the demo firewall dropped since the start of the month. */
function droppedSoFar(uid: string, now: Date, runningShare: number): number {
  const seeded = FIREWALLS.find((f) => f.uid === uid);
  if (!seeded) return 0;
  const firewall = {
    inboundPolicy: seeded.inbound,
    outboundPolicy: seeded.outbound ?? 'ACCEPT',
    rules: seeded.rules,
  };
  const seconds =
    ((now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) / 1000) * runningShare;
  const perSecond = INTERNET_PROBES.reduce((sum, probe) => {
    const verdict = evaluate(firewall, {
      direction: 'INBOUND',
      protocol: probe.protocol,
      ...(probe.port !== undefined ? { port: probe.port } : {}),
      address: PROBE_SOURCE,
    });
    return verdict.action === 'DROP' ? sum + probe.perSecond : sum;
  }, 0);
  return Math.round(perSecond * seconds);
}

/** Share of the month so far each demo instance ran (the inactive ones were stopped meanwhile). */
const RUNNING_SHARE: Record<string, number> = {
  ACTIVE: 1,
  INACTIVE: 0.4,
  INSTALLING: 0,
};

/**
 * The network part of the demo (after `seedComputeDemo`, which recreated the instances, so nothing of
 * an earlier session is left): addresses, a few reverse DNS names, the traffic of the month so far,
 * the firewalls.
 */
export async function seedNetworkDemo(db: Db, now = new Date()): Promise<void> {
  const uids = [...Object.values(DEMO_INSTANCES), ...Object.values(OTHER_INSTANCES)].map((i) => i.uid);
  const instances = await db
    .select({
      id: computeInstances.id,
      workspaceId: computeInstances.workspaceId,
      locationId: computeInstances.locationId,
      ipv4: computeInstances.ipv4,
      ipv6: computeInstances.ipv6,
      imageId: computeInstances.imageId,
      planId: computeInstances.planId,
      status: computeInstances.status,
      transferTb: computePlans.transferTb,
    })
    .from(computeInstances)
    .innerJoin(computePlans, eq(computePlans.id, computeInstances.planId))
    .where(inArray(computeInstances.id, uids));
  await ensureAddresses(db, instances);
  for (const { uid, family, rdns } of RDNS) {
    await db
      .update(computeIpAddresses)
      .set({ rdns })
      .where(
        and(
          eq(computeIpAddresses.instanceId, uid),
          eq(computeIpAddresses.family, family),
          eq(computeIpAddresses.kind, ADDRESS_KINDS.PUBLIC),
        ),
      );
  }
  const traffic = instances
    .filter((i) => (RUNNING_SHARE[i.status] ?? 0) > 0)
    .map((i) => ({
      instanceId: i.id,
      month: monthOf(now),
      ...monthToDate(i.id, i.transferTb * TB, now, RUNNING_SHARE[i.status]),
      droppedPackets: droppedSoFar(i.id, now, RUNNING_SHARE[i.status] ?? 0),
    }));
  if (traffic.length > 0) await db.insert(computeNetworkTraffic).values(traffic);
  const present = new Set(instances.map((i) => i.id));
  for (const firewall of FIREWALLS.filter((f) => present.has(f.uid))) {
    await db.insert(computeFirewalls).values({
      instanceId: firewall.uid,
      inboundPolicy: firewall.inbound,
      outboundPolicy: firewall.outbound ?? 'ACCEPT',
    });
    const positions = { INBOUND: 0, OUTBOUND: 0 };
    await db
      .insert(computeFirewallRules)
      .values(
        firewall.rules.map((r) => ({ ...r, instanceId: firewall.uid, position: positions[r.direction]++ })),
      );
  }
}
