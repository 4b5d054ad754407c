// `@portal/shared/phone`: what checks a mobile phone number, with libphonenumber-js and its
// metadata (about 130 kB decoded). Not part of the root, so the pages without a phone field (the
// login form, issue 14) do not download it; a page that has one imports it from here. Stateless,
// so it is bundled into each app that uses it rather than shared.
import * as z from 'zod/mini';
import type { FormValuesOf } from './forms';
import { mobilePhoneProblem } from './phone';
import {
  confirmationField,
  emailField,
  newPasswordField,
  optionalConsent,
  requiredConsent,
  requiredText,
  withPasswordConfirmation,
} from './schemas';

export { mobilePhoneProblem, toE164 } from './phone';

export const mobilePhoneField = () =>
  requiredText().check((ctx) => {
    const problem = ctx.value ? mobilePhoneProblem(ctx.value) : undefined;
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

export const signupSchema = withPasswordConfirmation(
  z.object({
    email: emailField(),
    phone: mobilePhoneField(),
    password: newPasswordField(),
    passwordConfirm: confirmationField(),
    consent_personal_data: requiredConsent(),
    consent_marketing: optionalConsent(),
  }),
);

export type SignupValues = FormValuesOf<typeof signupSchema>;
