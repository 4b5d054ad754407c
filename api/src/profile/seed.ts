import type { Db } from '../db/client.js';
import { userProfiles } from './tables.js';

/** The demo user's account type: Business (their workspaces are a company's). Idempotent. */
export async function seedProfiles(db: Db, demoUserId: string): Promise<void> {
  await db
    .insert(userProfiles)
    .values({ userId: demoUserId, isBusiness: true })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { isBusiness: true } });
}
