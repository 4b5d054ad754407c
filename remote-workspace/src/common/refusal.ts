import type { CombinedError } from '@urql/core';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';

/**
 * A refused mutation as final-form submission errors: on the field the api names
 * (`extensions.field`) when the form has it, else as the form's message. What was typed stays.
 */
export function refusal(error: CombinedError, fields: readonly string[]): SubmissionErrors {
  const first = error.graphQLErrors[0];
  if (!first) return { [FORM_ERROR]: error.message };
  const field = (first.extensions as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' && fields.includes(field)
    ? { [field]: first.message }
    : { [FORM_ERROR]: first.message };
}
