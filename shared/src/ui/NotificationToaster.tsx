import {
  Toast,
  Toaster,
  type ToasterProps,
  ToastTitle,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { NotificationStore } from './notificationStore';

/**
 * Shows a notification store as Fluent toasts, each one while it is listed (the store times them
 * out); render once per page.
 */
export function NotificationToaster({
  store,
  position = 'top-end',
}: {
  store: NotificationStore;
  position?: ToasterProps['position'];
}) {
  const toasterId = useId('portal-toaster');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const listed = useSyncExternalStore(store.subscribe, store.list, store.list);
  const shown = useRef(new Set<string>());

  useEffect(() => {
    const current = new Set(listed.map((entry) => entry.id));
    for (const id of shown.current) {
      if (current.has(id)) continue;
      shown.current.delete(id);
      dismissToast(id);
    }
    for (const { id, type, message } of listed) {
      if (shown.current.has(id)) continue;
      shown.current.add(id);
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        {
          toastId: id,
          intent: type,
          // the store's timer, not Fluent's: Fluent starts its own only after the enter animation
          timeout: -1,
          // the message may be listed again once its toast has left the screen
          onStatusChange: (_event, { status }) => {
            if (status === 'dismissed' || status === 'unmounted') store.dismiss(id);
          },
        },
      );
    }
  }, [listed, store, dispatchToast, dismissToast]);

  // below the 56 px app bar, so a toast never hides the account menu or the Support button
  return <Toaster toasterId={toasterId} position={position} offset={{ vertical: 64 }} />;
}
