import type { AuthResponseBody } from '@portal/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { clearResumeIntent, saveResumeIntent, takeResumeIntent } from './resumeIntent';

/** A 401 that keeps the customer signed in but asks them to confirm it is them first. */
export const needsReauthentication = (answer: AuthResponseBody) =>
  answer.status === 401 && answer.meta?.is_authenticated === true;

/**
 * A sensitive action that survives the reauthentication it may need. `run` wraps the call: the
 * intent is recorded before it goes out (the host moves on to the reauthentication page as soon as
 * the 401 arrives) and forgotten unless the answer asks for reauthentication. Once the page is
 * back and `ready` (its data loaded, the action still possible), `ask` runs again: the page's
 * confirmation reopens, so one click finishes the action.
 */
export function useResumableAction(action: string, ready: boolean, ask: () => void) {
  const { pathname } = useLocation();
  const askRef = useRef(ask);
  askRef.current = ask;
  useEffect(() => {
    if (ready && takeResumeIntent(action, pathname)) askRef.current();
  }, [action, pathname, ready]);
  return useCallback(
    async (call: () => Promise<AuthResponseBody>): Promise<AuthResponseBody> => {
      saveResumeIntent(action, pathname);
      const answer = await call();
      if (!needsReauthentication(answer)) clearResumeIntent();
      return answer;
    },
    [action, pathname],
  );
}
