import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helpers.js';
import type { Database } from './client.js';
import { invitations, users, workspaceEmployees, workspaces } from './schema.js';
import {
  DEMO_CONTRACTS,
  HOSTILE_CONTRACT_UID,
  NOWS_USER,
  OTHER_CONTRACT_UID,
  seedDemo,
  TOTP_CONTRACT_UID,
} from './seed.js';

// each test runs a full seed or two (1,000 invoices, 5,000 support messages): a margin for a busy machine
describe('seedDemo', { timeout: 180_000 }, () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('creates the demo customer', async () => {
    const { demoUser } = await seedDemo(database.db);
    expect(demoUser).toMatchObject({ email: 'demo@example.com', firstName: 'Demo', lastName: 'Customer' });
    const rows = await database.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    expect(rows).toEqual([demoUser]);
  });

  it('is idempotent: a second run restores the demo customer without duplicating it', async () => {
    const before = await database.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    await database.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.email, 'demo@example.com'));

    const { demoUser } = await seedDemo(database.db);

    const after = await database.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    expect(after).toHaveLength(1);
    expect(after[0]).toEqual(demoUser);
    expect(demoUser.id).toBe(before[0]?.id);
    expect(demoUser.firstName).toBe('Demo');
  });

  it('seeds workspaces of both kinds and currencies, and restores them on every run', async () => {
    const { nowsUser } = await seedDemo(database.db);
    const count = async () => ({
      workspaces: (await database.db.select().from(workspaces)).length,
      employees: (await database.db.select().from(workspaceEmployees)).length,
    });
    const before = await count();
    expect(before.workspaces).toBe(7);
    const rows = await database.db.select().from(workspaces);
    expect(new Set(rows.map((w) => w.kind))).toEqual(new Set(['STD', 'CAB']));
    expect(new Set(rows.map((w) => w.currency))).toEqual(new Set(['EUR', 'USD']));
    expect(rows.map((w) => w.contractUid).sort()).toEqual(
      [...Object.values(DEMO_CONTRACTS), TOTP_CONTRACT_UID, OTHER_CONTRACT_UID, HOSTILE_CONTRACT_UID].sort(),
    );

    // What a demo session changes (an accepted invitation, a new colleague) is undone by the next run.
    const [cabinet] = rows.filter((w) => w.contractUid === DEMO_CONTRACTS.cabinet);
    await database.db.insert(workspaceEmployees).values({
      workspaceId: cabinet!.id,
      userId: nowsUser.id,
      email: NOWS_USER.email,
      role: 'Technical',
    });
    await database.db.update(invitations).set({ acceptedAt: new Date(), acceptedById: nowsUser.id });

    await seedDemo(database.db);
    expect(await count()).toEqual(before);
    const open = await database.db.select().from(invitations).where(eq(invitations.email, NOWS_USER.email));
    expect(open.map((i) => i.acceptedAt)).toEqual([null, null, null]);
  });
});
