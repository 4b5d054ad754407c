import { randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeProcess } from './session.js';

/** allauth's `generate_user_code`: upper-case letters and digits without look-alikes (0/O, 1/I, 8/B, …). */
const ALPHABET = 'CDFGHJKLMNPQRSTVWXY345679';

export function generateUserCode(length = 6): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Users type codes loosely: case, spaces and dashes do not matter. */
const normalize = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export function codeMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(normalize(expected));
  const b = Buffer.from(normalize(given));
  return a.length === b.length && timingSafeEqual(a, b);
}

export const newCodeProcess = (nowMs: number, timeoutS: number): CodeProcess => ({
  code: generateUserCode(),
  expiresAt: nowMs + timeoutS * 1000,
  attempts: 0,
});
