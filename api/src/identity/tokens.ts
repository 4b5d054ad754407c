import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { identityTokens } from '../db/schema.js';
import { hashToken } from './session.js';

export type TokenPurpose = 'verify_email' | 'reset_password';

/** allauth's defaults: a confirmation link lives 3 days, a reset link 3 days (Django's PASSWORD_RESET_TIMEOUT). */
const LIFETIME_S: Record<TokenPurpose, number> = { verify_email: 3 * 86_400, reset_password: 3 * 86_400 };

/** Issues a key for a mail link; only its hash is stored. */
export async function issueToken(
  db: Db,
  purpose: TokenPurpose,
  user: { id: string; email: string },
  nowMs: number,
): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await db.insert(identityTokens).values({
    purpose,
    tokenHash: hashToken(key),
    userId: user.id,
    email: user.email,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + LIFETIME_S[purpose] * 1000),
  });
  return key;
}

/** The unused, unexpired token for a key, if any. The key must still match the user's current e-mail. */
export async function findToken(db: Db, purpose: TokenPurpose, key: unknown, nowMs: number) {
  if (typeof key !== 'string' || key === '' || key.length > 200) return undefined;
  const [token] = await db
    .select()
    .from(identityTokens)
    .where(
      and(
        eq(identityTokens.tokenHash, hashToken(key)),
        eq(identityTokens.purpose, purpose),
        isNull(identityTokens.usedAt),
        gt(identityTokens.expiresAt, new Date(nowMs)),
      ),
    );
  return token;
}

/** Marks one token used; false if it was used meanwhile (a concurrent request won). */
export async function useToken(db: Db, id: number, nowMs: number): Promise<boolean> {
  const rows = await db
    .update(identityTokens)
    .set({ usedAt: new Date(nowMs) })
    .where(and(eq(identityTokens.id, id), isNull(identityTokens.usedAt)))
    .returning({ id: identityTokens.id });
  return rows.length === 1;
}

/** After a password change or reset, outstanding reset links must stop working. */
export async function revokeTokens(
  db: Db,
  purpose: TokenPurpose,
  userId: string,
  nowMs: number,
): Promise<void> {
  await db
    .update(identityTokens)
    .set({ usedAt: new Date(nowMs) })
    .where(
      and(
        eq(identityTokens.userId, userId),
        eq(identityTokens.purpose, purpose),
        isNull(identityTokens.usedAt),
      ),
    );
}
