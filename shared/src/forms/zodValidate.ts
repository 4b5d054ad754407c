import { FORM_ERROR, getIn, setIn, type ValidationErrors } from 'final-form';
import type * as z from 'zod/mini';

/**
 * A zod schema of either flavour (classic `zod` or `zod/mini`). Its own `safeParse` is called, so
 * the issues are finalised by the zod it was made with (its locale for default messages).
 */
export type ParseableSchema = z.core.$ZodType & {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly z.core.$ZodIssue[] } };
};

/**
 * A final-form `validate` from a zod schema: the first message of each field, keyed by its path
 * (`a.b` for nested values); a message about the whole form goes under FORM_ERROR.
 */
export function zodValidate(schema: ParseableSchema): (values: object) => ValidationErrors {
  return (values) => {
    const result = schema.safeParse(values ?? {});
    if (result.success || !result.error) return undefined;
    let errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.map(String).join('.') : FORM_ERROR;
      if (getIn(errors, key) === undefined)
        errors = setIn(errors, key, issue.message) as Record<string, unknown>;
    }
    return errors;
  };
}
