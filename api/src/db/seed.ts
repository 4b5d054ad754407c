import type { Db } from './client.js';
import { type User, users } from './schema.js';

export const DEMO_USER = {
  email: 'demo@example.com',
  firstName: 'Demo',
  lastName: 'Customer',
} as const;

/**
 * Creates or restores the demo data. Idempotent: rows are upserted by their natural keys, so running
 * it on every start resets the demo customer to its known state without duplicating anything.
 */
export async function seedDemo(db: Db): Promise<{ demoUser: User }> {
  const [demoUser] = await db
    .insert(users)
    .values(DEMO_USER)
    .onConflictDoUpdate({
      target: users.email,
      set: { firstName: DEMO_USER.firstName, lastName: DEMO_USER.lastName },
    })
    .returning();
  return { demoUser: demoUser! };
}
