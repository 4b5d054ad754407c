import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/client.js';
import { type Authenticator, authenticators, type User } from '../db/schema.js';

/** allauth's MFA defaults: 30 s period, 6 digits, no tolerance; 10 recovery codes. */
export const TOTP_PERIOD_S = 30;
export const TOTP_ISSUER = 'Portal';
export const RECOVERY_CODE_COUNT = 10;

export interface TotpData {
  secret: string;
  /**
   * allauth's replay protection (`TOTP._mark_code_used`): a code that logged in or reauthenticated
   * is refused for TOTP_PERIOD seconds after that use, keyed by the code itself (allauth keeps
   * `allauth.mfa.totp.used?user=…&code=…` in its cache for that long). Here: code → epoch ms until
   * which it is spent, in the row, so every api process sees it. Activation records nothing.
   */
  used?: Record<string, number>;
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

/**
 * allauth's `validate_totp_code`: the code of the current time step (no tolerance), compared as typed
 * once Django's form field has stripped the surrounding whitespace.
 */
export function totpCodeValid(secret: string, code: unknown, nowMs: number): boolean {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return false;
  return totpFor(secret, '').validate({ token: code.trim(), timestamp: nowMs, window: 0 }) !== null;
}

/**
 * allauth's recovery codes: `RECOVERY_CODE_COUNT` (10) codes of `RECOVERY_CODE_DIGITS` (8) decimal
 * digits, zero-padded. allauth derives them from a seed with HMAC-SHA1; these are drawn at random
 * and stored (allauth's `migrated_codes` shape), which looks the same to the user.
 */
export const RECOVERY_CODE_DIGITS = 8;
export const generateRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    String(randomInt(10 ** RECOVERY_CODE_DIGITS)).padStart(RECOVERY_CODE_DIGITS, '0'),
  );

/** `secrets.compare_digest` of the stripped input with a stored code: exact, no case or dash folding. */
function sameCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

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
 * allauth's `BaseAuthenticateForm.clean_code` for 2FA login and reauthentication: tries each
 * authenticator and spends the code that one accepts (a TOTP code for the next TOTP_PERIOD seconds,
 * a recovery code for good). Each update only applies to the row as it was read, so two requests
 * racing with one code cannot both pass. Returns the authenticator that accepted it.
 */
export async function useMfaCode(
  db: Db,
  user: User,
  code: unknown,
  nowMs: number,
): Promise<Authenticator | null> {
  if (typeof code !== 'string') return null;
  const given = code.trim();
  for (const authenticator of await listAuthenticators(db, user.id)) {
    if (authenticator.type === 'totp') {
      const data = authenticator.data as TotpData & { lastCounter?: number };
      const used = Object.fromEntries(Object.entries(data.used ?? {}).filter(([, until]) => until > nowMs));
      if (used[given] !== undefined || !totpCodeValid(data.secret, given, nowMs)) continue;
      const next: TotpData = {
        secret: data.secret,
        used: { ...used, [given]: nowMs + TOTP_PERIOD_S * 1000 },
      };
      if (await spend(db, authenticator, next, nowMs)) return authenticator;
      continue;
    }
    const data = authenticator.data as RecoveryCodesData;
    const match = data.codes.find(
      (candidate) => !data.used.includes(candidate) && sameCode(candidate, given),
    );
    if (match === undefined) continue;
    if (await spend(db, authenticator, { ...data, used: [...data.used, match] }, nowMs)) return authenticator;
  }
  return null;
}

async function spend(db: Db, authenticator: Authenticator, data: unknown, nowMs: number): Promise<boolean> {
  const updated = await db
    .update(authenticators)
    .set({ data, lastUsedAt: new Date(nowMs) })
    .where(
      and(
        eq(authenticators.id, authenticator.id),
        sql`${authenticators.data} = ${JSON.stringify(authenticator.data)}::jsonb`,
      ),
    )
    .returning({ id: authenticators.id });
  return updated.length === 1;
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
