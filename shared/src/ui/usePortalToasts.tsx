import { type ReactElement, useMemo, useState } from 'react';
import type { PortalContextValue } from '../contract/PortalContext';
import { copyToClipboard } from './copyToClipboard';
import { NotificationToaster } from './NotificationToaster';
import { createNotificationStore, type NotificationStore } from './notificationStore';
import { useSharedTexts } from './useSharedTexts';

/**
 * `notify` and `copy` of the portal contract, shown as Fluent toasts; render `toaster` once. Pass
 * a store to share the list with code outside React (the GraphQL client); by default the hook
 * keeps its own.
 */
export function usePortalToasts(
  store?: NotificationStore,
): Pick<PortalContextValue, 'notify' | 'copy'> & { toaster: ReactElement } {
  const [ownStore] = useState(createNotificationStore);
  const notifications = store ?? ownStore;
  const { t } = useSharedTexts();
  return useMemo(() => {
    const notify: PortalContextValue['notify'] = (notification) => {
      notifications.notify(notification);
    };
    return {
      notify,
      copy: (text: string) => copyToClipboard(text, notify, t),
      toaster: <NotificationToaster store={notifications} />,
    };
  }, [notifications, t]);
}
