/** allauth's error codes and messages (account and mfa adapters), plus the spec's own messages. */
export const MESSAGES = {
  required: 'This field is required.',
  invalid_email: 'Enter a valid email address.',
  email_password_mismatch: 'The email address and/or password you specified are not correct.',
  too_many_login_attempts: 'Too many failed login attempts. Try again later.',
  incorrect_code: 'Incorrect code.',
  incorrect_password: 'Incorrect password.',
  account_inactive: 'This account is inactive.',
  enter_current_password: 'Please type your current password.',
  invalid_or_expired_key: 'Invalid or expired key.',
  invalid_password_reset: 'The password reset token was invalid.',
  cannot_generate_recovery_codes:
    'You cannot generate recovery codes without having two-factor authentication enabled.',
  // Spec section 5.
  password_policy:
    'Password must be 8+ characters, must contain at least 1 uppercase, 1 lowercase letter and 1 number',
  invalid_phone: 'Valid mobile phone number required.',
  captcha_failed: 'The bot protection check failed. Please reload the page and try again.',
  malformed_json: 'The request body is not valid JSON.',
  csrf_failed: 'CSRF Failed: CSRF token missing or incorrect.',
} as const;
