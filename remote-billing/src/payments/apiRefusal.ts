import type { CombinedError } from '@urql/core';

/** The api's refusal of a mutation: its message and the input field it names, if any. */
export function apiRefusal(error: CombinedError): { message: string; field: string | null } {
  const refusal = error.graphQLErrors[0];
  if (!refusal) return { message: error.networkError?.message ?? error.message, field: null };
  const field = (refusal.extensions as { field?: unknown } | undefined)?.field;
  return { message: refusal.message, field: typeof field === 'string' ? field : null };
}
