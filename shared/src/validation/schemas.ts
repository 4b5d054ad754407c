// zod/mini, not classic zod: the root of `@portal/shared` is on the login page, where classic zod
// (not tree-shakable, 78 kB decoded) would arrive whole (issue 14). Both build on zod's core, so an
// app may compose these builders with classic zod (`z.object({ name: requiredText() })`) and add
// checks with `.check(z.maxLength(64))`, `.check(z.regex(…))` or `.check(z.superRefine(…))`.
import * as z from 'zod/mini';
import { VALIDATION_KEYS as M, MIN_PASSWORD_LENGTH } from './messages';

// Field schemas. A missing value (final-form leaves untouched fields undefined) is 'Required'
// like an empty one; the first failing rule of a field is the one shown.

/** A required text; surrounding white space does not count. */
export const requiredText = () => z.string({ error: M.required }).check(z.trim(), z.minLength(1, M.required));

export const emailField = () => z.pipe(requiredText(), z.email({ error: M.email }));

/** A password the user already has (login, reauthentication): only present and 8+ long. */
export const currentPasswordField = () =>
  z.string({ error: M.required }).check(z.minLength(1, M.required), z.minLength(MIN_PASSWORD_LENGTH, M.min8));

/** True when a new password meets the spec's rule (8+ characters, upper, lower, digit). */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= MIN_PASSWORD_LENGTH && /\p{Lu}/u.test(value) && /\p{Ll}/u.test(value) && /\d/.test(value)
  );
}

/** A new password: one message naming every rule, so the user fixes all at once. */
export const newPasswordField = () =>
  z.string({ error: M.required }).check(z.minLength(1, M.required), z.refine(isStrongPassword, M.password));

/** The repeated new password; its equality is checked by `withPasswordConfirmation`. */
export const confirmationField = () => z.string({ error: M.required }).check(z.minLength(1, M.required));

/** A one-time code (TOTP, recovery code, login or SMS code): the server judges its form. */
export const codeField = () => requiredText();

/** A checkbox that must be ticked. */
export const requiredConsent = () => z.literal(true, { error: M.required });

/** A checkbox that may stay empty. */
export const optionalConsent = () => z.optional(z.boolean());

/** A schema of either flavour of zod (classic or mini) that takes more checks. */
type Checkable<T> = z.core.$ZodType<T> & {
  check(...checks: (z.core.CheckFn<T> | z.core.$ZodCheck<T>)[]): unknown;
};

/**
 * Adds 'Password must match' on `confirmField` when it differs from `passwordField`. Takes a zod/mini
 * or a classic zod object schema and returns the same kind.
 */
export function withPasswordConfirmation<T extends Checkable<Record<string, unknown>>>(
  schema: T,
  passwordField = 'password',
  confirmField = 'passwordConfirm',
): T {
  return schema.check(
    z.refine((values: Record<string, unknown>) => values[passwordField] === values[confirmField], {
      path: [confirmField],
      message: M.passwordMatch,
      // compare even while other fields still have problems
      when: () => true,
    }),
  ) as T;
}
