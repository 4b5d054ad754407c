import { type Algorithm, hash, verify } from '@node-rs/argon2';

// The library's `Algorithm` is an ambient const enum, which this build cannot read at run time.
const ARGON2ID = 2 as Algorithm.Argon2id;

/** Argon2id with the library's defaults (19 MiB, 2 passes: OWASP's baseline). */
export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password; without a stored hash it still runs one verification against a dummy hash, so an
 * unknown e-mail costs the same time as a wrong password (no account enumeration by timing).
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not the password of anyone');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** Spec section 5: 8+ characters with an upper-case letter, a lower-case letter and a digit. */
export function meetsPasswordPolicy(password: string): boolean {
  return password.length >= 8 && /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password);
}
