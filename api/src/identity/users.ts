import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { type User, users } from '../db/schema.js';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const byId = prepared(db, 'user_by_id', (d) =>
    d
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('user_by_id'),
  );
  const [user] = await byId.execute({ id });
  return user;
}

/**
 * allauth's user payload. `id` is the integer `auth_id` (the contract types it as an integer); the
 * e-mail is also the username; `display` is the name, or the e-mail when there is none.
 */
export function serializeUser(user: User) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return {
    id: user.authId,
    display: name || user.email,
    email: user.email,
    username: user.email,
    has_usable_password: user.passwordHash !== null,
  };
}
