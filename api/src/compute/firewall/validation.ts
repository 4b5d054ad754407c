import { parseCidr } from './cidr.js';

export const FIREWALL_DIRECTIONS = ['INBOUND', 'OUTBOUND'] as const;
export const FIREWALL_PROTOCOLS = ['TCP', 'UDP', 'ICMP', 'ALL'] as const;
export const FIREWALL_ACTIONS = ['ACCEPT', 'DROP'] as const;
export type FirewallDirection = (typeof FIREWALL_DIRECTIONS)[number];
export type FirewallProtocol = (typeof FIREWALL_PROTOCOLS)[number];
export type FirewallAction = (typeof FIREWALL_ACTIONS)[number];

/** At most this many rules per direction and instance (Linode allows 25 per direction too). */
export const MAX_RULES_PER_DIRECTION = 25;
export const MAX_ADDRESSES_PER_RULE = 20;
export const MAX_DESCRIPTION = 100;
/**
 * Entries a rule's input may list before duplicates are dropped (a pasted list repeats some), and
 * their characters (an IPv6 CIDR is at most 43): more is refused before any is parsed.
 */
const MAX_ENTRIES_BEFORE_DEDUPLICATION = 5 * MAX_ADDRESSES_PER_RULE;
const MAX_ADDRESSES_INPUT_LENGTH = MAX_ENTRIES_BEFORE_DEDUPLICATION * 50;

/** The refusals of the firewall mutations, shown to the user as they are. */
export const FIREWALL_MESSAGES = {
  ports: 'Enter a port from 1 to 65535 or a range like 8000-8080.',
  portsOrder: 'A range goes from the lower port to the higher one, like 8000-8080.',
  portsNotAllowed: 'ICMP and all-traffic rules have no ports: leave Ports empty.',
  addressesRequired: (direction: FirewallDirection) =>
    `Enter at least one ${direction === 'INBOUND' ? 'source' : 'destination'}, e.g. 0.0.0.0/0 and ::/0 for anywhere.`,
  address: (entry: string) =>
    `Enter a valid IPv4 or IPv6 address or CIDR, e.g. 203.0.113.0/24 ("${entry}" is not one).`,
  hostBits: (entry: string, suggestion: string) =>
    `${entry} has host bits set: enter its network, ${suggestion}.`,
  tooManyAddresses: `A rule takes at most ${MAX_ADDRESSES_PER_RULE} addresses or CIDRs.`,
  description: `The description can be at most ${MAX_DESCRIPTION} characters.`,
  tooManyRules: (direction: FirewallDirection) =>
    `An instance can have at most ${MAX_RULES_PER_DIRECTION} ${direction === 'INBOUND' ? 'inbound' : 'outbound'} rules. Delete one first.`,
  unknownRule: 'This firewall rule no longer exists.',
} as const;

export interface RuleInput {
  direction: FirewallDirection;
  protocol: FirewallProtocol;
  ports?: string | null;
  addresses: readonly string[];
  action: FirewallAction;
  description?: string | null;
}

export interface ValidRule {
  direction: FirewallDirection;
  protocol: FirewallProtocol;
  /** `22` or `8000-8080`; null for every port (always for ICMP and ALL). */
  ports: string | null;
  addresses: string[];
  action: FirewallAction;
  description: string;
}

export type RuleField = 'ports' | 'addresses' | 'description';
export type RuleValidation = { ok: true; rule: ValidRule } | { ok: false; field: RuleField; message: string };

const PORT = /^[1-9]\d{0,4}$/;

/** A port (`22`) or range (`8000-8080`, spaces allowed around the dash), normalised; else a message. */
export function parsePorts(raw: string): { ok: true; ports: string } | { ok: false; message: string } {
  const [from = '', to, ...rest] = raw.split('-').map((part) => part.trim());
  const valid = (p: string) => PORT.test(p) && Number(p) <= 65535;
  if (rest.length > 0 || !valid(from) || (to !== undefined && !valid(to)))
    return { ok: false, message: FIREWALL_MESSAGES.ports };
  if (to === undefined || Number(to) === Number(from)) return { ok: true, ports: String(Number(from)) };
  if (Number(to) < Number(from)) return { ok: false, message: FIREWALL_MESSAGES.portsOrder };
  return { ok: true, ports: `${Number(from)}-${Number(to)}` };
}

/** The port range a rule's `ports` covers; null ports cover every port. */
export function portRange(ports: string | null): [number, number] {
  if (!ports) return [1, 65535];
  const [from, to = from] = ports.split('-').map(Number);
  return [from!, to!];
}

/**
 * Checks a rule as the api stores it: the first problem, naming its field, or the rule normalised
 * (ports trimmed, CIDRs in their canonical form without duplicates, description trimmed).
 */
export function validateRule(input: RuleInput): RuleValidation {
  let ports: string | null = null;
  const rawPorts = (input.ports ?? '').trim();
  if (input.protocol === 'TCP' || input.protocol === 'UDP') {
    if (rawPorts !== '') {
      const parsed = parsePorts(rawPorts);
      if (!parsed.ok) return { ok: false, field: 'ports', message: parsed.message };
      ports = parsed.ports;
    }
  } else if (rawPorts !== '') {
    return { ok: false, field: 'ports', message: FIREWALL_MESSAGES.portsNotAllowed };
  }

  // Bounded before anything is split or parsed: a request may carry a megabyte of addresses.
  const rawLength = input.addresses.reduce((sum, a) => sum + a.length, 0);
  if (input.addresses.length > MAX_ENTRIES_BEFORE_DEDUPLICATION || rawLength > MAX_ADDRESSES_INPUT_LENGTH)
    return { ok: false, field: 'addresses', message: FIREWALL_MESSAGES.tooManyAddresses };
  const entries = input.addresses.flatMap((a) => a.split(/[\s,]+/)).filter((a) => a !== '');
  if (entries.length === 0)
    return { ok: false, field: 'addresses', message: FIREWALL_MESSAGES.addressesRequired(input.direction) };
  if (entries.length > MAX_ENTRIES_BEFORE_DEDUPLICATION)
    return { ok: false, field: 'addresses', message: FIREWALL_MESSAGES.tooManyAddresses };
  const unique = new Set<string>();
  for (const entry of entries) {
    const parsed = parseCidr(entry);
    if (!parsed.ok)
      return {
        ok: false,
        field: 'addresses',
        message:
          parsed.reason === 'hostBits'
            ? FIREWALL_MESSAGES.hostBits(entry, parsed.suggestion)
            : FIREWALL_MESSAGES.address(entry),
      };
    unique.add(parsed.cidr.text);
  }
  const addresses = [...unique];
  if (addresses.length > MAX_ADDRESSES_PER_RULE)
    return { ok: false, field: 'addresses', message: FIREWALL_MESSAGES.tooManyAddresses };

  const description = (input.description ?? '').trim();
  if ([...description].length > MAX_DESCRIPTION)
    return { ok: false, field: 'description', message: FIREWALL_MESSAGES.description };

  return {
    ok: true,
    rule: {
      direction: input.direction,
      protocol: input.protocol,
      ports,
      addresses,
      action: input.action,
      description,
    },
  };
}
