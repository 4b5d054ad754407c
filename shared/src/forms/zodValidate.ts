import { FORM_ERROR, getIn, setIn, type ValidationErrors } from 'final-form';
import type { z } from 'zod';

/**
 * A final-form `validate` from a zod schema: the first message of each field, keyed by its path
 * (`a.b` for nested values); a message about the whole form goes under FORM_ERROR.
 */
export function zodValidate(schema: z.ZodType): (values: object) => ValidationErrors {
  return (values) => {
    const result = schema.safeParse(values ?? {});
    if (result.success) return undefined;
    let errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.map(String).join('.') : FORM_ERROR;
      if (getIn(errors, key) === undefined)
        errors = setIn(errors, key, issue.message) as Record<string, unknown>;
    }
    return errors;
  };
}
