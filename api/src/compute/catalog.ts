import type { ImageKind, OfferKind, PriceCurrency } from './tables.js';

// The provider's catalogue as New instance, Products and Solutions show it (believable, after
// Hetzner Cloud, Linode and DigitalOcean). Upserted on every start: the embedded default.

export interface CatalogImage {
  id: string;
  name: string;
  system: string;
  kind: ImageKind;
  description: string;
}

/** Every OS icon category of spec section 9, one outside them (Fedora: "Linux"), and applications. */
export const IMAGES: readonly CatalogImage[] = [
  {
    id: 'ubuntu-24-04',
    name: 'Ubuntu 24.04 LTS',
    system: 'Ubuntu 24.04 LTS',
    kind: 'OS',
    description: 'Long-term support until 2029.',
  },
  {
    id: 'ubuntu-22-04',
    name: 'Ubuntu 22.04 LTS',
    system: 'Ubuntu 22.04 LTS',
    kind: 'OS',
    description: 'Long-term support until 2027.',
  },
  {
    id: 'debian-12',
    name: 'Debian 12',
    system: 'Debian 12',
    kind: 'OS',
    description: 'Bookworm: stable and minimal.',
  },
  {
    id: 'rocky-9',
    name: 'Rocky Linux 9',
    system: 'Rocky Linux 9',
    kind: 'OS',
    description: 'Enterprise Linux, binary compatible with RHEL 9.',
  },
  {
    id: 'centos-stream-9',
    name: 'CentOS Stream 9',
    system: 'CentOS Stream 9',
    kind: 'OS',
    description: 'The upstream of RHEL 9.',
  },
  {
    id: 'alpine-3-20',
    name: 'Alpine Linux 3.20',
    system: 'Alpine Linux 3.20',
    kind: 'OS',
    description: 'Small, simple and secure: musl and BusyBox.',
  },
  {
    id: 'opensuse-leap-15-6',
    name: 'openSUSE Leap 15.6',
    system: 'openSUSE Leap 15.6',
    kind: 'OS',
    description: 'The stable openSUSE release.',
  },
  {
    id: 'fedora-40',
    name: 'Fedora 40',
    system: 'Fedora 40',
    kind: 'OS',
    description: 'The latest open-source technology.',
  },
  {
    id: 'windows-server-2022',
    name: 'Windows Server 2022',
    system: 'Windows Server 2022',
    kind: 'OS',
    description: 'Datacenter edition; the licence is billed with the plan.',
  },
  {
    id: 'pfsense-2-7',
    name: 'pfSense CE 2.7',
    system: 'pfSense CE 2.7',
    kind: 'OS',
    description: 'Firewall and router on FreeBSD.',
  },
  {
    id: 'mikrotik-chr-7',
    name: 'Mikrotik CHR 7.16',
    system: 'Mikrotik CHR 7.16',
    kind: 'OS',
    description: 'RouterOS as a virtual machine (Cloud Hosted Router).',
  },
  {
    id: 'arista-ngfw-17',
    name: 'Arista NG Firewall 17',
    system: 'Arista NG Firewall 17',
    kind: 'OS',
    description: 'Next-generation firewall, formerly Untangle.',
  },
  {
    id: 'app-wordpress',
    name: 'WordPress on Ubuntu 24.04',
    system: 'Ubuntu 24.04 LTS',
    kind: 'APPLICATION',
    description: 'WordPress with Nginx, PHP 8.3 and MariaDB, ready for your domain.',
  },
  {
    id: 'app-docker',
    name: 'Docker on Ubuntu 24.04',
    system: 'Ubuntu 24.04 LTS',
    kind: 'APPLICATION',
    description: 'Docker Engine and Compose, ready to run containers.',
  },
  {
    id: 'app-gitlab',
    name: 'GitLab CE on Ubuntu 22.04',
    system: 'Ubuntu 22.04 LTS',
    kind: 'APPLICATION',
    description: 'Your own GitLab: repositories, CI/CD, issues.',
  },
  {
    id: 'app-wireguard',
    name: 'WireGuard VPN on Debian 12',
    system: 'Debian 12',
    kind: 'APPLICATION',
    description: 'A fast, modern VPN with a web interface for peers.',
  },
  {
    id: 'app-lamp',
    name: 'LAMP on Debian 12',
    system: 'Debian 12',
    kind: 'APPLICATION',
    description: 'Apache, MariaDB and PHP for classic web hosting.',
  },
  {
    id: 'app-nextcloud',
    name: 'Nextcloud on Ubuntu 24.04',
    system: 'Ubuntu 24.04 LTS',
    kind: 'APPLICATION',
    description: 'Files, calendars and contacts on your own server.',
  },
  {
    id: 'app-openvpn',
    name: 'OpenVPN Access Server on Ubuntu 24.04',
    system: 'Ubuntu 24.04 LTS',
    kind: 'APPLICATION',
    description: 'OpenVPN with a web admin and client downloads.',
  },
];

export interface CatalogLocation {
  id: string;
  city: string;
  country: string;
  region: string;
}

/** Spec section 9: Frankfurt and Riga are `eu` (so are the other European cities); Ashburn is `us`. */
export const LOCATIONS: readonly CatalogLocation[] = [
  { id: 'fra1', city: 'Frankfurt', country: 'DE', region: 'eu' },
  { id: 'rix1', city: 'Riga', country: 'LV', region: 'eu' },
  { id: 'hel1', city: 'Helsinki', country: 'FI', region: 'eu' },
  { id: 'ams1', city: 'Amsterdam', country: 'NL', region: 'eu' },
  { id: 'ash1', city: 'Ashburn', country: 'US', region: 'us' },
];

export interface CatalogPlan {
  id: string;
  name: string;
  vcpus: number;
  memoryMb: number;
  diskGb: number;
  transferTb: number;
  /** Monthly (the cap) and hourly, in whole cents: `Decimal` has two decimals. */
  prices: Record<PriceCurrency, { monthly: string; hourly: string }>;
}

export const PLANS: readonly CatalogPlan[] = [
  {
    id: 's-1vcpu-2gb',
    name: 'Shared 1 vCPU · 2 GB',
    vcpus: 1,
    memoryMb: 2048,
    diskGb: 40,
    transferTb: 1,
    prices: { EUR: { monthly: '4.99', hourly: '0.01' }, USD: { monthly: '6.00', hourly: '0.01' } },
  },
  {
    id: 's-2vcpu-4gb',
    name: 'Shared 2 vCPU · 4 GB',
    vcpus: 2,
    memoryMb: 4096,
    diskGb: 80,
    transferTb: 2,
    prices: { EUR: { monthly: '9.49', hourly: '0.02' }, USD: { monthly: '12.00', hourly: '0.02' } },
  },
  {
    id: 's-4vcpu-8gb',
    name: 'Shared 4 vCPU · 8 GB',
    vcpus: 4,
    memoryMb: 8192,
    diskGb: 160,
    transferTb: 4,
    prices: { EUR: { monthly: '18.99', hourly: '0.03' }, USD: { monthly: '24.00', hourly: '0.04' } },
  },
  {
    id: 'd-4vcpu-16gb',
    name: 'Dedicated 4 vCPU · 16 GB',
    vcpus: 4,
    memoryMb: 16384,
    diskGb: 240,
    transferTb: 5,
    prices: { EUR: { monthly: '39.00', hourly: '0.06' }, USD: { monthly: '45.00', hourly: '0.07' } },
  },
  {
    id: 'd-8vcpu-32gb',
    name: 'Dedicated 8 vCPU · 32 GB',
    vcpus: 8,
    memoryMb: 32768,
    diskGb: 360,
    transferTb: 6,
    prices: { EUR: { monthly: '75.00', hourly: '0.11' }, USD: { monthly: '88.00', hourly: '0.13' } },
  },
  {
    id: 'd-16vcpu-64gb',
    name: 'Dedicated 16 vCPU · 64 GB',
    vcpus: 16,
    memoryMb: 65536,
    diskGb: 600,
    transferTb: 8,
    prices: { EUR: { monthly: '149.00', hourly: '0.22' }, USD: { monthly: '175.00', hourly: '0.26' } },
  },
];

export interface CatalogOffer {
  templateUid: string;
  kind: OfferKind;
  category: string;
  title: string;
  description: string;
  imageId: string;
  planId: string;
}

export const OFFERS: readonly CatalogOffer[] = [
  {
    templateUid: 'tpl-cloud-vps',
    kind: 'PRODUCT',
    category: 'COMPUTE',
    title: 'Cloud VPS',
    description: 'A virtual server with shared vCPUs for most workloads, billed by the hour.',
    imageId: 'ubuntu-24-04',
    planId: 's-2vcpu-4gb',
  },
  {
    templateUid: 'tpl-dedicated-vcpu',
    kind: 'PRODUCT',
    category: 'COMPUTE',
    title: 'Dedicated vCPU',
    description: 'Dedicated cores for databases, CI and other steady load.',
    imageId: 'debian-12',
    planId: 'd-8vcpu-32gb',
  },
  {
    templateUid: 'tpl-windows-server',
    kind: 'PRODUCT',
    category: 'COMPUTE',
    title: 'Windows Server',
    description: 'Windows Server 2022 with remote desktop, licence included.',
    imageId: 'windows-server-2022',
    planId: 's-4vcpu-8gb',
  },
  {
    templateUid: 'tpl-pfsense',
    kind: 'PRODUCT',
    category: 'DATA_CENTER',
    title: 'Virtual firewall',
    description: 'pfSense in front of your private network.',
    imageId: 'pfsense-2-7',
    planId: 's-2vcpu-4gb',
  },
  {
    templateUid: 'tpl-mikrotik-chr',
    kind: 'PRODUCT',
    category: 'DATA_CENTER',
    title: 'Cloud router',
    description: 'Mikrotik Cloud Hosted Router for routing, BGP and tunnels.',
    imageId: 'mikrotik-chr-7',
    planId: 's-1vcpu-2gb',
  },
  {
    templateUid: 'tpl-arista-ngfw',
    kind: 'PRODUCT',
    category: 'DATA_CENTER',
    title: 'NG Firewall',
    description: 'Arista NG Firewall: filtering, reports and VPN for a site.',
    imageId: 'arista-ngfw-17',
    planId: 's-4vcpu-8gb',
  },
  {
    templateUid: 'tpl-alpine-minimal',
    kind: 'PRODUCT',
    category: 'OTHER',
    title: 'Minimal Linux',
    description: 'Alpine Linux on the smallest plan: a few MB of base system.',
    imageId: 'alpine-3-20',
    planId: 's-1vcpu-2gb',
  },
  {
    templateUid: 'tpl-build-server',
    kind: 'PRODUCT',
    category: 'OTHER',
    title: 'Build server',
    description: 'Rocky Linux on dedicated cores for reproducible builds.',
    imageId: 'rocky-9',
    planId: 'd-4vcpu-16gb',
  },
  {
    templateUid: 'tpl-wordpress',
    kind: 'SOLUTION',
    category: 'WEBSITES',
    title: 'WordPress',
    description: 'A WordPress site in minutes, with HTTPS and daily updates.',
    imageId: 'app-wordpress',
    planId: 's-2vcpu-4gb',
  },
  {
    templateUid: 'tpl-lamp',
    kind: 'SOLUTION',
    category: 'HOSTING',
    title: 'LAMP hosting',
    description: 'Apache, MariaDB and PHP for your own web hosting.',
    imageId: 'app-lamp',
    planId: 's-2vcpu-4gb',
  },
  {
    templateUid: 'tpl-nextcloud',
    kind: 'SOLUTION',
    category: 'HOSTING',
    title: 'Nextcloud',
    description: 'Your team files and calendars, hosted by you.',
    imageId: 'app-nextcloud',
    planId: 's-4vcpu-8gb',
  },
  {
    templateUid: 'tpl-docker',
    kind: 'SOLUTION',
    category: 'APPLICATIONS',
    title: 'Docker',
    description: 'Docker Engine and Compose on Ubuntu.',
    imageId: 'app-docker',
    planId: 's-2vcpu-4gb',
  },
  {
    templateUid: 'tpl-gitlab',
    kind: 'SOLUTION',
    category: 'APPLICATIONS',
    title: 'GitLab',
    description: 'Repositories and CI/CD on your own server.',
    imageId: 'app-gitlab',
    planId: 'd-4vcpu-16gb',
  },
  {
    templateUid: 'tpl-wireguard',
    kind: 'SOLUTION',
    category: 'VPNS',
    title: 'WireGuard VPN',
    description: 'A fast VPN for your team, peers managed in a web interface.',
    imageId: 'app-wireguard',
    planId: 's-1vcpu-2gb',
  },
  {
    templateUid: 'tpl-openvpn',
    kind: 'SOLUTION',
    category: 'VPNS',
    title: 'OpenVPN Access Server',
    description: 'OpenVPN with a web admin and client downloads.',
    imageId: 'app-openvpn',
    planId: 's-1vcpu-2gb',
  },
];
