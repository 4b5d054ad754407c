import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { fieldErrors } from '../identity/api';
import type { AuthResponseBody } from '../identity/types';

/**
 * The errors of an identity answer as final-form submission errors: each error on its field when
 * the form has a field of that name (allauth's `param`), every other one (no param, or a param the
 * form does not show, such as `recaptcha_token`) as the form's message. `fallback` is the form's
 * message when the answer failed without saying why.
 */
export function submissionErrors(
  response: AuthResponseBody,
  fields: readonly string[],
  fallback?: string,
): SubmissionErrors {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrors(response))) {
    if (fields.includes(key)) result[key] = message;
    else result[FORM_ERROR] ??= message;
  }
  if (Object.keys(result).length === 0 && fallback) result[FORM_ERROR] = fallback;
  return result;
}
