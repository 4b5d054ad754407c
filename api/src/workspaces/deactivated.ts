import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { userDeactivations } from './tables.js';

/**
 * Whether the identity service must refuse this user: a deactivated account (Django's
 * `is_active = False`). Apart from the rest of the domain so the identity service imports only this.
 */
export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userDeactivations.userId })
    .from(userDeactivations)
    .where(eq(userDeactivations.userId, userId));
  return row !== undefined;
}
