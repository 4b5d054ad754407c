import { randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeProcess } from './session.js';

/**
 * allauth 65.16's `generate_user_code` with its default `USER_CODE_FORMAT` (login by code, phone
 * verification): 8 characters of RFC 8628's consonant alphabet (`_ALPHA_ALLOWED_CHARS`: no vowels,
 * no digits, so no words and no look-alikes), shown in two dashed groups of four (`WZRJ-MLSV`).
 */
const ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

export function generateUserCode(length = USER_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  // allauth: two parts up to 8 characters, three above, each ceil(length / parts) long.
  const chunk = Math.ceil(length / (length <= 8 ? 2 : 3));
  const parts: string[] = [];
  for (let i = 0; i < length; i += chunk) parts.push(code.slice(i, i + chunk));
  return parts.join('-');
}

/** Python's `string.punctuation` and `string.whitespace`, which allauth strips from both sides. */
const PUNCTUATION_AND_WHITESPACE = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~ \t\n\r\v\f]/g;
const normalize = (code: string) => code.replace(PUNCTUATION_AND_WHITESPACE, '').toLowerCase();

/**
 * allauth's `compare_user_code`: punctuation (the dashes) and whitespace do not count, nor does
 * case; an empty expected code never matches.
 */
export function codeMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(normalize(expected));
  const b = Buffer.from(normalize(given));
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

export const newCodeProcess = (nowMs: number, timeoutS: number): CodeProcess => ({
  code: generateUserCode(),
  expiresAt: nowMs + timeoutS * 1000,
  attempts: 0,
});
