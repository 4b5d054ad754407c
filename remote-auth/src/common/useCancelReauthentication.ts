import { clearNextPath, readNextPath, usePortal } from '@portal/shared';
import { useCallback } from 'react';
import { clearResumeIntent } from './resumeIntent';

/**
 * Pages that cannot even load without a recent login (allauth guards the list of recovery codes
 * itself): cancelling goes to the page before them instead, or it would be asked for again at once.
 */
const NEEDS_RECENT_LOGIN_TO_SHOW: Readonly<Record<string, string>> = {
  '/auth/2fa/recovery-codes/': '/auth/2fa',
};

/**
 * Cancel on a reauthentication page: back to the page that asked for it (the `next` path the
 * host saved), else Home; the action that waited for it is dropped, so its confirmation does not
 * open again there.
 */
export function useCancelReauthentication() {
  const { navigate } = usePortal();
  return useCallback(() => {
    const next = readNextPath();
    clearNextPath();
    clearResumeIntent();
    const pathname = next?.split(/[?#]/)[0] ?? '';
    const target = Object.hasOwn(NEEDS_RECENT_LOGIN_TO_SHOW, pathname)
      ? NEEDS_RECENT_LOGIN_TO_SHOW[pathname]!
      : (next ?? '/');
    navigate(target, { replace: true });
  }, [navigate]);
}
