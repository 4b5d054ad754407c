import * as z from 'zod/mini';
import {
  codeField,
  confirmationField,
  currentPasswordField,
  emailField,
  newPasswordField,
  optionalConsent,
  requiredConsent,
  withPasswordConfirmation,
} from './schemas';

// The schemas of the identity forms, shared so every app validates the same way.

export const loginSchema = z.object({ email: emailField(), password: currentPasswordField() });

export const emailSchema = z.object({ email: emailField() });

export const codeSchema = z.object({ code: codeField() });

export const currentPasswordSchema = z.object({ password: currentPasswordField() });

export const newPasswordSchema = withPasswordConfirmation(
  z.object({
    password: newPasswordField(),
    passwordConfirm: confirmationField(),
  }),
);

export const providerSignupSchema = z.object({
  email: emailField(),
  consent_personal_data: requiredConsent(),
  consent_marketing: optionalConsent(),
});

/** What a form holds while the user types: every field may be missing, a consent may be false. */
export type FormValuesOf<S extends z.core.$ZodType> = {
  [K in keyof z.input<S>]?: z.input<S>[K] extends boolean | undefined ? boolean : z.input<S>[K];
};

export type LoginValues = FormValuesOf<typeof loginSchema>;
export type EmailValues = FormValuesOf<typeof emailSchema>;
export type CodeValues = FormValuesOf<typeof codeSchema>;
export type CurrentPasswordValues = FormValuesOf<typeof currentPasswordSchema>;
export type NewPasswordValues = FormValuesOf<typeof newPasswordSchema>;
export type ProviderSignupValues = FormValuesOf<typeof providerSignupSchema>;
