import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/client.js';
import { type Authenticator, authenticators, type User } from '../db/schema.js';
import { codeMatches } from './codes.js';

/** allauth's MFA defaults: 30 s period, 6 digits, no tolerance; 10 recovery codes. */
export const TOTP_PERIOD_S = 30;
export const TOTP_ISSUER = 'Portal';
export const RECOVERY_CODE_COUNT = 10;

export interface TotpData {
  secret: string;
  /** The last time step accepted: a code for it or an earlier one is refused (replay protection). */
  lastCounter: number;
}

export interface RecoveryCodesData {
  codes: string[];
  used: string[];
}

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** The time step a code is valid for at `nowMs`, or null. */
export function totpCounter(secret: string, code: unknown, nowMs: number): number | null {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return null;
  const delta = totpFor(secret, '').validate({ token: code.trim(), timestamp: nowMs, window: 0 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
}

/** Eight lower-case hex characters each. */
export const generateRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => randomBytes(4).toString('hex'));

export async function listAuthenticators(db: Db, userId: string): Promise<Authenticator[]> {
  return db
    .select()
    .from(authenticators)
    .where(eq(authenticators.userId, userId))
    .orderBy(asc(authenticators.id));
}

export async function findAuthenticator(db: Db, userId: string, type: Authenticator['type']) {
  const [row] = await db
    .select()
    .from(authenticators)
    .where(and(eq(authenticators.userId, userId), eq(authenticators.type, type)));
  return row;
}

/**
 * allauth's `is_mfa_enabled` per type, in allauth's type order. Recovery codes alone never make a
 * login ask for a second factor; they count only beside TOTP.
 */
export async function mfaTypes(db: Db, userId: string): Promise<('recovery_codes' | 'totp')[]> {
  const rows = await listAuthenticators(db, userId);
  const types = new Set(rows.map((row) => row.type));
  if (!types.has('totp')) return [];
  return (['recovery_codes', 'totp'] as const).filter((type) => types.has(type));
}

/**
 * Checks a TOTP or recovery code and spends it: a TOTP time step, or a recovery code, is accepted once.
 * Returns the authenticator that accepted it.
 */
export async function useMfaCode(
  db: Db,
  user: User,
  code: unknown,
  nowMs: number,
): Promise<Authenticator | null> {
  for (const authenticator of await listAuthenticators(db, user.id)) {
    if (authenticator.type === 'totp') {
      const data = authenticator.data as TotpData;
      const counter = totpCounter(data.secret, code, nowMs);
      if (counter === null || counter <= data.lastCounter) continue;
      await db
        .update(authenticators)
        .set({ data: { ...data, lastCounter: counter }, lastUsedAt: new Date(nowMs) })
        .where(eq(authenticators.id, authenticator.id));
      return authenticator;
    }
    const data = authenticator.data as RecoveryCodesData;
    const match = data.codes.find(
      (candidate) => !data.used.includes(candidate) && codeMatches(candidate, code),
    );
    if (match === undefined) continue;
    await db
      .update(authenticators)
      .set({ data: { ...data, used: [...data.used, match] }, lastUsedAt: new Date(nowMs) })
      .where(eq(authenticators.id, authenticator.id));
    return authenticator;
  }
  return null;
}

const epoch = (date: Date | null) => (date === null ? null : date.getTime() / 1000);

/** allauth's authenticator payloads; `unused_codes` only where the contract's sensitive variant asks. */
export function serializeAuthenticator(authenticator: Authenticator, withCodes = false) {
  const base = { created_at: epoch(authenticator.createdAt)!, last_used_at: epoch(authenticator.lastUsedAt) };
  if (authenticator.type === 'totp') return { type: 'totp' as const, ...base };
  const data = authenticator.data as RecoveryCodesData;
  const unused = data.codes.filter((code) => !data.used.includes(code));
  return {
    type: 'recovery_codes' as const,
    ...base,
    total_code_count: data.codes.length,
    unused_code_count: unused.length,
    ...(withCodes ? { unused_codes: unused } : {}),
  };
}
