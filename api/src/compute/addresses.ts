import { createHash } from 'node:crypto';

/**
 * A machine's public addresses, derived from its uid: stable, and from the documentation ranges
 * (RFC 5737, RFC 3849), so no demo address is anyone's real one.
 */
export function addressesFor(uid: string): { ipv4: string; ipv6: string } {
  const hash = createHash('sha256').update(uid).digest();
  const nets = ['192.0.2', '198.51.100', '203.0.113'];
  const ipv4 = `${nets[hash[0]! % nets.length]}.${(hash[1]! % 253) + 1}`;
  const hex = (i: number) => hash.readUInt16BE(i).toString(16);
  const ipv6 = `2001:db8:${hex(2)}:${hex(4)}::${hex(6)}`;
  return { ipv4, ipv6 };
}
