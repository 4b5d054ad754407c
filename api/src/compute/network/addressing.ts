import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { networkOf } from '../firewall/cidr.js';
import { ADDRESS_KINDS, type IpFamily } from './tables.js';

/** The provider's reverse DNS zone for its public IPv4 addresses. */
export const RDNS_ZONE = 'ip.example.net';

export interface PlannedAddress {
  family: IpFamily;
  kind: (typeof ADDRESS_KINDS)[keyof typeof ADDRESS_KINDS];
  address: string;
  prefix: number;
  gateway: string | null;
}

/**
 * The addresses an instance gets, like Hetzner or Linode hand them out: its public IPv4 (in a /24
 * whose .1 is the gateway), a routed IPv6 /64 whose first address (`::1`) the machine uses (gateway
 * `fe80::1`), and a private IPv4 in its workspace's private network of that location (10.x.0.0/16).
 * The public ones are the instance's `ipv4` and the /64 of its `ipv6` (from the documentation
 * ranges, see `addresses.ts`).
 */
export function plannedAddresses(instance: {
  id: string;
  workspaceId: string;
  locationId: string;
  ipv4: string | null;
  ipv6: string | null;
}): PlannedAddress[] {
  const planned: PlannedAddress[] = [];
  if (instance.ipv4 && ipaddr.IPv4.isValidFourPartDecimal(instance.ipv4)) {
    const gateway = `${instance.ipv4.split('.').slice(0, 3).join('.')}.1`;
    planned.push({ family: 'IPV4', kind: ADDRESS_KINDS.PUBLIC, address: instance.ipv4, prefix: 24, gateway });
  }
  if (instance.ipv6 && ipaddr.IPv6.isValid(instance.ipv6)) {
    const net = networkOf(ipaddr.IPv6.parse(instance.ipv6), 64).toByteArray();
    net[15] = 1;
    const address = (ipaddr.fromByteArray(net) as ipaddr.IPv6).toRFC5952String();
    planned.push({ family: 'IPV6', kind: ADDRESS_KINDS.PUBLIC, address, prefix: 64, gateway: 'fe80::1' });
  }
  const network = createHash('sha256').update(`${instance.workspaceId}/${instance.locationId}`).digest();
  const host = createHash('sha256').update(instance.id).digest();
  planned.push({
    family: 'IPV4',
    kind: ADDRESS_KINDS.PRIVATE,
    address: `10.${network[0]! % 256}.${host[0]! % 256}.${(host[1]! % 253) + 2}`,
    prefix: 16,
    gateway: null,
  });
  return planned;
}

/** The provider's PTR name of a public IPv4 (`203-0-113-17.ip.example.net`); IPv6 has none until set. */
export function defaultRdns(family: IpFamily, kind: number, address: string): string | null {
  if (kind !== ADDRESS_KINDS.PUBLIC || family !== 'IPV4') return null;
  return `${address.replaceAll('.', '-')}.${RDNS_ZONE}`;
}

/** The network an address lies in, e.g. `2001:db8:1:2::/64`. */
export function networkText(address: string, prefix: number): string {
  const parsed = ipaddr.parse(address);
  const network = networkOf(parsed, prefix);
  const text = network.kind() === 'ipv6' ? (network as ipaddr.IPv6).toRFC5952String() : network.toString();
  return `${text}/${prefix}`;
}

export const NETWORK_MESSAGES = {
  rdns: 'Enter a host name such as mail.example.com: labels of letters, digits and hyphens separated by dots, up to 253 characters.',
  rdnsPrivate: 'Reverse DNS can be set only for public addresses.',
  unknownAddress: (address: string) => `This instance has no address ${address}.`,
} as const;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A PTR name as the api stores it: trimmed, lower case, without the final dot; '' restores the
 * default. Null when it is not a fully qualified host name (two labels at least, a top-level label
 * that is not all digits).
 */
export function normaliseRdns(raw: string): string | null {
  let name = raw.trim().toLowerCase();
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === '') return '';
  if (name.length > 253) return null;
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  if (/^\d+$/.test(labels.at(-1)!)) return null;
  return name;
}
