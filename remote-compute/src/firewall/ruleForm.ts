import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type {
  FirewallAction,
  FirewallDirection,
  FirewallFieldsFragment,
  FirewallProtocol,
  FirewallRuleInput,
} from '../gql/graphql';

export type RuleRow = FirewallFieldsFragment['rules'][number];

export interface RuleFormValues {
  direction: FirewallDirection;
  action: FirewallAction;
  protocol: FirewallProtocol;
  ports?: string;
  /** One address or CIDR a line (commas and spaces separate too). */
  addresses?: string;
  description?: string;
}

/** The fields the api may name in `extensions.field`. */
export const RULE_FIELDS = ['ports', 'addresses', 'description'] as const;

export const NEW_RULE: RuleFormValues = {
  direction: 'INBOUND',
  action: 'ACCEPT',
  protocol: 'TCP',
  ports: '',
  addresses: '0.0.0.0/0\n::/0',
  description: '',
};

export const hasPorts = (protocol: FirewallProtocol) => protocol === 'TCP' || protocol === 'UDP';

export const splitAddresses = (text: string | undefined) => (text ?? '').split(/[\s,]+/).filter(Boolean);

export function ruleValues(rule: RuleRow): RuleFormValues {
  return {
    direction: rule.direction,
    action: rule.action,
    protocol: rule.protocol,
    ports: rule.ports ?? '',
    addresses: rule.addresses.join('\n'),
    description: rule.description,
  };
}

export function ruleInput(values: RuleFormValues): FirewallRuleInput {
  return {
    direction: values.direction,
    action: values.action,
    protocol: values.protocol,
    ports: hasPorts(values.protocol) ? (values.ports ?? '').trim() || null : null,
    addresses: splitAddresses(values.addresses),
    description: (values.description ?? '').trim(),
  };
}

const PORT = /^[1-9]\d{0,4}$/;

/** Why a port field is refused (a message key of `firewall.message`), or null. */
export function portsProblem(raw: string): 'ports' | 'portsOrder' | null {
  const [from = '', to, ...rest] = raw.split('-').map((part) => part.trim());
  const valid = (p: string) => PORT.test(p) && Number(p) <= 65535;
  if (rest.length > 0 || !valid(from) || (to !== undefined && !valid(to))) return 'ports';
  return to !== undefined && Number(to) < Number(from) ? 'portsOrder' : null;
}

/** Why an address or CIDR is refused, as the api checks it (dotted IPv4, standard IPv6, no host bits). */
export function addressProblem(
  entry: string,
): { key: 'address' } | { key: 'hostBits'; suggestion: string } | null {
  const [address = '', prefix, ...rest] = entry.split('/');
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  const v6 = !v4 && address.includes(':') && !address.includes('%') && ipaddr.IPv6.isValid(address);
  if (rest.length > 0 || (!v4 && !v6)) return { key: 'address' };
  const max = v4 ? 32 : 128;
  if (prefix !== undefined && (!/^(0|[1-9]\d{0,2})$/.test(prefix) || Number(prefix) > max))
    return { key: 'address' };
  const bits = prefix === undefined ? max : Number(prefix);
  const parsed = ipaddr.parse(address);
  const bytes = parsed.toByteArray();
  for (let bit = bits; bit < max; bit++) bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  const network = ipaddr.fromByteArray(bytes);
  const show = (a: ipaddr.IPv4 | ipaddr.IPv6) =>
    a.kind() === 'ipv6' ? (a as ipaddr.IPv6).toRFC5952String() : a.toString();
  if (show(network) !== show(parsed)) return { key: 'hostBits', suggestion: `${show(network)}/${bits}` };
  return null;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** `t` of the compute namespace as these pure helpers take it. */
export const plainT =
  (t: (key: string, options: Record<string, unknown>) => string): T =>
  (key, options) =>
    t(key, options ?? {});

/** The dialog's checks, the api's messages in the user's language; the api checks again. */
export function ruleSchema(t: T) {
  const m = (key: string, options?: Record<string, unknown>) => t(`firewall.message.${key}`, options);
  return z
    .object({
      direction: z.enum(['INBOUND', 'OUTBOUND']),
      action: z.enum(['ACCEPT', 'DROP']),
      protocol: z.enum(['TCP', 'UDP', 'ICMP', 'ALL']),
      ports: z.string().optional(),
      addresses: z.string().optional(),
      description: z.string().optional(),
    })
    .superRefine((values, ctx) => {
      const ports = (values.ports ?? '').trim();
      if (ports !== '') {
        const problem = hasPorts(values.protocol) ? portsProblem(ports) : 'portsNotAllowed';
        if (problem) ctx.addIssue({ code: 'custom', path: ['ports'], message: m(problem) });
      }
      const entries = splitAddresses(values.addresses);
      if (entries.length === 0)
        ctx.addIssue({ code: 'custom', path: ['addresses'], message: m('addressesRequired') });
      for (const entry of entries) {
        const problem = addressProblem(entry);
        if (problem) {
          ctx.addIssue({
            code: 'custom',
            path: ['addresses'],
            message:
              problem.key === 'address'
                ? m('address', { entry })
                : m('hostBits', { entry, suggestion: problem.suggestion }),
          });
          break;
        }
      }
      if (new Set(entries).size > 20)
        ctx.addIssue({ code: 'custom', path: ['addresses'], message: m('tooManyAddresses') });
      if ([...(values.description ?? '').trim()].length > 100)
        ctx.addIssue({ code: 'custom', path: ['description'], message: m('description') });
    });
}

/** `TCP 22 from 203.0.113.0/24` — how a rule is named in the delete confirmation. */
export function ruleSummary(rule: RuleRow, t: T): string {
  const ports = rule.ports ? ` ${rule.ports}` : '';
  return `${t(`firewall.policy.${rule.action}`)} ${t(`firewall.protocol.${rule.protocol}`)}${ports}`;
}
