/**
 * The demo data's names and secrets, apart from the seeding code so tests and the e2e suites can
 * import them without the database layer.
 */
/** Every demo account's password (it meets the spec's policy). */
export const DEMO_PASSWORD = 'Demo-Pass-2026';

/** A plain account: e-mail and phone verified, no 2FA. */
export const DEMO_USER = {
  email: 'demo@example.com',
  firstName: 'Demo',
  lastName: 'Customer',
  phone: '+4915123456789',
} as const;

/** An account with TOTP (fixed secret, so scripts and tests can compute codes) and recovery codes. */
export const TOTP_USER = {
  email: 'totp@example.com',
  firstName: 'Totp',
  lastName: 'Customer',
  phone: '+4915123456780',
} as const;

/** An account whose e-mail is not verified yet: logging in stops at `verify_email`. */
export const UNVERIFIED_USER = {
  email: 'unverified@example.com',
  firstName: 'Unverified',
  lastName: 'Customer',
  phone: '+4915123456781',
} as const;

/**
 * An account with no workspace: the portal shows it the welcome screen. Invited by
 * `DEMO_INVITATION_KEY` (and `DEMO_HOSTILE_INVITATION_KEY`). Its display preferences differ from
 * the defaults, so dates on its screens show in New York time, US date format and 12-hour clock.
 */
export const NOWS_USER = {
  email: 'nows@example.com',
  firstName: 'Nora',
  lastName: 'Newcomer',
  phone: '+4915123456782',
  timezone: 'America/New_York',
  dateFormat: 'MM/DD/YYYY',
  timeFormat: '12h',
} as const;

/** Another customer, whose workspace `OTHER_CONTRACT_UID` demo must not see. */
export const OTHER_USER = {
  email: 'other@example.com',
  firstName: 'Otto',
  lastName: 'Other',
  phone: '+4915123456783',
} as const;

export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** allauth's format: 8 decimal digits each (`MFA_RECOVERY_CODE_DIGITS`). */
export const DEMO_RECOVERY_CODES = [
  '12345670',
  '23456781',
  '34567892',
  '45678903',
  '56789014',
  '67890125',
  '78901236',
  '89012347',
  '90123458',
  '01234569',
] as const;

/**
 * The demo workspaces' contract uids (URLs: `/workspace/{contractUid}/…`). demo@example.com sees
 * the first four; sorted by account name (Alpha, Bright, Nordwind, Zephyr) the CAB `cabinet` is not
 * first, so the workspace selection must pick it for being the first CAB (spec section 4).
 */
export const DEMO_CONTRACTS = {
  /** CAB, EUR, balance +250.00, two services, card and PayPal: demo is the administrator. */
  cabinet: '5f0c6a1e-4b7d-4c1a-9d0e-0000000c0001',
  /** STD, EUR, balance -42.50 (42.50 due, pending payment), no services, legacy services. */
  legacy: '5f0c6a1e-4b7d-4c1a-9d0e-0000000c0002',
  /** STD, USD, balance +1200.00, one service and legacy services. */
  webshop: '5f0c6a1e-4b7d-4c1a-9d0e-0000000c0003',
  /** CAB, USD, balance -15.00, one service and no instance (the empty state): other's workspace, demo sees it as an authorized person. */
  partner: '5f0c6a1e-4b7d-4c1a-9d0e-0000000c0004',
} as const;

/** totp@example.com's only workspace. */
export const TOTP_CONTRACT_UID = '5f0c6a1e-4b7d-4c1a-9d0e-0000000c0005';

/**
 * other@example.com's own workspace: demo must not see it (demo is listed there as an authorized
 * person whose login is DISABLED, which grants nothing). A deep link answers the permission error.
 */
export const OTHER_CONTRACT_UID = '5f0c6a1e-4b7d-4c1a-9d0e-0000000c0006';

/**
 * A valid invitation (link `/invitation/{key}`) of nows@example.com into demo's CAB workspace, role
 * Technical, from demo. Re-seeding makes it valid and unaccepted again.
 */
export const DEMO_INVITATION_KEY = 'demo-invitation-4Qm9x2Lk7Vb3Zt8R';
/** When `DEMO_INVITATION_KEY` expires: fixed, so screens can be checked against it. */
export const DEMO_INVITATION_EXPIRES_AT = '2099-12-31T23:30:00.000Z';
/** An invitation of nows@example.com into demo's legacy workspace that expired a day before seeding. */
export const DEMO_EXPIRED_INVITATION_KEY = 'demo-invitation-expired-Hs5Wc1Pn';

/**
 * A workspace of other@example.com whose name is an HTML injection attempt (a customer names their
 * own contract): every screen must show it as text and run nothing.
 */
export const HOSTILE_WORKSPACE_NAME = '<img src=x onerror=alert(1)>';
export const HOSTILE_CONTRACT_UID = '5f0c6a1e-4b7d-4c1a-9d0e-0000000c0007';
/** A valid invitation of nows@example.com into that workspace, from other@example.com, role Technical. */
export const DEMO_HOSTILE_INVITATION_KEY = 'demo-invitation-hostile-Xq7Rt2Mv';

/** A demo instance's uid (`/workspace/{contractUid}/instance/vm/{uid}`) and name. */
export interface DemoInstance {
  uid: string;
  name: string;
  status: 'INSTALLING' | 'INACTIVE' | 'ACTIVE';
}

const instanceUid = (n: number) => `5f0c6a1e-4b7d-4c1a-9d0e-00000000a${n.toString().padStart(3, '0')}`;

/**
 * The instances of demo's CAB workspace `DEMO_CONTRACTS.cabinet` as seeded: every status and OS
 * icon category (spec section 9). The INSTALLING ones become ACTIVE a few seconds after the api
 * starts (the simulator resumes them); re-seeding restores them all. `DEMO_CONTRACTS.webshop`, the
 * other services-enabled workspace demo sees, has no instance (the empty state).
 */
export const DEMO_INSTANCES = {
  web1: { uid: instanceUid(1), name: 'web-1', status: 'ACTIVE' },
  web2: { uid: instanceUid(2), name: 'web-2', status: 'ACTIVE' },
  db1: { uid: instanceUid(3), name: 'db-1', status: 'ACTIVE' },
  dbReplica: { uid: instanceUid(4), name: 'db-replica', status: 'INACTIVE' },
  vpnGw: { uid: instanceUid(5), name: 'vpn-gw', status: 'ACTIVE' },
  fwEdge: { uid: instanceUid(6), name: 'fw-edge', status: 'ACTIVE' },
  chrRouter: { uid: instanceUid(7), name: 'chr-router', status: 'INACTIVE' },
  ngfw1: { uid: instanceUid(8), name: 'ngfw-1', status: 'INSTALLING' },
  win1: { uid: instanceUid(9), name: 'win-1', status: 'ACTIVE' },
  suseBuild: { uid: instanceUid(10), name: 'suse-build', status: 'INACTIVE' },
  alpineEdge: { uid: instanceUid(11), name: 'alpine-edge', status: 'ACTIVE' },
  centosLegacy: { uid: instanceUid(12), name: 'centos-legacy', status: 'INACTIVE' },
  gitlab: { uid: instanceUid(13), name: 'gitlab', status: 'INSTALLING' },
  fedoraLab: { uid: instanceUid(14), name: 'fedora-lab', status: 'ACTIVE' },
} as const satisfies Record<string, DemoInstance>;

/** other@example.com's instances in `OTHER_CONTRACT_UID`: demo must never see or touch them. */
export const OTHER_INSTANCES = {
  otherWeb: { uid: instanceUid(101), name: 'other-web', status: 'ACTIVE' },
  otherDb: { uid: instanceUid(102), name: 'other-db', status: 'INACTIVE' },
} as const satisfies Record<string, DemoInstance>;

/** An offer of each kind, for New instance links (`/new-instance?template_uid=…`). */
export const DEMO_OFFERS = {
  /** Products › Compute: Cloud VPS on Ubuntu 24.04, 2 vCPU / 4 GB. */
  cloudVps: 'tpl-cloud-vps',
  /** Solutions › Websites: WordPress on Ubuntu 24.04. */
  wordpress: 'tpl-wordpress',
} as const;
