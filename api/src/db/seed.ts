import { eq } from 'drizzle-orm';
import { hashPassword } from '../identity/passwords.js';
import type { Db } from './client.js';
import { authenticators, type User, users } from './schema.js';

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

export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const DEMO_RECOVERY_CODES = [
  '1a2b3c4d',
  '2b3c4d5e',
  '3c4d5e6f',
  '4d5e6f70',
  '5e6f7081',
  '6f708192',
  '708192a3',
  '8192a3b4',
  '92a3b4c5',
  'a3b4c5d6',
] as const;

export interface DemoSeed {
  demoUser: User;
  totpUser: User;
  unverifiedUser: User;
}

async function upsertUser(
  db: Db,
  values: { email: string; firstName: string; lastName: string; phone: string },
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

  for (const user of [demoUser, totpUser, unverifiedUser]) {
    await db.delete(authenticators).where(eq(authenticators.userId, user.id));
  }
  await db.insert(authenticators).values([
    { userId: totpUser.id, type: 'totp', data: { secret: DEMO_TOTP_SECRET, lastCounter: 0 } },
    { userId: totpUser.id, type: 'recovery_codes', data: { codes: [...DEMO_RECOVERY_CODES], used: [] } },
  ]);
  return { demoUser, totpUser, unverifiedUser };
}
