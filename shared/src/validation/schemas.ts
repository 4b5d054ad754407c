import { z } from 'zod';
import { VALIDATION_KEYS as M, MIN_PASSWORD_LENGTH } from './messages';

// Field schemas. A missing value (final-form leaves untouched fields undefined) is 'Required'
// like an empty one; the first failing rule of a field is the one shown.

/** A required text; surrounding white space does not count. */
export const requiredText = () => z.string({ error: M.required }).trim().min(1, M.required);

export const emailField = () => requiredText().pipe(z.email({ error: M.email }));

/** A password the user already has (login, reauthentication): only present and 8+ long. */
export const currentPasswordField = () =>
  z.string({ error: M.required }).min(1, M.required).min(MIN_PASSWORD_LENGTH, M.min8);

/** True when a new password meets the spec's rule (8+ characters, upper, lower, digit). */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= MIN_PASSWORD_LENGTH && /\p{Lu}/u.test(value) && /\p{Ll}/u.test(value) && /\d/.test(value)
  );
}

/** A new password: one message naming every rule, so the user fixes all at once. */
export const newPasswordField = () =>
  z.string({ error: M.required }).min(1, M.required).refine(isStrongPassword, M.password);

/** The repeated new password; its equality is checked by `withPasswordConfirmation`. */
export const confirmationField = () => z.string({ error: M.required }).min(1, M.required);

/** A one-time code (TOTP, recovery code, login or SMS code): the server judges its form. */
export const codeField = () => requiredText();

/** A checkbox that must be ticked. */
export const requiredConsent = () => z.literal(true, { error: M.required });

/** A checkbox that may stay empty. */
export const optionalConsent = () => z.boolean().optional();

/** Adds 'Password must match' on `confirmField` when it differs from `passwordField`. */
export function withPasswordConfirmation<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  passwordField = 'password',
  confirmField = 'passwordConfirm',
) {
  return schema.refine((values) => values[passwordField] === values[confirmField], {
    path: [confirmField],
    message: M.passwordMatch,
    // compare even while other fields still have problems
    when: () => true,
  });
}
