import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { createI18n } from '../i18n/i18n';
import {
  codeSchema,
  currentPasswordSchema,
  emailSchema,
  loginSchema,
  newPasswordSchema,
  providerSignupSchema,
} from './forms';
import { isValidationKey, validationEn as M, VALIDATION_KEYS, VALIDATION_NAMESPACE } from './messages';
import { mobilePhoneProblem, toE164 } from './phone';
import { isStrongPassword } from './schemas';
import { signupSchema } from './signup';

// Schemas report message keys; the fields show them through i18next, as here.
const i18n = createI18n();
i18n.addResourceBundle('en', VALIDATION_NAMESPACE, M);
const shown = (message: string | undefined) =>
  message && isValidationKey(message) ? i18n.t(message) : message;

/** The first message per field, as the forms show it. */
function messages(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= shown(issue.message) ?? '';
  return out;
}

const validSignup = {
  email: 'ada@example.com',
  phone: '+49 151 23456789',
  password: 'Secret123',
  passwordConfirm: 'Secret123',
  consent_personal_data: true,
  consent_marketing: false,
};

describe('spec messages (section 5)', () => {
  it('are keys of the validation namespace; only those count as keys', () => {
    expect(VALIDATION_KEYS.required).toBe('validation:required');
    expect(Object.values(VALIDATION_KEYS).every(isValidationKey)).toBe(true);
    // a server's message is no key, even one that looks like it
    expect(isValidationKey('Required')).toBe(false);
    expect(isValidationKey('validation:toString')).toBe(false);
    expect(isValidationKey('Network Error: validation:required')).toBe(false);
  });

  it('are verbatim in English', () => {
    expect(M).toEqual({
      required: 'Required',
      min8: 'Min 8 characters',
      email: 'E-mail must be valid',
      phoneInvalid: 'Phone number must be valid',
      phoneNotMobile: 'Valid mobile phone number required.',
      phoneUnparseable: 'Not valid phone number.',
      password:
        'Password must be 8+ characters, must contain at least 1 uppercase, 1 lowercase letter and 1 number',
      passwordHint: 'Password must contain at least 8 characters',
      passwordMatch: 'Password must match',
    });
  });
});

describe('email', () => {
  it.each([
    [undefined, 'Required'],
    ['', 'Required'],
    ['   ', 'Required'],
    ['ada', 'E-mail must be valid'],
    ['ada@', 'E-mail must be valid'],
    ['ada@example', 'E-mail must be valid'],
    ['ada @example.com', 'E-mail must be valid'],
  ])('%j → %s', (email, message) => {
    expect(messages(emailSchema, { email })).toEqual({ email: message });
  });

  it.each(['ada@example.com', ' ada@example.com ', 'a.b+c@sub.example.co.uk'])('accepts %j', (email) => {
    expect(messages(emailSchema, { email })).toEqual({});
  });

  it('trims the address it hands on', () => {
    expect(emailSchema.parse({ email: ' ada@example.com ' })).toEqual({ email: 'ada@example.com' });
  });
});

describe('current password (login, reauthentication)', () => {
  it.each([
    [undefined, 'Required'],
    ['', 'Required'],
    ['1234567', 'Min 8 characters'],
  ])('%j → %s', (password, message) => {
    expect(messages(currentPasswordSchema, { password })).toEqual({ password: message });
  });

  it('accepts 8 characters of any kind (the rule for new passwords does not apply)', () => {
    expect(messages(currentPasswordSchema, { password: 'abcdefgh' })).toEqual({});
  });
});

describe('new password', () => {
  it.each([
    ['', 'Required'],
    ['Abcdef1', M.password], // 7 characters
    ['abcdefg1', M.password], // no uppercase
    ['ABCDEFG1', M.password], // no lowercase
    ['Abcdefgh', M.password], // no digit
  ])('%j → the spec message', (password, message) => {
    expect(messages(newPasswordSchema, { password, passwordConfirm: password }).password).toBe(message);
  });

  it.each(['Abcdefg1', 'ÄbcdefG1', 'Pass word 1'])('accepts %j (8+, upper, lower, digit)', (password) => {
    expect(isStrongPassword(password)).toBe(true);
    expect(messages(newPasswordSchema, { password, passwordConfirm: password })).toEqual({});
  });

  it("a different confirmation → 'Password must match'", () => {
    expect(messages(newPasswordSchema, { password: 'Abcdefg1', passwordConfirm: 'Abcdefg2' })).toEqual({
      passwordConfirm: 'Password must match',
    });
  });

  it("an empty confirmation → 'Required'", () => {
    expect(messages(newPasswordSchema, { password: 'Abcdefg1', passwordConfirm: '' })).toEqual({
      passwordConfirm: 'Required',
    });
  });

  it('compares even while the password itself is still wrong', () => {
    expect(messages(newPasswordSchema, { password: 'abc', passwordConfirm: 'abd' })).toEqual({
      password: M.password,
      passwordConfirm: 'Password must match',
    });
  });
});

describe('mobile phone', () => {
  it.each([
    ['', 'Required'],
    ['0151 23456789', 'Not valid phone number.'], // no country code
    ['+49 abc', 'Not valid phone number.'],
    ['phone', 'Not valid phone number.'],
    ['+999 123456', 'Not valid phone number.'], // no such country code
    ['+49 151', 'Phone number must be valid'], // too short for Germany
    ['+1 202 555 01234567', 'Phone number must be valid'], // too long
    ['+49 30 12345678', 'Valid mobile phone number required.'], // Berlin landline
    ['+44 20 7946 0958', 'Valid mobile phone number required.'], // London landline
  ])('%j → %s', (phone, message) => {
    expect(messages(signupSchema, { ...validSignup, phone })).toEqual({ phone: message });
    if (phone) expect(shown(mobilePhoneProblem(phone))).toBe(message);
  });

  it.each([
    ['+49 151 23456789', '+4915123456789'],
    ['0049 151 23456789', '+4915123456789'],
    ['+44 7911 123456', '+447911123456'],
    ['+1 (202) 555-0123', '+12025550123'], // US numbers can be mobile or landline
  ])('accepts %j as %s', (phone, e164) => {
    expect(mobilePhoneProblem(phone)).toBeUndefined();
    expect(toE164(phone)).toBe(e164);
  });
});

describe('sign-up', () => {
  it('accepts a complete form', () => {
    expect(messages(signupSchema, validSignup)).toEqual({});
    expect(messages(signupSchema, { ...validSignup, consent_marketing: undefined })).toEqual({});
  });

  it('requires the consent to personal data processing, not the marketing one', () => {
    expect(messages(signupSchema, { ...validSignup, consent_personal_data: false })).toEqual({
      consent_personal_data: 'Required',
    });
    expect(messages(signupSchema, { ...validSignup, consent_personal_data: undefined })).toEqual({
      consent_personal_data: 'Required',
    });
  });

  it('reports every field of an empty form', () => {
    expect(messages(signupSchema, {})).toEqual({
      email: 'Required',
      phone: 'Required',
      password: 'Required',
      passwordConfirm: 'Required',
      consent_personal_data: 'Required',
    });
  });
});

describe('other forms', () => {
  it('login needs a valid e-mail and a password', () => {
    expect(messages(loginSchema, {})).toEqual({ email: 'Required', password: 'Required' });
    expect(messages(loginSchema, { email: 'ada@example.com', password: 'whatever1' })).toEqual({});
  });

  it('a code is required, its form is the server’s business', () => {
    expect(messages(codeSchema, { code: ' ' })).toEqual({ code: 'Required' });
    expect(messages(codeSchema, { code: 'ABCD-1234' })).toEqual({});
  });

  it('provider sign-up needs the e-mail and the consent', () => {
    expect(messages(providerSignupSchema, { email: 'x' })).toEqual({
      email: 'E-mail must be valid',
      consent_personal_data: 'Required',
    });
  });
});
