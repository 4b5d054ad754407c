import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signedOut } from '../test/authFixtures';
import { renderPortal } from '../test/renderPortal';
import { CONSENT_STORAGE_KEY, CONSENT_VERSION } from './consentStore';

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const { registerPortalRemotes } = await import('../federation/remoteRegistry');

const REMOTES = {
  auth: 'http://a/m.json',
  workspace: 'http://w/m.json',
  billing: 'http://b/m.json',
  compute: 'http://c/m.json',
  support: 'http://s/m.json',
};

const stored = () => JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null');
const policyButton = () => screen.findByRole('button', { name: 'Cookie Policy' });
const banner = () => screen.queryByRole('region', { name: 'Cookie notice', hidden: true });

// Under jsdom, tabster (Fluent's focus manager) can leave the open dialog aria-hidden, so queries
// inside it include hidden elements; the e2e suite checks the dialog in a real browser.
const dialogQuery = { hidden: true } as const;
const inDialog = (dialog: HTMLElement) => {
  const scoped = within(dialog);
  expect(scoped.getByRole('heading', { hidden: true }).textContent).toBe('Cookie settings');
  return {
    switchNamed: (name: string) => scoped.getByRole('switch', { name, hidden: true }),
    buttonNamed: (name: string) => scoped.getByRole('button', { name, hidden: true }),
  };
};
const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;
const dialogGone = () => waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());

async function openDialog() {
  await userEvent.click(await policyButton());
  return inDialog(await screen.findByRole('dialog', dialogQuery));
}

describe('cookie consent in the shell', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async (id: string) => ({ default: () => <h1>{id}</h1> }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(REMOTES)),
    );
    await registerPortalRemotes();
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['Home, with chrome', '/', signedIn(), 'Welcome'],
    ['a page under /auth/, without chrome', '/auth/login', signedOut(), 'portal_auth/Login'],
    ['the full-screen Console', '/console/vm-1', signedIn(), 'portal_compute/Console'],
  ])('the Cookie Policy button opens the dialog on %s', async (_case, path, auth, heading) => {
    renderPortal(path, auth);
    await screen.findByRole('heading', { name: heading });
    const dialog = await openDialog();
    const necessary = dialog.switchNamed('Necessary');
    expect(checked(necessary)).toBe(true);
    expect((necessary as HTMLInputElement).disabled).toBe(true);
    expect(checked(dialog.switchNamed('Analytics'))).toBe(false);
    expect(checked(dialog.switchNamed('Marketing'))).toBe(false);
  });

  it('on a first visit shows the notice until the visitor decides, then never again', async () => {
    const view = renderPortal('/', signedIn());
    await screen.findByRole('heading', { name: 'Welcome' });
    const notice = banner();
    expect(notice).not.toBeNull();
    await userEvent.click(within(notice as HTMLElement).getByRole('button', { name: 'Reject optional' }));
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({
      version: CONSENT_VERSION,
      necessary: true,
      analytics: false,
      marketing: false,
    });
    view.unmount();
    renderPortal('/', signedIn());
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(banner()).toBeNull();
  });

  it('Accept all in the notice allows every category', async () => {
    renderPortal('/', signedIn());
    await userEvent.click(await screen.findByRole('button', { name: 'Accept all' }));
    expect(stored()).toMatchObject({ analytics: true, marketing: true });
  });

  it('Customise opens the dialog, whose Save stores the switches as set', async () => {
    renderPortal('/', signedIn());
    await userEvent.click(await screen.findByRole('button', { name: 'Customise' }));
    const dialog = inDialog(await screen.findByRole('dialog', dialogQuery));
    expect(banner()).toBeNull();
    await userEvent.click(dialog.switchNamed('Analytics'));
    await userEvent.click(dialog.buttonNamed('Save'));
    await dialogGone();
    expect(stored()).toMatchObject({ analytics: true, marketing: false });
  });

  it('the choice can be changed later: the dialog starts from it', async () => {
    renderPortal('/', signedIn());
    await userEvent.click(await screen.findByRole('button', { name: 'Accept all' }));
    let dialog = await openDialog();
    expect(checked(dialog.switchNamed('Analytics'))).toBe(true);
    expect(checked(dialog.switchNamed('Marketing'))).toBe(true);
    await userEvent.click(dialog.switchNamed('Marketing'));
    await userEvent.click(dialog.buttonNamed('Save'));
    await dialogGone();
    expect(stored()).toMatchObject({ analytics: true, marketing: false });

    dialog = await openDialog();
    await userEvent.click(dialog.buttonNamed('Reject optional'));
    await dialogGone();
    expect(stored()).toMatchObject({ analytics: false, marketing: false });
  });

  it('closing the dialog decides nothing, and unsaved switches are forgotten', async () => {
    renderPortal('/', signedIn());
    await screen.findByRole('heading', { name: 'Welcome' });
    let dialog = await openDialog();
    await userEvent.click(dialog.switchNamed('Marketing'));
    await userEvent.click(dialog.buttonNamed('Close'));
    await dialogGone();
    expect(stored()).toBeNull();
    expect(banner()).not.toBeNull();
    dialog = await openDialog();
    expect(checked(dialog.switchNamed('Marketing'))).toBe(false);
    await userEvent.keyboard('{Escape}');
    await dialogGone();
    expect(stored()).toBeNull();
  });
});
