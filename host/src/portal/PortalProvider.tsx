import {
  CONTRACT_VERSION,
  identity,
  PortalContext,
  type PortalContextValue,
  type RuntimeConfig,
  type SessionState,
  usePortalToasts,
} from '@portal/shared';
import { type ReactNode, useMemo } from 'react';
import type { createPortalRouter } from '../routes/createRouter';

const browserTimezone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Provides the host–remote contract to every page. */
export function PortalProvider({
  router,
  session,
  runtimeConfig,
  children,
}: {
  router: ReturnType<typeof createPortalRouter>;
  session: SessionState;
  runtimeConfig: RuntimeConfig;
  children: ReactNode;
}) {
  const { notify, copy, toaster } = usePortalToasts();
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
      featureFlags: {},
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
