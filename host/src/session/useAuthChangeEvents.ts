import { AUTH_CHANGE_EVENT, type AuthResponseBody } from '@portal/shared';
import { useEffect } from 'react';
import { type AuthChangeDeps, applyAuthChange } from './applyAuthChange';

function isAuthResponse(value: unknown): value is AuthResponseBody {
  return (
    typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'number'
  );
}

/** Feeds every auth-change event of the identity client (401, 410, authenticated 200) to the store. */
export function useAuthChangeEvents({ store, router, onError }: AuthChangeDeps): void {
  useEffect(() => {
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (isAuthResponse(detail)) applyAuthChange(detail, { store, router, onError });
    };
    window.addEventListener(AUTH_CHANGE_EVENT, onChange);
    return () => window.removeEventListener(AUTH_CHANGE_EVENT, onChange);
  }, [store, router, onError]);
}
