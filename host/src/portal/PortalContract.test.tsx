import { usePortal } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../test/authFixtures';
import { meFixture } from '../test/fakeWorkspaceClient';
import { clearCookies, renderPortal } from '../test/renderPortal';

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const { registerPortalRemotes } = await import('../federation/remoteRegistry');

/** A remote page using the contract's confirm, notify and user (one page: the host caches a remote). */
function ContractProbe() {
  const { confirm, notify, me, featureFlags } = usePortal();
  const { formatDateTime } = useDateFormat();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={async () => setAnswer(String(await confirm({ text: 'Delete <b>web-1</b>?' })))}
      >
        ask
      </button>
      <button type="button" onClick={() => notify({ type: 'success', message: 'Saved' })}>
        notify
      </button>
      <output aria-label="answer">{answer}</output>
      <output aria-label="user">{me?.user.email ?? 'none'}</output>
      <output aria-label="flags">{Object.keys(featureFlags).join(',')}</output>
      <output aria-label="when">{formatDateTime('2024-07-01T12:00:00Z')}</output>
    </>
  );
}

describe('PortalProvider: confirm and notifications of the contract', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async () => ({ default: ContractProbe }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ support: 'http://s/m.json' })),
    );
    await registerPortalRemotes();
    clearCookies();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("confirm shows the host's one dialog (spec defaults, HTML text) and resolves with the answer", async () => {
    renderPortal('/support', signedIn());
    // generous waits: the page is a (faked) remote and the dialog a lazy portal, slow under load
    await userEvent.click(await screen.findByRole('button', { name: 'ask' }, { timeout: 5000 }));
    // jsdom never ends the dialog's entry motion, so Fluent may keep it aria-hidden (which also
    // hides its accessible name): find it as hidden, and read its title
    const dialog = await screen.findByRole('alertdialog', { hidden: true }, { timeout: 5000 });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Confirm?');
    expect(dialog.querySelector('b')?.textContent).toBe('web-1');
    // within the dialog; under load Fluent's focus trap may still mark it aria-hidden in jsdom
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Confirm', hidden: true }, { timeout: 5000 }),
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'answer' }).textContent).toBe('true'));
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    const again = await screen.findByRole('alertdialog', { hidden: true }, { timeout: 5000 });
    await userEvent.click(
      await within(again).findByRole('button', { name: 'Cancel', hidden: true }, { timeout: 5000 }),
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'answer' }).textContent).toBe('false'));
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
  }, 30_000);

  it('notify goes to the one notification list the GraphQL client and the guard share, and shows as a toast', async () => {
    const { notifications } = renderPortal('/support', signedIn());
    await userEvent.click(await screen.findByRole('button', { name: 'notify' }, { timeout: 5000 }));
    expect(notifications.list().map((n) => n.message)).toEqual(['Saved']);
    expect(await screen.findByText('Saved')).toBeTruthy();
    // what code outside React lists shows in the same toaster
    notifications.notify({ type: 'error', message: 'Network Error: offline' });
    expect(await screen.findByText('Network Error: offline')).toBeTruthy();
  });

  it("gives me, the feature flags from its profiles, and dates in the user's zone and formats", async () => {
    renderPortal('/support', signedIn(), {
      workspaces: () => [],
      me: () =>
        meFixture({
          user: {
            email: 'ada@example.com',
            timezone: 'America/New_York',
            dateFormat: 'DD.MM.YYYY',
            timeFormat: '12h',
          },
          env: { profiles: ['beta'] },
        }),
    });
    expect(await screen.findByText('ada@example.com', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'flags' }).textContent).toBe('beta');
    // 12:00 UTC is 08:00 in New York in July (EDT)
    expect(screen.getByRole('status', { name: 'when' }).textContent).toBe('01.07.2024 8:00 AM');
  });
});
