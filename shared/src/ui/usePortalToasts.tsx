import { Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { type ReactElement, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalContextValue } from '../contract/PortalContext';
import { copyToClipboard } from './copyToClipboard';

/** `notify` and `copy` of the portal contract, shown as Fluent toasts; render `toaster` once. */
export function usePortalToasts(): Pick<PortalContextValue, 'notify' | 'copy'> & { toaster: ReactElement } {
  const toasterId = useId('portal-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const { t } = useTranslation();
  return useMemo(() => {
    const notify: PortalContextValue['notify'] = ({ type, message, timeout = 2000 }) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent: type, timeout },
      );
    return {
      notify,
      copy: (text: string) => copyToClipboard(text, notify, t),
      toaster: <Toaster toasterId={toasterId} position="top-end" />,
    };
  }, [dispatchToast, t, toasterId]);
}
