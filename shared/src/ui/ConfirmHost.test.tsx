import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from './ConfirmHost';
import { createConfirmStore } from './confirmStore';
import { renderWithProviders } from './renderWithProviders';
import { useConfirmHost } from './useConfirmHost';

function mount() {
  const store = createConfirmStore();
  renderWithProviders(<ConfirmHost store={store} />);
  return store;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmHost', () => {
  it('shows nothing until asked', () => {
    mount();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('answers true on Confirm and closes', async () => {
    const store = mount();
    let answer!: Promise<boolean>;
    act(() => {
      answer = store.confirm({ title: 'Restart web-01?', text: 'It will be <b>offline</b> briefly.' });
    });
    expect(await screen.findByRole('alertdialog', { name: 'Restart web-01?' })).toBeTruthy();
    expect(screen.getByText('offline').tagName).toBe('B');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('answers false on Cancel', async () => {
    const store = mount();
    let answer!: Promise<boolean>;
    act(() => {
      answer = store.confirm();
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('shows the next request after the first is answered', async () => {
    const store = mount();
    let second!: Promise<boolean>;
    act(() => {
      void store.confirm({ title: 'First?' });
      second = store.confirm({ title: 'Second?' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alertdialog', { name: 'Second?' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(second).resolves.toBe(false);
  });

  it('shows loading while the action runs and answers true when it is done', async () => {
    const store = mount();
    const run = deferred<void>();
    let answer!: Promise<boolean>;
    act(() => {
      answer = store.confirm({ title: 'Delete?', action: () => run.promise });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('progressbar', { name: 'Working…' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Confirm/ }).getAttribute('aria-disabled')).toBe('true');
    await act(async () => run.resolve());
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays open for another try when the action answers false', async () => {
    const store = mount();
    let tries = 0;
    act(() => {
      void store.confirm({ action: () => ++tries > 1 });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(tries).toBe(2);
  });

  it('closes and rejects with the error when the action throws', async () => {
    const store = mount();
    let answer!: Promise<boolean>;
    act(() => {
      answer = store.confirm({
        action: async () => {
          throw new Error('Network Error');
        },
      });
    });
    const settled = answer.catch((error: Error) => error.message);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await settled).toBe('Network Error');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

const seenConfirms: Array<ReturnType<typeof useConfirmHost>['confirm']> = [];
function Shell() {
  const [, setAsked] = useState(0);
  const { confirm, confirmHost } = useConfirmHost();
  seenConfirms.push(confirm);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setAsked((asked) => asked + 1);
          void confirm({ title: 'Leave?' });
        }}
      >
        ask
      </button>
      {confirmHost}
    </>
  );
}

describe('useConfirmHost', () => {
  it('gives a stable confirm and the host to render', async () => {
    renderWithProviders(<Shell />);
    await userEvent.click(await screen.findByRole('button', { name: 'ask' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave?' })).toBeTruthy();
    expect(seenConfirms.length).toBeGreaterThan(1);
    expect(new Set(seenConfirms).size).toBe(1);
  });
});
