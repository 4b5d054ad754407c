/**
 * The icon categories of spec section 9. Firewall products keep a key each, so a screen can show a
 * vendor's mark, and `isFirewallOs` groups them; everything else is a generic 'linux'.
 */
export type OsIcon =
  | 'alpine'
  | 'centos'
  | 'debian'
  | 'opensuse'
  | 'rocky'
  | 'ubuntu'
  | 'windows'
  | 'arista'
  | 'mikrotik'
  | 'pfsense'
  | 'linux';

const FIREWALLS: ReadonlySet<OsIcon> = new Set(['arista', 'mikrotik', 'pfsense']);

// Order matters only where names overlap; none of these patterns do.
const PATTERNS: ReadonlyArray<readonly [OsIcon, RegExp]> = [
  ['alpine', /\balpine\b/],
  ['centos', /\bcent\s?os\b/],
  ['debian', /\bdebian\b/],
  ['opensuse', /\bopen\s?suse\b/],
  ['rocky', /\brocky\b/],
  ['ubuntu', /\bubuntu\b/],
  ['windows', /\bwindows\b|\bwin(?:dows)?\s?server\b/],
  // Arista NG Firewall was Untangle NG Firewall before
  ['arista', /\barista\b|\buntangle\b/],
  ['mikrotik', /\bmikrotik\b|\bchr\b|\brouter\s?os\b/],
  ['pfsense', /\bpf\s?sense\b/],
];

/**
 * The icon category of an operating system from its name and/or version strings
 * ('Ubuntu 22.04', 'Windows Server 2022', 'pfSense CE 2.7'), case-insensitive; 'linux' otherwise.
 */
export function osIcon(...names: ReadonlyArray<string | null | undefined>): OsIcon {
  const text = names.filter(Boolean).join(' ').toLowerCase();
  return PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'linux';
}

export function isFirewallOs(icon: OsIcon): boolean {
  return FIREWALLS.has(icon);
}
