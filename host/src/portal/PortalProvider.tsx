import { Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import {
  CONTRACT_VERSION,
  copyToClipboard,
  PortalContext,
  type PortalContextValue,
  type SessionState,
} from '@portal/shared';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { createPortalRouter } from '../routes/createRouter';

const browserTimezone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Provides the host–remote contract to every page. */
export function PortalProvider({
  router,
  session,
  children,
}: {
  router: ReturnType<typeof createPortalRouter>;
  session: SessionState;
  children: ReactNode;
}) {
  const toasterId = useId('portal-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const { t } = useTranslation();
  const value = useMemo<PortalContextValue>(() => {
    const notify: PortalContextValue['notify'] = ({ type, message, timeout = 2000 }) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent: type, timeout },
      );
    return {
      contractVersion: CONTRACT_VERSION,
      session,
      navigate: (to, options) => void router.navigate(to, options),
      notify,
      copy: (text) => copyToClipboard(text, notify, t),
      preferences: { timezone: browserTimezone, dateFormat: 'YYYY-MM-DD', timeFormat: '24h' },
      featureFlags: {},
    };
  }, [dispatchToast, router, session, t]);
  return (
    <PortalContext.Provider value={value}>
      {children}
      <Toaster toasterId={toasterId} position="top-end" />
    </PortalContext.Provider>
  );
}
