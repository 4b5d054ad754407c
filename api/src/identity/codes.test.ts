import { describe, expect, it } from 'vitest';
import { codeMatches, generateUserCode } from './codes.js';
import { generateRecoveryCodes, RECOVERY_CODE_COUNT } from './mfa.js';

// allauth 65.16: allauth/core/internal/cryptokit.py (`generate_user_code`, `compare_user_code`) and
// allauth/mfa/recovery_codes/internal/auth.py with MFA_RECOVERY_CODE_DIGITS = 8.
describe('user codes (login by code, phone verification)', () => {
  it('are 8 consonants of RFC 8628 in two dashed groups of four, like WZRJ-MLSV', () => {
    const codes = Array.from({ length: 500 }, () => generateUserCode());
    for (const code of codes) expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    // every letter of the alphabet shows up, and nothing else
    expect(new Set(codes.join('').replace(/-/g, ''))).toEqual(new Set('BCDFGHJKLMNPQRSTVWXZ'));
  });

  it('group like allauth for other lengths: two parts up to 8, three above', () => {
    expect(generateUserCode(6)).toMatch(/^[A-Z]{3}-[A-Z]{3}$/);
    expect(generateUserCode(9)).toMatch(/^[A-Z]{3}-[A-Z]{3}-[A-Z]{3}$/);
    expect(generateUserCode(10)).toMatch(/^[A-Z]{4}-[A-Z]{4}-[A-Z]{2}$/);
  });

  it('compare without punctuation, whitespace or case', () => {
    for (const typed of [
      'WZRJ-MLSV',
      'WZRJMLSV',
      'wzrj-mlsv',
      ' wzrj mlsv ',
      'W.Z.R.J_M/L:S(V)',
      'WzRj\tMlSv',
    ]) {
      expect(codeMatches('WZRJ-MLSV', typed)).toBe(true);
    }
    for (const typed of ['WZRJ-MLSW', 'WZRJ-MLS', 'WZRJ-MLSVV', '', '----', 12345678, null]) {
      expect(codeMatches('WZRJ-MLSV', typed)).toBe(false);
    }
    // an empty expected code never matches, not even an empty input
    expect(codeMatches('', '')).toBe(false);
    expect(codeMatches('-', '')).toBe(false);
  });
});

describe('recovery codes', () => {
  it('are 10 codes of 8 decimal digits, zero-padded', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^\d{8}$/);
  });
});
