/** The i18next namespace of the form validation messages. */
export const VALIDATION_NAMESPACE = 'validation';

/**
 * The form validation messages of spec section 5, verbatim: the English texts of the
 * `validation` namespace (i18next), which the shared fields add to the page when first used.
 */
export const validationEn = {
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
} as const;

export type ValidationKey = keyof typeof validationEn;

const PREFIX = `${VALIDATION_NAMESPACE}:`;

/**
 * What a failed check reports: the i18next key (`validation:required`) of its message, translated
 * where it is shown (the shared fields do it), so every language gets its own words.
 */
export const VALIDATION_KEYS = Object.freeze(
  Object.fromEntries(Object.keys(validationEn).map((key) => [key, `${PREFIX}${key}`])),
) as Readonly<Record<ValidationKey, string>>;

/** Whether `message` is one of VALIDATION_KEYS (a server's message is shown as it came). */
export function isValidationKey(message: string): boolean {
  return message.startsWith(PREFIX) && Object.hasOwn(validationEn, message.slice(PREFIX.length));
}

/** Minimum password length (spec section 9). */
export const MIN_PASSWORD_LENGTH = 8;
