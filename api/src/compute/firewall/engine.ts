import { type Cidr, contains, parseCidr } from './cidr.js';
import {
  type FirewallAction,
  type FirewallDirection,
  type FirewallProtocol,
  portRange,
} from './validation.js';

/** The rules as the engine reads them (stored rules, already valid). */
export interface EngineRule {
  direction: FirewallDirection;
  protocol: FirewallProtocol;
  ports: string | null;
  addresses: readonly string[];
  action: FirewallAction;
}

export interface EngineFirewall {
  inboundPolicy: FirewallAction;
  outboundPolicy: FirewallAction;
  /** In order: the first rule of the packet's direction that matches decides. */
  rules: readonly EngineRule[];
}

/** One packet (or connection attempt): `address` is the remote end (source inbound, destination outbound). */
export interface Packet {
  direction: FirewallDirection;
  protocol: Exclude<FirewallProtocol, 'ALL'>;
  /** TCP and UDP only. */
  port?: number;
  address: string;
}

export interface Verdict {
  action: FirewallAction;
  /** Index in `rules` of the rule that decided; null when the default policy did. */
  rule: number | null;
}

const cidrCache = new Map<string, Cidr | null>();
function cidrOf(text: string): Cidr | null {
  let cidr = cidrCache.get(text);
  if (cidr === undefined) {
    const parsed = parseCidr(text);
    cidr = parsed.ok ? parsed.cidr : null;
    if (cidrCache.size > 10_000) cidrCache.clear();
    cidrCache.set(text, cidr);
  }
  return cidr;
}

export function ruleMatches(rule: EngineRule, packet: Packet): boolean {
  if (rule.direction !== packet.direction) return false;
  if (rule.protocol !== 'ALL' && rule.protocol !== packet.protocol) return false;
  if (rule.ports !== null && rule.protocol !== 'ALL') {
    if (packet.port === undefined) return false;
    const [from, to] = portRange(rule.ports);
    if (packet.port < from || packet.port > to) return false;
  }
  return rule.addresses.some((text) => {
    const cidr = cidrOf(text);
    return cidr !== null && contains(cidr, packet.address);
  });
}

/** What the firewall does with a packet: the first matching rule of its direction, else the policy. */
export function evaluate(firewall: EngineFirewall, packet: Packet): Verdict {
  const index = firewall.rules.findIndex((rule) => ruleMatches(rule, packet));
  if (index >= 0) return { action: firewall.rules[index]!.action, rule: index };
  return {
    action: packet.direction === 'INBOUND' ? firewall.inboundPolicy : firewall.outboundPolicy,
    rule: null,
  };
}

export type Reachability = 'OPEN' | 'RESTRICTED' | 'FILTERED';

/** Internet addresses standing for "anyone": the first one no narrower rule names is used. */
const ANYONE = {
  4: ['198.51.100.77', '192.0.2.77', '203.0.113.77', '100.64.7.7', '8.8.4.4', '1.1.1.1'],
  6: ['2001:db8:ffff::77', '2001:db8:abcd::77', '2606:4700::1111', '2a00:1450::1'],
} as const;

/**
 * How a connection from the internet to a service of the instance fares: OPEN when anyone (an
 * address no narrower inbound rule names, over IPv4 or IPv6) gets through, RESTRICTED when only some
 * of the sources the rules name do, FILTERED when nobody does.
 */
export function reachability(
  firewall: EngineFirewall,
  service: { protocol: 'TCP' | 'UDP'; port: number },
): Reachability {
  const inbound = firewall.rules.filter((r) => r.direction === 'INBOUND');
  const specific = inbound
    .flatMap((r) => r.addresses)
    .map(cidrOf)
    .filter((c): c is Cidr => c !== null && c.prefix > 0);
  const accepted = (address: string) =>
    evaluate(firewall, { direction: 'INBOUND', protocol: service.protocol, port: service.port, address })
      .action === 'ACCEPT';
  for (const family of [4, 6] as const) {
    const candidates = ANYONE[family];
    const anyone = candidates.find((a) => !specific.some((c) => contains(c, a))) ?? candidates[0];
    if (accepted(anyone)) return 'OPEN';
  }
  // a source some rule names: its network's first address and its last-but-one stand for it
  const named = specific.flatMap((c) => representatives(c));
  return named.some(accepted) ? 'RESTRICTED' : 'FILTERED';
}

function representatives(cidr: Cidr): string[] {
  const bytes = cidr.network.toByteArray();
  const first =
    cidr.network.kind() === 'ipv6'
      ? (cidr.network as { toRFC5952String(): string }).toRFC5952String()
      : cidr.network.toString();
  // set the lowest bit (a host address inside the network, for any prefix below the maximum)
  if (cidr.prefix < bytes.length * 8) bytes[bytes.length - 1]! |= 1;
  const host = cidr.network.kind() === 'ipv6' ? bytesToV6(bytes) : bytes.join('.');
  return [first, host];
}

function bytesToV6(bytes: number[]): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(':');
}
