import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helpers.js';
import type { Database } from './client.js';
import { users } from './schema.js';
import { seedDemo } from './seed.js';

describe('seedDemo', () => {
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
});
