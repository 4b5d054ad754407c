import { type PhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/mobile';

/**
 * The spec's phone messages (section 5), as the portal's forms show them, so the api's refusal and
 * the form's check read the same:
 * - 'Not valid phone number.': not a phone number (letters, no country code, unknown country code);
 * - 'Phone number must be valid': a length impossible for its country;
 * - 'Valid mobile phone number required.': a possible number that is not a mobile one.
 */
export const PHONE_MESSAGES = {
  unparseable: 'Not valid phone number.',
  invalid: 'Phone number must be valid',
  notMobile: 'Valid mobile phone number required.',
} as const;

export const REQUIRED = 'Required';
export const EMAIL_INVALID = 'E-mail must be valid';

function parse(value: string): PhoneNumber | undefined {
  const trimmed = value.trim();
  if (!/^(\+|00)[\d\s().\-/]+$/.test(trimmed)) return undefined;
  try {
    return parsePhoneNumberWithError(trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed);
  } catch {
    return undefined;
  }
}

/** A mobile number with its country code: its E.164 form, or the spec's message of what is wrong. */
export function checkMobile(value: string): { e164: string } | { problem: string } {
  const number = parse(value);
  if (!number) return { problem: PHONE_MESSAGES.unparseable };
  if (!number.isPossible()) return { problem: PHONE_MESSAGES.invalid };
  if (!number.isValid()) return { problem: PHONE_MESSAGES.notMobile };
  return { e164: number.number };
}

/** The same rule as the forms' e-mail field (zod's): a plain address, no display name. */
export const isEmail = (value: string) =>
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/.test(
    value,
  );

/** ISO 4217 codes this runtime knows (Intl), for the currency of a workspace. */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
export const isCurrencyCode = (value: string) => CURRENCIES.has(value);
