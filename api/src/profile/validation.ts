import { parsePhoneNumberWithError } from 'libphonenumber-js/max';
import { DATE_FORMATS, TIME_FORMATS } from '../db/schema.js';

/** The refusals of the profile mutations: the spec's messages (section 5) where it has one. */
export const PROFILE_MESSAGES = {
  required: 'Required',
  phoneUnparseable: 'Not valid phone number.',
  phoneInvalid: 'Phone number must be valid',
  phoneNotMobile: 'Valid mobile phone number required.',
  nameTooLong: (label: string) => `${label} can have at most ${NAME_MAX} characters.`,
  unknownTimeZone: (zone: string) => `Unknown time zone "${zone}". Choose one from the list.`,
  dateFormat: `Choose a date format: ${DATE_FORMATS.join(', ')}.`,
  timeFormat: 'Choose a time format: 24h or 12h.',
} as const;

/** Django's `first_name` / `last_name` limit. */
export const NAME_MAX = 150;

/** A refusal of one input field (the GraphQL error names it in `extensions.field`). */
export class ProfileRefusal extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/**
 * A mobile number given with its country code (`+49 151 23456789`, `0049…`), in E.164; or the
 * spec's message for what is wrong with it:
 * - 'Not valid phone number.': not a phone number (letters, no country code, an unknown one);
 * - 'Phone number must be valid': a length that is impossible for its country;
 * - 'Valid mobile phone number required.': a possible number that is not a valid mobile one
 *   (a landline, an unassigned range). Numbers whose type the plan cannot tell apart
 *   (FIXED_LINE_OR_MOBILE, as in the US) pass, as at sign-up.
 */
export function parseMobilePhone(value: string): { phone: string } | { problem: string } {
  const trimmed = value.trim();
  if (!/^(\+|00)[\d\s().\-/]+$/.test(trimmed)) return { problem: PROFILE_MESSAGES.phoneUnparseable };
  let number: ReturnType<typeof parsePhoneNumberWithError>;
  try {
    number = parsePhoneNumberWithError(trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed);
  } catch {
    return { problem: PROFILE_MESSAGES.phoneUnparseable };
  }
  if (!number.isPossible()) return { problem: PROFILE_MESSAGES.phoneInvalid };
  const type = number.isValid() ? number.getType() : undefined;
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE')
    return { problem: PROFILE_MESSAGES.phoneNotMobile };
  return { phone: number.number };
}

let zones: ReadonlySet<string> | undefined;
/** The IANA zones the Preferences tab offers (the runtime's list, plus `UTC`). */
export function timeZones(): ReadonlySet<string> {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return zones;
}

/**
 * Whether `zone` is an IANA zone: one of the runtime's canonical list, or an alias of one that the
 * runtime knows (`Asia/Kolkata` where ICU lists `Asia/Calcutta`, or the other way round), never an
 * offset (`+02:00`) or an abbreviation (`CEST`).
 */
export function isTimeZone(zone: string): boolean {
  if (timeZones().has(zone)) return true;
  if (!/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phone: string;
  isBusiness: boolean;
}

function name(value: string, field: string, label: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new ProfileRefusal(PROFILE_MESSAGES.required, field);
  if (trimmed.length > NAME_MAX) throw new ProfileRefusal(PROFILE_MESSAGES.nameTooLong(label), field);
  return trimmed;
}

/** The profile fields to store, or a ProfileRefusal naming the first bad field. */
export function validProfile(input: ProfileInput): ProfileInput {
  const firstName = name(input.firstName, 'firstName', 'First name');
  const lastName = name(input.lastName, 'lastName', 'Last name');
  if (!input.phone.trim()) throw new ProfileRefusal(PROFILE_MESSAGES.required, 'phone');
  const phone = parseMobilePhone(input.phone);
  if ('problem' in phone) throw new ProfileRefusal(phone.problem, 'phone');
  return { firstName, lastName, phone: phone.phone, isBusiness: input.isBusiness };
}

export interface PreferencesInput {
  timezone: string;
  dateFormat: (typeof DATE_FORMATS)[number];
  timeFormat: (typeof TIME_FORMATS)[number];
}

/** The preferences to store, or a ProfileRefusal naming the first bad field. */
export function validPreferences(input: {
  timezone: string;
  dateFormat: string;
  timeFormat: string;
}): PreferencesInput {
  if (!isTimeZone(input.timezone))
    throw new ProfileRefusal(PROFILE_MESSAGES.unknownTimeZone(input.timezone), 'timezone');
  const dateFormat = DATE_FORMATS.find((f) => f === input.dateFormat);
  if (!dateFormat) throw new ProfileRefusal(PROFILE_MESSAGES.dateFormat, 'dateFormat');
  const timeFormat = TIME_FORMATS.find((f) => f === input.timeFormat);
  if (!timeFormat) throw new ProfileRefusal(PROFILE_MESSAGES.timeFormat, 'timeFormat');
  return { timezone: input.timezone, dateFormat, timeFormat };
}
