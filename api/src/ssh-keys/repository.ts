import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { SshKey } from '../graphql/generated/resolvers.js';
import { type SshKeyRow, sshKeys } from './tables.js';

export const toSshKey = (row: SshKeyRow): SshKey => ({
  uid: row.id,
  name: row.name,
  fingerprint: row.fingerprint,
  type: row.type,
  bits: row.bits,
  createdAt: row.createdAt,
});

export function userSshKeys(db: Db, userId: string): Promise<SshKeyRow[]> {
  return db
    .select()
    .from(sshKeys)
    .where(eq(sshKeys.userId, userId))
    .orderBy(desc(sshKeys.createdAt), desc(sshKeys.id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's keys among `uids`, or null when one of them is not the user's (or unknown). */
export async function ownSshKeys(
  db: Db,
  userId: string,
  uids: readonly string[],
): Promise<SshKeyRow[] | null> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return [];
  if (!unique.every((uid) => UUID.test(uid))) return null;
  const rows = await db
    .select()
    .from(sshKeys)
    .where(and(eq(sshKeys.userId, userId), inArray(sshKeys.id, unique)));
  return rows.length === unique.length ? rows : null;
}
