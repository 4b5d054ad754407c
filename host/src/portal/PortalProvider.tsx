import {
  CONTRACT_VERSION,
  identity,
  PortalContext,
  type PortalContextValue,
  type RuntimeConfig,
  usePortalToasts,
} from '@portal/shared';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataRouter } from 'react-router';
import { reportError } from '../errors/reportError';
import type { SessionStore } from '../session/sessionStore';
import { useAuthChangeEvents } from '../session/useAuthChangeEvents';
import { useSessionState } from '../session/useSessionState';
import { FEATURE_FLAGS } from './featureFlags';

const browserTimezone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Provides the host–remote contract to every page. The session comes from the host's store, fed
 * by every auth-change event; each event also moves the user where its outcome says.
 */
export function PortalProvider({
  router,
  store,
  runtimeConfig,
  children,
}: {
  router: DataRouter;
  store: SessionStore;
  runtimeConfig: RuntimeConfig;
  children: ReactNode;
}) {
  const { notify, copy, toaster } = usePortalToasts();
  const { t } = useTranslation('shell');
  const session = useSessionState(store);
  const onError = useCallback(
    (error: Error) => {
      reportError(error, { phase: 'auth change' });
      notify({ type: 'error', message: t('errors.unknownFlow') });
    },
    [notify, t],
  );
  useAuthChangeEvents({ store, router, onError });
  const value = useMemo<PortalContextValue>(
    () => ({
      contractVersion: CONTRACT_VERSION,
      session,
      identity,
      runtimeConfig,
      navigate: (to, options) => void router.navigate(to, options),
      notify,
      copy,
      preferences: { timezone: browserTimezone, dateFormat: 'YYYY-MM-DD', timeFormat: '24h' },
      featureFlags: FEATURE_FLAGS,
    }),
    [notify, copy, router, session, runtimeConfig],
  );
  return (
    <PortalContext.Provider value={value}>
      {children}
      {toaster}
    </PortalContext.Provider>
  );
}
