import ipaddr from 'ipaddr.js';

export type Family = 4 | 6;

/** A parsed address or CIDR: its family, network and prefix, and the text it normalises to. */
export interface Cidr {
  family: Family;
  network: ipaddr.IPv4 | ipaddr.IPv6;
  prefix: number;
  /** `203.0.113.0/24`, `2001:db8::/32` (RFC 5952), a single address with /32 or /128. */
  text: string;
}

export type CidrParse =
  | { ok: true; cidr: Cidr }
  | { ok: false; reason: 'invalid' }
  /** Host bits set: `203.0.113.5/24`; `suggestion` is its network (`203.0.113.0/24`). */
  | { ok: false; reason: 'hostBits'; suggestion: string };

const PREFIX = /^(0|[1-9]\d{0,2})$/;

/**
 * Parses an address or CIDR the way a firewall takes it, with ipaddr.js. Only dotted four-part
 * decimal IPv4 (ipaddr.js alone would also take `0xc0.2.1` or `3221225985`) and standard IPv6; a
 * bare address is its own /32 or /128.
 */
export function parseCidr(raw: string): CidrParse {
  const value = raw.trim();
  const [addressPart = '', prefixPart, ...rest] = value.split('/');
  if (rest.length > 0 || addressPart === '') return { ok: false, reason: 'invalid' };
  let family: Family;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(addressPart)) {
    family = 4;
    address = ipaddr.IPv4.parse(addressPart);
  } else if (addressPart.includes(':') && ipaddr.IPv6.isValid(addressPart) && !addressPart.includes('%')) {
    family = 6;
    address = ipaddr.IPv6.parse(addressPart);
  } else return { ok: false, reason: 'invalid' };
  const max = family === 4 ? 32 : 128;
  let prefix = max;
  if (prefixPart !== undefined) {
    if (!PREFIX.test(prefixPart)) return { ok: false, reason: 'invalid' };
    prefix = Number(prefixPart);
    if (prefix > max) return { ok: false, reason: 'invalid' };
  }
  const network = networkOf(address, prefix);
  const show = (a: ipaddr.IPv4 | ipaddr.IPv6) =>
    a.kind() === 'ipv6' ? (a as ipaddr.IPv6).toRFC5952String() : a.toString();
  if (show(network) !== show(address)) {
    return { ok: false, reason: 'hostBits', suggestion: `${show(network)}/${prefix}` };
  }
  return { ok: true, cidr: { family, network, prefix, text: `${show(network)}/${prefix}` } };
}

/** The address with every bit after `prefix` cleared. */
export function networkOf(address: ipaddr.IPv4 | ipaddr.IPv6, prefix: number): ipaddr.IPv4 | ipaddr.IPv6 {
  const bytes = address.toByteArray();
  for (let bit = prefix; bit < bytes.length * 8; bit++) {
    bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  }
  return ipaddr.fromByteArray(bytes);
}

/** Whether `address` (a plain address) lies in `cidr`; different families never match. */
export function contains(cidr: Cidr, address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed || parsed.kind() !== cidr.network.kind()) return false;
  return (parsed as ipaddr.IPv4).match(cidr.network as ipaddr.IPv4, cidr.prefix);
}

export function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address);
  if (address.includes(':') && ipaddr.IPv6.isValid(address)) return ipaddr.IPv6.parse(address);
  return null;
}
