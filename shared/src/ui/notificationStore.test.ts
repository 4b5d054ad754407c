import { describe, expect, it, vi } from 'vitest';
import { createNotificationStore, NOTIFICATION_TIMEOUT_MS } from './notificationStore';

describe('createNotificationStore', () => {
  it('lists notifications with the default duration of 2000 ms', () => {
    const store = createNotificationStore();
    expect(store.notify({ type: 'success', message: 'Saved' })).toBe(true);
    expect(store.notify({ type: 'error', message: 'Broken', timeout: 5000 })).toBe(true);
    expect(store.list()).toEqual([
      { id: expect.any(String), type: 'success', message: 'Saved', timeout: NOTIFICATION_TIMEOUT_MS },
      { id: expect.any(String), type: 'error', message: 'Broken', timeout: 5000 },
    ]);
    expect(NOTIFICATION_TIMEOUT_MS).toBe(2000);
  });

  it('ignores a notification whose message is already listed, whatever its type', () => {
    const store = createNotificationStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.notify({ type: 'error', message: 'Network Error: timeout' });
    expect(store.notify({ type: 'error', message: 'Network Error: timeout' })).toBe(false);
    expect(store.notify({ type: 'warning', message: 'Network Error: timeout' })).toBe(false);
    expect(store.list()).toHaveLength(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('lists the message again once the first is dismissed', () => {
    const store = createNotificationStore();
    store.notify({ type: 'info', message: 'Hello' });
    store.dismiss(store.list()[0]!.id);
    expect(store.list()).toEqual([]);
    expect(store.notify({ type: 'info', message: 'Hello' })).toBe(true);
  });

  it('keeps the same list until it changes, and ignores unknown ids', () => {
    const store = createNotificationStore();
    store.notify({ type: 'info', message: 'A' });
    const list = store.list();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.dismiss('nope');
    expect(store.list()).toBe(list);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
    store.notify({ type: 'info', message: 'B' });
    expect(listener).not.toHaveBeenCalled();
    expect(store.list()).not.toBe(list);
  });

  it('takes each notification off the list when its own timeout has passed on the store clock', () => {
    const timers: { run: () => void; ms: number }[] = [];
    const store = createNotificationStore({ setTimeout: (run, ms) => timers.push({ run, ms }) });
    store.notify({ type: 'success', message: 'Saved' });
    store.notify({ type: 'error', message: 'Broken', timeout: 5000 });
    expect(timers.map((timer) => timer.ms)).toEqual([2000, 5000]);
    timers[0]!.run();
    expect(store.list().map((entry) => entry.message)).toEqual(['Broken']);
    timers[1]!.run();
    expect(store.list()).toEqual([]);
  });
});
