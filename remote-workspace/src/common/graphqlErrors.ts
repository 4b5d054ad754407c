import type { CombinedError } from '@urql/core';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';

/**
 * A refused mutation as final-form submission errors: the api's message on the field it names
 * (`extensions.field`) when the form has it, else as the form's message. The values typed stay.
 */
export function graphqlSubmissionErrors(error: CombinedError, fields: readonly string[]): SubmissionErrors {
  const refusal = error.graphQLErrors[0];
  const field = (refusal?.extensions as { field?: unknown } | undefined)?.field;
  if (refusal && typeof field === 'string' && fields.includes(field)) return { [field]: refusal.message };
  return { [FORM_ERROR]: refusal?.message ?? error.message };
}
