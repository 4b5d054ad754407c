/** A service an instance listens on, reachable from the internet unless the firewall drops it. */
export interface ListeningService {
  name: string;
  protocol: 'TCP' | 'UDP';
  port: number;
}

const SSH: ListeningService = { name: 'SSH', protocol: 'TCP', port: 22 };
const HTTP: ListeningService = { name: 'HTTP', protocol: 'TCP', port: 80 };
const HTTPS: ListeningService = { name: 'HTTPS', protocol: 'TCP', port: 443 };

/**
 * What the simulator's machines listen on, by image: SSH on every Linux, RDP on Windows, the web
 * admin of the firewall products, and each one-click application's own ports.
 */
const BY_IMAGE: Record<string, ListeningService[]> = {
  'windows-server-2022': [{ name: 'RDP', protocol: 'TCP', port: 3389 }],
  'pfsense-2-7': [SSH, HTTPS],
  'mikrotik-chr-7': [SSH, { name: 'Winbox', protocol: 'TCP', port: 8291 }],
  'arista-ngfw-17': [HTTPS],
  'app-wordpress': [SSH, HTTP, HTTPS],
  'app-lamp': [SSH, HTTP, HTTPS],
  'app-nextcloud': [SSH, HTTP, HTTPS],
  'app-gitlab': [SSH, HTTP, HTTPS],
  'app-docker': [SSH],
  'app-wireguard': [SSH, { name: 'WireGuard', protocol: 'UDP', port: 51820 }],
  'app-openvpn': [SSH, { name: 'OpenVPN', protocol: 'UDP', port: 1194 }],
};

export function listeningServices(imageId: string): ListeningService[] {
  return BY_IMAGE[imageId] ?? [SSH];
}

/**
 * The internet's background as the simulator sends it to every running instance: scanners and
 * clients, per second, by port. Dropped ones are counted as the firewall's dropped packets.
 */
export const INTERNET_PROBES: ReadonlyArray<{
  protocol: 'TCP' | 'UDP' | 'ICMP';
  port?: number;
  perSecond: number;
}> = [
  { protocol: 'TCP', port: 22, perSecond: 0.4 },
  { protocol: 'TCP', port: 23, perSecond: 0.15 },
  { protocol: 'TCP', port: 80, perSecond: 0.2 },
  { protocol: 'TCP', port: 443, perSecond: 0.2 },
  { protocol: 'TCP', port: 3389, perSecond: 0.25 },
  { protocol: 'TCP', port: 3306, perSecond: 0.05 },
  { protocol: 'TCP', port: 5432, perSecond: 0.05 },
  { protocol: 'TCP', port: 8080, perSecond: 0.08 },
  { protocol: 'UDP', port: 53, perSecond: 0.05 },
  { protocol: 'UDP', port: 123, perSecond: 0.03 },
  { protocol: 'ICMP', perSecond: 0.1 },
];
