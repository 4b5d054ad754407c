import { type AuthResponseBody, submissionErrors } from '@portal/shared';
import type { SubmissionErrors } from 'final-form';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

/**
 * The end of a session-changing submit. 200 and 401 answers changed the session or its flows: the
 * host hears of them by the auth-change event and navigates, so the form has nothing to show. Any
 * other answer is shown: errors with a param on their field, the rest (409, 429, a network failure)
 * as the form's message.
 */
export function useSettle() {
  const { t } = useAuthTranslation();
  return useCallback(
    (response: AuthResponseBody, fields: readonly string[]): SubmissionErrors => {
      if (response.status === 200 || response.status === 401) return undefined;
      return submissionErrors(response, fields, fallbackMessage(response.status, t));
    },
    [t],
  );
}

export function fallbackMessage(status: number, t: TFunction) {
  if (status === 409) return t('errors.conflict');
  if (status === 429) return t('errors.tooManyRequests');
  return t('errors.generic', { status });
}

/** The first message of a failed answer, for actions without a form. */
export function errorMessage(response: AuthResponseBody, t: TFunction): string {
  return response.errors?.[0]?.message ?? fallbackMessage(response.status, t);
}
