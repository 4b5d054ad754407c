import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNotificationStore, type NotificationStore } from './notificationStore';
import { renderWithProviders } from './renderWithProviders';
import { usePortalToasts } from './usePortalToasts';

let api: ReturnType<typeof usePortalToasts>;
function Probe({ store }: { store?: NotificationStore }) {
  api = usePortalToasts(store);
  return api.toaster;
}

function mount(store?: NotificationStore) {
  renderWithProviders(<Probe store={store} />);
}

const stableSeen = new Set<unknown>();
let stableRenders = 0;
function Stable() {
  const [, setCount] = useState(0);
  const { notify, copy, toaster } = usePortalToasts();
  stableRenders += 1;
  stableSeen.add(notify);
  stableSeen.add(copy);
  return (
    <>
      <button type="button" onClick={() => setCount((count) => count + 1)}>
        again
      </button>
      {toaster}
    </>
  );
}

describe('usePortalToasts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("copy tells 'Copied to clipboard' when the clipboard took the text", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    mount();
    let ok = false;
    await act(async () => {
      ok = await api.copy('ssh-ed25519 AAAA');
    });
    expect(ok).toBe(true);
    expect(writeText).toHaveBeenCalledWith('ssh-ed25519 AAAA');
    expect(await screen.findByRole('listitem', { name: 'Copied to clipboard' })).toBeTruthy();
  });

  it("copy tells 'Failed to copy' when the clipboard refuses", async () => {
    vi.stubGlobal('navigator', {
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    mount();
    let ok = true;
    await act(async () => {
      ok = await api.copy('x');
    });
    expect(ok).toBe(false);
    expect(await screen.findByRole('listitem', { name: 'Failed to copy' })).toBeTruthy();
  });

  it('copy notifies success and warning for 2000 ms', async () => {
    const store = createNotificationStore();
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => {}) } });
    mount(store);
    await act(async () => void (await api.copy('a')));
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error())) } });
    await act(async () => void (await api.copy('b')));
    expect(store.list().map(({ type, message, timeout }) => ({ type, message, timeout }))).toEqual([
      { type: 'success', message: 'Copied to clipboard', timeout: 2000 },
      { type: 'warning', message: 'Failed to copy', timeout: 2000 },
    ]);
  });

  it('notify shows the message', async () => {
    mount();
    act(() => api.notify({ type: 'error', message: 'Something broke' }));
    expect(await screen.findByRole('listitem', { name: 'Something broke' })).toBeTruthy();
  });

  it('shows a message once while it is listed', async () => {
    mount();
    act(() => {
      api.notify({ type: 'error', message: 'Network Error: offline' });
      api.notify({ type: 'error', message: 'Network Error: offline' });
    });
    await screen.findByRole('listitem', { name: 'Network Error: offline' });
    act(() => api.notify({ type: 'error', message: 'Network Error: offline' }));
    expect(screen.getAllByRole('listitem', { name: 'Network Error: offline' })).toHaveLength(1);
  });

  it('shows what code outside React puts into a shared store, and forgets a toast that timed out', async () => {
    // the store's clock, run by the test: the toast goes when its 2000 ms are up
    const timers: (() => void)[] = [];
    const store = createNotificationStore({ setTimeout: (run) => timers.push(run) });
    mount(store);
    act(() => void store.notify({ type: 'error', message: 'You do not have permission' }));
    await screen.findByRole('listitem', { name: 'You do not have permission' });
    act(() => timers[0]!());
    await waitFor(() => expect(store.list()).toEqual([]));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'You do not have permission' })).toBeNull(),
    );
    act(() => void store.notify({ type: 'error', message: 'You do not have permission' }));
    expect(await screen.findByRole('listitem', { name: 'You do not have permission' })).toBeTruthy();
  });

  it('takes a toast off the screen when the store dismisses it', async () => {
    const store = createNotificationStore();
    mount(store);
    act(() => void store.notify({ type: 'info', message: 'Saved' }));
    await screen.findByRole('listitem', { name: 'Saved' });
    act(() => store.dismiss(store.list()[0]!.id));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Saved' })).toBeNull());
  });

  it('keeps notify and copy stable across renders', () => {
    stableSeen.clear();
    renderWithProviders(<Stable />);
    fireEvent.click(screen.getByRole('button', { name: 'again' }));
    expect(stableRenders).toBeGreaterThan(1);
    expect(stableSeen.size).toBe(2);
  });
});
