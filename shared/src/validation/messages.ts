/**
 * The form validation messages of spec section 5, verbatim. They are the spec's own wording and
 * are shown as is (English is the only language the spec defines).
 */
export const VALIDATION_MESSAGES = {
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

/** Minimum password length (spec section 9). */
export const MIN_PASSWORD_LENGTH = 8;
