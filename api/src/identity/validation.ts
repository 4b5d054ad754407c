import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { type ApiError, fieldError } from './envelope.js';
import { MESSAGES } from './messages.js';
import { meetsPasswordPolicy } from './passwords.js';

export type Body = Record<string, unknown>;

/** A JSON body as an object; anything else (an array, a string) counts as no fields at all. */
export const asBody = (body: unknown): Body =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};

/** Django form semantics: a missing, null or blank value is "required". */
export function requiredString(body: Body, param: string, errors: ApiError[]): string | undefined {
  const value = body[param];
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (value === undefined || value === null || value === '' || typeof value === 'string') {
    errors.push(fieldError(param, 'required', MESSAGES.required));
  } else {
    errors.push(fieldError(param, 'invalid', 'Enter a valid value.'));
  }
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requiredEmail(body: Body, param: string, errors: ApiError[]): string | undefined {
  const value = requiredString(body, param, errors);
  if (value === undefined) return undefined;
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) {
    errors.push(fieldError(param, 'invalid', MESSAGES.invalid_email));
    return undefined;
  }
  return email;
}

export function newPassword(body: Body, param: string, errors: ApiError[]): string | undefined {
  const value = requiredString(body, param, errors);
  if (value === undefined) return undefined;
  if (!meetsPasswordPolicy(value)) {
    errors.push(fieldError(param, 'password_policy', MESSAGES.password_policy));
    return undefined;
  }
  return value;
}

/**
 * A mobile number in international form (E.164, or with a `+` country code and spaces). Fixed lines
 * are refused: the number must receive the SMS registration code. Returns E.164.
 */
export function mobilePhone(body: Body, param: string, errors: ApiError[]): string | undefined {
  const value = requiredString(body, param, errors);
  if (value === undefined) return undefined;
  const phone = parsePhoneNumberFromString(value.trim());
  const type = phone?.isValid() ? phone.getType() : undefined;
  if (!phone || (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE')) {
    errors.push(fieldError(param, 'invalid', MESSAGES.invalid_phone));
    return undefined;
  }
  return phone.number;
}

/** A checkbox: true, or (for a required one) the `required` error. */
export function checkbox(body: Body, param: string, required: boolean, errors: ApiError[]): boolean {
  const value = body[param];
  if (value === true) return true;
  if (value === undefined || value === null || value === false) {
    if (required) errors.push(fieldError(param, 'required', MESSAGES.required));
    return false;
  }
  errors.push(fieldError(param, 'invalid', 'Enter true or false.'));
  return false;
}

export function optionalString(body: Body, param: string, max: number, errors: ApiError[]): string {
  const value = body[param];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > max) {
    errors.push(fieldError(param, 'invalid', `Enter text of at most ${max} characters.`));
    return '';
  }
  return value.trim();
}
