import { eq, inArray } from 'drizzle-orm';
import { seedPayments } from '../billing/payments/seed.js';
import { addDays, type BillingSeed, manyInvoices, seedBilling } from '../billing/seed.js';
import { seedNetworkDemo } from '../compute/network/seed.js';
import { seedComputeDemo } from '../compute/seed.js';
import { seedStatus } from '../compute/status/seed.js';
import { hashPassword } from '../identity/passwords.js';
import { hashToken } from '../identity/session.js';
import { seedProfiles } from '../profile/seed.js';
import { seedInstanceSshKeys, seedSshKeys } from '../ssh-keys/seed.js';
import { seedSupport } from '../support/seed.js';
import { seedWorkspaceAdmin } from '../workspaces/seed.js';
import type { Db } from './client.js';
import {
  DEMO_CONTRACTS,
  DEMO_EXPIRED_INVITATION_KEY,
  DEMO_HOSTILE_INVITATION_KEY,
  DEMO_INVITATION_EXPIRES_AT,
  DEMO_INVITATION_KEY,
  DEMO_PASSWORD,
  DEMO_RECOVERY_CODES,
  DEMO_TOTP_SECRET,
  DEMO_USER,
  HOSTILE_CONTRACT_UID,
  HOSTILE_WORKSPACE_NAME,
  NOWS_USER,
  OTHER_CONTRACT_UID,
  OTHER_USER,
  TOTP_CONTRACT_UID,
  TOTP_USER,
  UNVERIFIED_USER,
} from './demo.js';
import {
  accounts,
  authenticators,
  authorizedPeople,
  invitations,
  legacyServices,
  paymentMethods,
  services,
  type User,
  users,
  type WorkspaceKind,
  workspaceEmployees,
  workspaces,
} from './schema.js';

export * from './demo.js';

export interface DemoSeed {
  demoUser: User;
  totpUser: User;
  unverifiedUser: User;
  nowsUser: User;
  otherUser: User;
}

async function upsertUser(
  db: Db,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    timezone?: string;
    dateFormat?: (typeof users.$inferInsert)['dateFormat'];
    timeFormat?: (typeof users.$inferInsert)['timeFormat'];
  },
  emailVerified: boolean,
  passwordHash: string,
): Promise<User> {
  const state = { ...values, passwordHash, emailVerified, phoneVerified: true };
  const [user] = await db
    .insert(users)
    .values({ ...state, consentPersonalDataAt: new Date() })
    .onConflictDoUpdate({ target: users.email, set: state })
    .returning();
  return user!;
}

/**
 * Creates or restores the demo data. Idempotent: rows are upserted by their natural keys, so running
 * it on every start resets the demo accounts (password, verification, 2FA) to their known state
 * without duplicating anything.
 */
export async function seedDemo(db: Db): Promise<DemoSeed> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const demoUser = await upsertUser(db, DEMO_USER, true, passwordHash);
  const totpUser = await upsertUser(db, TOTP_USER, true, passwordHash);
  const unverifiedUser = await upsertUser(db, UNVERIFIED_USER, false, passwordHash);
  const nowsUser = await upsertUser(db, NOWS_USER, true, passwordHash);
  const otherUser = await upsertUser(db, OTHER_USER, true, passwordHash);

  for (const user of [demoUser, totpUser, unverifiedUser]) {
    await db.delete(authenticators).where(eq(authenticators.userId, user.id));
  }
  await db.insert(authenticators).values([
    { userId: totpUser.id, type: 'totp', data: { secret: DEMO_TOTP_SECRET } },
    { userId: totpUser.id, type: 'recovery_codes', data: { codes: [...DEMO_RECOVERY_CODES], used: [] } },
  ]);
  await db.transaction((tx) => seedWorkspaces(tx as unknown as Db, { demoUser, totpUser, otherUser }));
  return { demoUser, totpUser, unverifiedUser, nowsUser, otherUser };
}

/** Fixed ids, so every run restores the same rows. */
const seedId = (table: number, n: number) =>
  `5eed0000-0000-4000-8000-${table.toString(16).padStart(4, '0')}${n.toString(16).padStart(8, '0')}`;

interface SeedWorkspace {
  id: string;
  contractUid: string;
  name: string;
  number: string;
  kind: WorkspaceKind;
  currency: 'EUR' | 'USD';
  account: { id: string; name: string };
}

const ACCOUNTS = {
  nordwind: { id: seedId(1, 1), name: 'Nordwind Hosting GmbH' },
  alpha: { id: seedId(1, 2), name: 'Alpha Media Ltd' },
  bright: { id: seedId(1, 3), name: 'Bright Commerce Inc' },
  zephyr: { id: seedId(1, 4), name: 'Zephyr Partners LLC' },
  totp: { id: seedId(1, 5), name: 'Totp Customer' },
  other: { id: seedId(1, 6), name: 'Other Industries AG' },
};

const WORKSPACES = {
  cabinet: {
    id: seedId(2, 1),
    contractUid: DEMO_CONTRACTS.cabinet,
    name: 'Nordwind Cloud',
    number: 'CAB-2024-0101',
    kind: 'CAB',
    currency: 'EUR',
    account: ACCOUNTS.nordwind,
  },
  legacy: {
    id: seedId(2, 2),
    contractUid: DEMO_CONTRACTS.legacy,
    name: 'Alpha Web Hosting',
    number: 'STD-2019-0042',
    kind: 'STD',
    currency: 'EUR',
    account: ACCOUNTS.alpha,
  },
  webshop: {
    id: seedId(2, 3),
    contractUid: DEMO_CONTRACTS.webshop,
    name: 'Bright Webshop',
    number: 'STD-2021-0777',
    kind: 'STD',
    currency: 'USD',
    account: ACCOUNTS.bright,
  },
  partner: {
    id: seedId(2, 4),
    contractUid: DEMO_CONTRACTS.partner,
    name: 'Zephyr Labs',
    number: 'CAB-2025-0203',
    kind: 'CAB',
    currency: 'USD',
    account: ACCOUNTS.zephyr,
  },
  totp: {
    id: seedId(2, 5),
    contractUid: TOTP_CONTRACT_UID,
    name: 'Totp Servers',
    number: 'STD-2022-0505',
    kind: 'STD',
    currency: 'EUR',
    account: ACCOUNTS.totp,
  },
  other: {
    id: seedId(2, 6),
    contractUid: OTHER_CONTRACT_UID,
    name: 'Other Industries',
    number: 'CAB-2023-0999',
    kind: 'CAB',
    currency: 'EUR',
    account: ACCOUNTS.other,
  },
  hostile: {
    id: seedId(2, 7),
    contractUid: HOSTILE_CONTRACT_UID,
    name: HOSTILE_WORKSPACE_NAME,
    number: 'STD-2026-0666',
    kind: 'STD',
    currency: 'EUR',
    account: ACCOUNTS.other,
  },
} satisfies Record<string, SeedWorkspace>;

const DAY_MS = 24 * 3600 * 1000;

async function seedWorkspaces(db: Db, people: { demoUser: User; totpUser: User; otherUser: User }) {
  const { demoUser, totpUser, otherUser } = people;
  const ws = WORKSPACES;
  const all = Object.values(ws);
  const ids = all.map((w) => w.id);

  for (const account of Object.values(ACCOUNTS)) {
    await db.insert(accounts).values(account).onConflictDoUpdate({ target: accounts.id, set: account });
  }
  for (const w of all) {
    const values = {
      id: w.id,
      contractUid: w.contractUid,
      name: w.name,
      number: w.number,
      kind: w.kind,
      currency: w.currency,
      accountId: w.account.id,
    };
    await db.insert(workspaces).values(values).onConflictDoUpdate({ target: workspaces.id, set: values });
  }

  // Everything below a seeded workspace is replaced: also what the demo did (an accepted invitation).
  for (const table of [
    invitations,
    workspaceEmployees,
    authorizedPeople,
    services,
    legacyServices,
    paymentMethods,
  ]) {
    await db.delete(table).where(inArray(table.workspaceId, ids));
  }

  const employee = (
    n: number,
    workspaceId: string,
    user: User,
    role: 'Administrative' | 'Billing' | 'Technical',
  ) => ({
    id: seedId(3, n),
    workspaceId,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role,
    createdAt: new Date(Date.UTC(2024, 0, n)),
  });
  await db
    .insert(workspaceEmployees)
    .values([
      employee(1, ws.cabinet.id, demoUser, 'Administrative'),
      employee(2, ws.legacy.id, demoUser, 'Administrative'),
      employee(3, ws.webshop.id, demoUser, 'Billing'),
      employee(4, ws.partner.id, otherUser, 'Administrative'),
      employee(5, ws.totp.id, totpUser, 'Administrative'),
      employee(6, ws.other.id, otherUser, 'Administrative'),
      employee(7, ws.webshop.id, otherUser, 'Technical'),
      employee(8, ws.hostile.id, otherUser, 'Administrative'),
    ]);

  const person = (
    n: number,
    workspaceId: string,
    user: User | null,
    fullName: string,
    email: string,
    phone: string,
    loginStatus: 'ACTIVE' | 'INVITED' | 'DISABLED',
  ) => ({
    id: seedId(4, n),
    workspaceId,
    userId: user?.id ?? null,
    fullName,
    mobilePhone: phone,
    email,
    loginStatus,
  });
  const demoName = `${demoUser.firstName} ${demoUser.lastName}`;
  await db.insert(authorizedPeople).values([
    person(1, ws.cabinet.id, demoUser, demoName, demoUser.email, demoUser.phone, 'ACTIVE'),
    person(
      2,
      ws.cabinet.id,
      null,
      'Erika Mustermann',
      'erika@nordwind.example',
      '+4915112345678',
      'DISABLED',
    ),
    person(3, ws.legacy.id, null, 'Ana Alpha', 'ana@alpha.example', '+442071234567', 'INVITED'),
    // demo sees Zephyr Labs only through this entry.
    person(4, ws.partner.id, demoUser, demoName, demoUser.email, demoUser.phone, 'ACTIVE'),
    // A disabled login grants nothing: demo must not see Other Industries.
    person(5, ws.other.id, demoUser, demoName, demoUser.email, demoUser.phone, 'DISABLED'),
  ]);

  await db.insert(services).values([
    {
      id: seedId(5, 1),
      workspaceId: ws.cabinet.id,
      name: 'Cloud VPS',
      createdAt: new Date(Date.UTC(2024, 2, 1)),
    },
    {
      id: seedId(5, 2),
      workspaceId: ws.cabinet.id,
      name: 'Object storage',
      createdAt: new Date(Date.UTC(2024, 2, 2)),
    },
    {
      id: seedId(5, 3),
      workspaceId: ws.webshop.id,
      name: 'Cloud VPS',
      createdAt: new Date(Date.UTC(2024, 2, 3)),
    },
    {
      id: seedId(5, 4),
      workspaceId: ws.totp.id,
      name: 'Cloud VPS',
      createdAt: new Date(Date.UTC(2024, 2, 4)),
    },
    {
      id: seedId(5, 5),
      workspaceId: ws.other.id,
      name: 'Cloud VPS',
      createdAt: new Date(Date.UTC(2024, 2, 5)),
    },
    // Zephyr Labs: services-enabled CAB without instances (the compute empty state).
    {
      id: seedId(5, 6),
      workspaceId: ws.partner.id,
      name: 'Cloud VPS',
      createdAt: new Date(Date.UTC(2025, 4, 6)),
    },
  ]);

  await db.insert(legacyServices).values([
    {
      id: seedId(6, 1),
      workspaceId: ws.legacy.id,
      position: 1,
      title: 'Web hosting Business',
      description: '50 GB SSD, 10 domains, daily backups',
      monthly: '19.90',
      monthlyCurrency: 'EUR',
    },
    {
      id: seedId(6, 2),
      workspaceId: ws.legacy.id,
      position: 2,
      title: 'Mail Pro',
      description: '25 mailboxes',
      monthly: '9.50',
      monthlyCurrency: 'EUR',
    },
    {
      id: seedId(6, 3),
      workspaceId: ws.webshop.id,
      position: 1,
      title: 'Dedicated server L',
      description: '8 cores, 64 GB RAM, 2x1 TB NVMe',
      monthly: '149.00',
      monthlyCurrency: 'USD',
    },
    {
      id: seedId(6, 4),
      workspaceId: ws.totp.id,
      position: 1,
      title: 'Web hosting Basic',
      description: '10 GB SSD, 1 domain',
      monthly: '4.99',
      monthlyCurrency: 'EUR',
    },
  ]);

  await seedBilling(db, ids, demoBilling(demoName, Date.now()));

  await db.insert(paymentMethods).values([
    {
      id: seedId(9, 1),
      workspaceId: ws.cabinet.id,
      methodId: 'pm_demo_visa_4242',
      methodType: 'CARD',
      effectiveFrom: new Date('2024-03-01T00:00:00Z'),
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: 2030,
    },
    {
      id: seedId(9, 2),
      workspaceId: ws.cabinet.id,
      methodId: 'pm_demo_paypal',
      methodType: 'PAYPAL',
      effectiveFrom: new Date('2024-06-01T00:00:00Z'),
      paypalCountry: 'DE',
      paypalPayerId: 'DEMOPAYER42',
      paypalPayerEmail: demoUser.email,
    },
    {
      id: seedId(9, 3),
      workspaceId: ws.webshop.id,
      methodId: 'pm_demo_mastercard_4444',
      methodType: 'CARD',
      effectiveFrom: new Date('2024-01-15T00:00:00Z'),
      cardBrand: 'mastercard',
      cardLast4: '4444',
      cardExpMonth: 6,
      cardExpYear: 2029,
    },
  ]);

  await seedPayments(db, {
    workspaces: { cabinet: ws.cabinet.id, legacy: ws.legacy.id, webshop: ws.webshop.id },
    methods: { cabinetVisa: seedId(9, 1), cabinetPaypal: seedId(9, 2), webshopMastercard: seedId(9, 3) },
    legacyInvoiceId: seedId(7, 3),
    legacyPayer: { id: demoUser.id, name: `${demoUser.firstName} ${demoUser.lastName}`.trim() },
    now: Date.now(),
  });

  const now = Date.now();
  await db.insert(invitations).values([
    {
      id: seedId(11, 1),
      keyHash: hashToken(DEMO_INVITATION_KEY),
      workspaceId: ws.cabinet.id,
      email: NOWS_USER.email,
      role: 'Technical',
      invitedById: demoUser.id,
      expiresAt: new Date(DEMO_INVITATION_EXPIRES_AT),
    },
    {
      id: seedId(11, 3),
      keyHash: hashToken(DEMO_HOSTILE_INVITATION_KEY),
      workspaceId: ws.hostile.id,
      email: NOWS_USER.email,
      role: 'Technical',
      invitedById: otherUser.id,
      expiresAt: new Date(now + 365 * DAY_MS),
    },
    {
      id: seedId(11, 2),
      keyHash: hashToken(DEMO_EXPIRED_INVITATION_KEY),
      workspaceId: ws.legacy.id,
      email: NOWS_USER.email,
      role: 'Billing',
      invitedById: demoUser.id,
      createdAt: new Date(now - 8 * DAY_MS),
      expiresAt: new Date(now - DAY_MS),
    },
  ]);

  await seedComputeDemo(db, { cabinetId: ws.cabinet.id, otherId: ws.other.id, allIds: ids });
  await seedNetworkDemo(db);
  await seedSshKeys(db, demoUser.id);
  await seedProfiles(db, demoUser.id);
  await seedInstanceSshKeys(db);
  await seedStatus(db);
  await seedSupport(db, {
    workspaceIds: ids,
    demo: {
      userId: demoUser.id,
      name: `${demoUser.firstName} ${demoUser.lastName}`,
      cabinetId: ws.cabinet.id,
      legacyId: ws.legacy.id,
      webshopId: ws.webshop.id,
    },
    other: {
      userId: otherUser.id,
      name: `${otherUser.firstName} ${otherUser.lastName}`,
      workspaceId: ws.other.id,
    },
    cabinetInvoiceId: seedId(7, 2),
  });
  await seedWorkspaceAdmin(db, {
    workspaceIds: ids,
    userIds: [demoUser.id, totpUser.id, otherUser.id],
    cabinetId: ws.cabinet.id,
    legacyId: ws.legacy.id,
    webshopId: ws.webshop.id,
  });
}

/**
 * The demo's money (README, "Demo accounts"): both kinds, EUR and USD, paid, open and overdue
 * invoices, money on account, bonus, charges since the last invoice per service, and Other
 * Industries with 1,000 invoices. Open invoices are dated from the seeding day so they stay open.
 */
function demoBilling(demoName: string, now: number): BillingSeed {
  const ws = WORKSPACES;
  const today = new Date(now).toISOString().slice(0, 10);
  const paid = (by: string, on: string, method = 'Card ending 4242') => ({ by, on: new Date(on), method });
  return {
    terms: [
      { workspace: ws.cabinet, vatRate: '19.00', creditLimit: '500.00' },
      { workspace: ws.legacy, vatRate: '19.00' },
      { workspace: ws.webshop, vatRate: '0.00', creditLimit: '1000.00' },
      { workspace: ws.partner, vatRate: '0.00' },
      { workspace: ws.totp, vatRate: '19.00' },
      { workspace: ws.other, vatRate: '19.00' },
      { workspace: ws.hostile, vatRate: '19.00' },
    ],
    invoices: [
      {
        n: 1,
        workspace: ws.cabinet,
        number: 'INV-2026-000101',
        dateInvoiced: '2026-01-01',
        gross: '120.00',
        vatRate: '19.00',
        description: 'Cloud VPS and object storage, December 2025',
        paid: paid(demoName, '2026-01-05T10:12:00Z', 'Bank transfer'),
      },
      {
        n: 2,
        workspace: ws.cabinet,
        number: 'INV-2026-000201',
        dateInvoiced: '2026-02-01',
        gross: '135.40',
        vatRate: '19.00',
        description: 'Cloud VPS and object storage, January 2026',
        paid: paid('Card ending 4242', '2026-02-03T08:00:00Z'),
      },
      {
        n: 4,
        workspace: ws.legacy,
        number: 'INV-2026-000102',
        dateInvoiced: '2026-01-01',
        gross: '29.40',
        vatRate: '19.00',
        legacy: true,
        description: 'Web hosting Business and Mail Pro, December 2025',
        paid: paid(demoName, '2026-01-10T09:30:00Z'),
      },
      // overdue and paid in part: the legacy workspace's debt of 42.50 (and its pending payment)
      {
        n: 3,
        workspace: ws.legacy,
        number: 'INV-2026-000103',
        dateInvoiced: '2026-02-01',
        gross: '47.60',
        vatRate: '19.00',
        legacy: true,
        description: 'Web hosting Business and Mail Pro, January 2026, and a domain transfer',
        paid: { ...paid(demoName, '2026-02-20T11:00:00Z', 'Bank transfer'), amount: '5.10' },
      },
      {
        n: 5,
        workspace: ws.webshop,
        number: 'INV-2026-000104',
        dateInvoiced: '2026-02-01',
        gross: '149.00',
        vatRate: '0.00',
        legacy: true,
        description: 'Dedicated server L, January 2026',
        paid: paid('PayPal', '2026-02-02T12:00:00Z', 'PayPal'),
      },
      // open: due in 10 days from the seeding day
      {
        n: 6,
        workspace: ws.partner,
        number: 'INV-2026-000105',
        dateInvoiced: addDays(today, -4),
        dateDue: addDays(today, 10),
        gross: '15.00',
        vatRate: '0.00',
        description: 'Cloud VPS',
      },
      {
        n: 7,
        workspace: ws.totp,
        number: 'INV-2026-000106',
        dateInvoiced: '2026-02-01',
        gross: '4.99',
        vatRate: '19.00',
        legacy: true,
        description: 'Web hosting Basic, January 2026',
        paid: paid('Totp Customer', '2026-02-02T12:00:00Z', 'Bank transfer'),
      },
      {
        n: 8,
        workspace: ws.other,
        number: 'INV-2026-000107',
        dateInvoiced: '2026-02-01',
        gross: '99.00',
        vatRate: '19.00',
        description: 'Cloud VPS, January 2026',
      },
      ...manyInvoices(ws.other, {
        count: 999,
        lastDate: '2026-01-31',
        firstN: 1000,
        prefix: 'OI',
        payer: 'Other Industries AG',
        vatRate: '19.00',
      }),
    ],
    cash: [
      {
        n: 1,
        workspace: ws.cabinet,
        amount: '250.00',
        by: demoName,
        on: new Date('2026-02-10T08:00:00Z'),
        method: 'Bank transfer',
      },
      {
        n: 2,
        workspace: ws.webshop,
        amount: '1200.00',
        by: 'Bright Commerce Inc',
        on: new Date('2026-02-05T08:00:00Z'),
        method: 'Bank transfer',
      },
      {
        n: 3,
        workspace: ws.totp,
        amount: '10.00',
        by: 'Totp Customer',
        on: new Date('2026-02-05T08:00:00Z'),
        method: 'Bank transfer',
      },
    ],
    bonus: [{ workspace: ws.cabinet, amount: '20.00', description: 'Welcome bonus' }],
    charges: [
      { workspace: ws.cabinet, source: `service:${seedId(5, 1)}`, description: 'Cloud VPS', amount: '30.00' },
      {
        workspace: ws.cabinet,
        source: `service:${seedId(5, 2)}`,
        description: 'Object storage',
        amount: '7.80',
      },
      {
        workspace: ws.legacy,
        source: `legacy:${seedId(6, 1)}`,
        description: 'Web hosting Business',
        amount: '8.60',
      },
      { workspace: ws.legacy, source: `legacy:${seedId(6, 2)}`, description: 'Mail Pro', amount: '3.70' },
      {
        workspace: ws.webshop,
        source: `legacy:${seedId(6, 3)}`,
        description: 'Dedicated server L',
        amount: '74.50',
      },
      { workspace: ws.webshop, source: `service:${seedId(5, 3)}`, description: 'Cloud VPS', amount: '13.65' },
    ],
  };
}
