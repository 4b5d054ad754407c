import type { Db } from '../db/client.js';
import { type User, users } from '../db/schema.js';
import type { ApiError } from './envelope.js';
import { checkbox, mobilePhone, newPassword, optionalString, requiredEmail } from './validation.js';

/** This portal's custom signup form (allauth's SIGNUP_FORM_CLASS), for password and provider sign-up. */
export interface SignupForm {
  email: string;
  /** E.164, or '' when the form has none. */
  phone: string;
  consentPersonalData: boolean;
  consentMarketing: boolean;
  referral: string;
}

/**
 * Reads and validates the signup form. A password sign-up sends a password and a required mobile
 * number; a provider sign-up has no password and an optional number (allauth's social sign-up uses
 * the same form class, minus the password). Errors come in the order of the form's fields.
 */
export function readSignupForm(
  body: Record<string, unknown>,
  options: { password: boolean; phoneRequired: boolean },
): { errors: ApiError[]; form?: SignupForm; password?: string } {
  const errors: ApiError[] = [];
  const email = requiredEmail(body, 'email', errors);
  const password = options.password ? newPassword(body, 'password', errors) : undefined;
  const phoneGiven = body.phone !== undefined && body.phone !== null && body.phone !== '';
  const phone = options.phoneRequired || phoneGiven ? mobilePhone(body, 'phone', errors) : '';
  const consentPersonalData = checkbox(body, 'consent_personal_data', true, errors);
  const consentMarketing = checkbox(body, 'consent_marketing', false, errors);
  const referral = optionalString(body, 'referral', 100, errors);
  if (errors.length > 0 || email === undefined || phone === undefined) return { errors };
  return {
    errors,
    form: { email, phone, consentPersonalData, consentMarketing, referral },
    ...(password === undefined ? {} : { password }),
  };
}

/**
 * Creates the account of a sign-up, with the consents' time. undefined when the e-mail is taken:
 * the caller then shows what a fresh sign-up shows (no account enumeration).
 */
export async function createUser(
  db: Db,
  form: SignupForm,
  account: {
    passwordHash: string | null;
    emailVerified: boolean;
    now: Date;
    /** From a provider's `given_name` / `family_name`. */
    firstName?: string;
    lastName?: string;
  },
): Promise<User | undefined> {
  const [user] = await db
    .insert(users)
    .values({
      email: form.email,
      phone: form.phone,
      firstName: account.firstName ?? '',
      lastName: account.lastName ?? '',
      passwordHash: account.passwordHash,
      emailVerified: account.emailVerified,
      consentPersonalDataAt: form.consentPersonalData ? account.now : null,
      consentMarketingAt: form.consentMarketing ? account.now : null,
      referral: form.referral,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user;
}
