import { type DateInput, usePortal } from '@portal/shared';
import { useMemo } from 'react';
import { formatDate, formatDateTime, formatTime } from './dates';

/** The date formatters bound to the signed-in user's preferences from the portal. */
export function useDateFormat() {
  const { preferences } = usePortal();
  return useMemo(
    () => ({
      formatDate: (value: DateInput) => formatDate(value, preferences),
      formatTime: (value: DateInput) => formatTime(value, preferences),
      formatDateTime: (value: DateInput) => formatDateTime(value, preferences),
    }),
    [preferences],
  );
}
