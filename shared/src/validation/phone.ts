import { type PhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/mobile';
import { VALIDATION_KEYS } from './messages';

// The "mobile" metadata of libphonenumber-js knows only mobile number patterns, so one parse tells
// the three cases of the spec apart: not a number at all, a number of impossible length for its
// country, and a number that is possible but not a mobile one. It is also half the size of "max".

/** Accepts the international form with `+` or `00`, and the usual separators. */
function normalize(value: string): string | undefined {
  const trimmed = value.trim();
  if (!/^(\+|00)[\d\s().\-/]+$/.test(trimmed)) return undefined;
  return trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
}

function parse(value: string): PhoneNumber | undefined {
  const normalized = normalize(value);
  if (!normalized) return undefined;
  try {
    return parsePhoneNumberWithError(normalized);
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with a mobile number given with its country code, as the key of the spec's message
 * (VALIDATION_KEYS); undefined
 * when it is a valid mobile number.
 * - 'Not valid phone number.': not a phone number (letters, no country code, unknown country code);
 * - 'Phone number must be valid': a number whose length is impossible for its country;
 * - 'Valid mobile phone number required.': a possible number that is not a valid mobile number.
 */
export function mobilePhoneProblem(value: string): string | undefined {
  const number = parse(value);
  if (!number) return VALIDATION_KEYS.phoneUnparseable;
  if (!number.isPossible()) return VALIDATION_KEYS.phoneInvalid;
  if (!number.isValid()) return VALIDATION_KEYS.phoneNotMobile;
  return undefined;
}

/** The E.164 form (`+4915123456789`) of a valid number; undefined when it does not parse. */
export function toE164(value: string): string | undefined {
  return parse(value)?.number;
}
