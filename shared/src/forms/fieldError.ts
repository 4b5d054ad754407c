import type { FieldMetaState } from 'react-final-form';

/**
 * The message a field shows: its validation error once the user left it (or tried to submit),
 * else the server's error of the last submission until the user edits the field.
 */
export function fieldError(meta: FieldMetaState<unknown>): string | undefined {
  if (!meta.touched) return undefined;
  const error = meta.error ?? (meta.dirtySinceLastSubmit ? undefined : meta.submitError);
  return typeof error === 'string' && error ? error : undefined;
}
