import type { Notification, NotificationType } from '../contract/PortalContext';

/** Spec section 9: a notification stays 2000 ms unless it asks otherwise. */
export const NOTIFICATION_TIMEOUT_MS = 2000;

export interface ListedNotification {
  id: string;
  type: NotificationType;
  message: string;
  timeout: number;
}

export interface NotificationStore {
  /** lists a notification; false (and nothing listed) when its message is already listed */
  notify: (notification: Notification) => boolean;
  /** what is listed now, oldest first; the same array until the list changes */
  list: () => readonly ListedNotification[];
  subscribe: (listener: () => void) => () => void;
  /** takes a notification off the list (the toaster does once its toast is gone) */
  dismiss: (id: string) => void;
}

/**
 * The notification list of spec section 4, which ignores a notification whose message duplicates
 * one already listed. It lives outside React so that non-React code (the GraphQL client's error
 * handling) can notify too; a `NotificationToaster` shows it. Each notification leaves the list
 * `timeout` ms after it was listed (the store's clock, not the toast's animations, which would add
 * their enter time to it).
 */
export function createNotificationStore(
  clock: { setTimeout: (run: () => void, ms: number) => unknown } = globalThis,
): NotificationStore {
  let listed: readonly ListedNotification[] = [];
  const listeners = new Set<() => void>();
  let nextId = 1;
  const update = (next: readonly ListedNotification[]) => {
    listed = next;
    for (const listener of listeners) listener();
  };
  const dismiss = (id: string) => {
    if (listed.some((entry) => entry.id === id)) update(listed.filter((entry) => entry.id !== id));
  };
  return {
    notify: ({ type, message, timeout = NOTIFICATION_TIMEOUT_MS }) => {
      if (listed.some((entry) => entry.message === message)) return false;
      const id = `notification-${nextId++}`;
      update([...listed, { id, type, message, timeout }]);
      clock.setTimeout(() => dismiss(id), timeout);
      return true;
    },
    list: () => listed,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dismiss,
  };
}
