import type { PortalWorkspaceFragment } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../test/authFixtures';
import { workspace } from '../test/fakeWorkspaceClient';
import { clearCookies, renderPortal } from '../test/renderPortal';

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

function ws(
  uid: string,
  extra: Partial<Omit<PortalWorkspaceFragment, 'kind'>> & {
    kind?: 'STD' | 'CAB';
    name?: string;
    accountName?: string;
  } = {},
) {
  const { kind, name, accountName, ...fields } = extra;
  const base = workspace(uid, {
    kind: kind ?? 'CAB',
    ...(name ? { name } : {}),
    ...(accountName ? { account: accountName } : {}),
  });
  return { ...base, ...fields, balance: { ...base.balance, ...(fields.balance ?? {}) } };
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const itemNames = () =>
  within(nav())
    .getAllByRole('link')
    .map((a) => a.textContent);

/** A window `width` px wide: media queries with a max-width are answered for it. */
function mockWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Number.NaN) >= width,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

describe('NavigationDrawer', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async (id: string) => ({ default: () => <h1>{id}</h1> }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(REMOTES)),
    );
    await registerPortalRemotes();
    clearCookies();
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a services-enabled workspace: every item, workspace items pointing at it', async () => {
    renderPortal('/support', signedIn(), {
      workspaces: () => [ws('c-1', { services: [{ uid: 's' }] })],
      runtimeConfig: { documentationUrl: 'https://help.provider.test/' },
    });
    await screen.findByRole('heading', { name: 'portal_support/Support' });
    await waitFor(() =>
      expect(itemNames()).toEqual([
        'Dashboard',
        'Billing',
        'Status',
        'Support',
        'Products',
        'Solutions',
        'How To',
        'Profile',
        'Settings',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/workspace/c-1/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/workspace/c-1/settings',
    );
    const howTo = screen.getByRole('link', { name: 'How To' });
    expect(howTo.getAttribute('href')).toBe('https://help.provider.test/');
    expect(howTo.getAttribute('target')).toBe('_blank');
  });

  it('no workspace: Home and the items that need none; no How To without a help site', async () => {
    renderPortal('/support', signedIn(), { workspaces: () => [] });
    await screen.findByRole('heading', { name: 'portal_support/Support' });
    await waitFor(() => expect(itemNames()).toEqual(['Home', 'Support', 'Products', 'Solutions', 'Profile']));
    expect(screen.queryByRole('button', { name: /switch workspace/ })).toBeNull();
  });

  it('a legacy workspace without services: Billing and Settings, no Dashboard or Status', async () => {
    renderPortal('/support', signedIn(), { workspaces: () => [ws('s-1', { kind: 'STD' })] });
    await screen.findByRole('heading', { name: 'portal_support/Support' });
    await waitFor(() => expect(itemNames()).toContain('Billing'));
    expect(itemNames()).not.toContain('Dashboard');
    expect(itemNames()).not.toContain('Status');
    expect(itemNames()).toContain('Settings');
  });

  it('navigates inside the portal and marks the current section', async () => {
    const { url } = renderPortal('/support', signedIn(), { workspaces: () => [ws('c-1')] });
    await screen.findByRole('heading', { name: 'portal_support/Support' });
    await userEvent.click(await screen.findByRole('link', { name: 'Billing' }));
    await waitFor(() => expect(url()).toBe('/workspace/c-1/billing'));
    expect(await screen.findByRole('heading', { name: 'portal_billing/Billing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Billing' }).getAttribute('aria-current')).toBe('page');
  });

  it('the switcher shows logo and name, lists the workspaces and switches with setWorkspace', async () => {
    const list = [
      ws('c-1', { name: 'Alpha Cloud', accountName: 'A' }),
      ws('c-2', { name: 'Beta Hosting', accountName: 'B', kind: 'STD' }),
    ];
    const { url, workspaces } = renderPortal('/workspace/c-1/billing', signedIn(), {
      workspaces: () => list,
    });
    await screen.findByRole('heading', { name: 'portal_billing/Billing' });
    const switcher = screen.getByRole('button', { name: 'Workspace Alpha Cloud, switch workspace' });
    // the logo's letters are drawn by CSS (decoration, not part of the accessible name)
    expect(switcher.querySelector('[data-logo]')?.getAttribute('data-logo')).toBe('Al');
    await userEvent.click(switcher);
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['AlAlpha Cloud', 'BeBeta Hosting']);
    expect(items[0]?.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Beta Hosting/ }));
    await waitFor(() => expect(url()).toBe('/workspace/c-2/billing'));
    expect(workspaces.store.getState().current?.contractUid).toBe('c-2');
    expect(
      await screen.findByRole('button', { name: 'Workspace Beta Hosting, switch workspace' }),
    ).toBeTruthy();
  });

  it.each([
    ['a positive amount as it is', { amount: '1234.5', amountDue: '0.00', currency: 'EUR' }, '€1,234.50'],
    [
      'a negative amount as minus the amount due',
      { amount: '-5.00', amountDue: '12.40', currency: 'USD' },
      '-$12.40',
    ],
    ['an unknown currency with its code', { amount: '7', amountDue: '0', currency: 'GBP' }, '7.00 GBP'],
  ])('shows the credit balance by the displayed-balance rule: %s', async (_, balance, shown) => {
    renderPortal('/support', signedIn(), {
      workspaces: () => [ws('c-1', { balance: balance as PortalWorkspaceFragment['balance'] })],
    });
    const group = await screen.findByRole('region', { name: 'Credit balance' });
    expect(within(group).getByText(shown)).toBeTruthy();
  });

  it('desktop: open by default (inline) and closable from the app bar', async () => {
    renderPortal('/support', signedIn(), { workspaces: () => [] });
    await screen.findByRole('heading', { name: 'portal_support/Support' });
    const toggle = screen.getByRole('button', { name: 'Close navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('lg (1280 px) and wider: the drawer is open by default', async () => {
    mockWidth(1280);
    renderPortal('/support', signedIn(), { workspaces: () => [] });
    await screen.findByRole('heading', { name: 'portal_support/Support' });
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('mobile (below lg, 1279 px): an overlay, closed by default, closing after a choice', async () => {
    mockWidth(1279);
    const { url } = renderPortal('/support', signedIn(), { workspaces: () => [] });
    await screen.findByRole('heading', { name: 'portal_support/Support' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    // an overlay: a modal navigation in a portal (jsdom never ends its entry motion, which can keep
    // it aria-hidden here, hiding its accessible name too: found as hidden, its label read directly)
    const overlay = await screen.findByRole('navigation', { hidden: true }, { timeout: 5000 });
    expect(overlay.getAttribute('aria-label')).toBe('Main navigation');
    expect(overlay.getAttribute('aria-modal')).toBe('true');
    await userEvent.click(within(overlay).getByRole('link', { name: 'Products', hidden: true }));
    await waitFor(() => expect(url()).toBe('/products'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open navigation' })).toBeTruthy());
  });
});
