import { type PortalWorkspaceFragment, usePortal } from '@portal/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../portal/i18n';
import { signedIn, signedOut } from '../test/authFixtures';
import { meFixture, workspace } from '../test/fakeWorkspaceClient';
import { clearCookies, renderPortal } from '../test/renderPortal';

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const { registerPortalRemotes } = await import('../federation/remoteRegistry');

const unread = (n: number): PortalWorkspaceFragment => ({
  ...workspace('c-1', { kind: 'CAB' }),
  unreadMessages: n,
});

/** A remote page that sets a custom app-bar title. */
function TitledPage() {
  const { setTitle } = usePortal();
  useEffect(() => setTitle('Invoice 2024-001'), [setTitle]);
  return <h1>titled page</h1>;
}

describe('AppBar', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async (id: string) => ({ default: () => <h1>{id}</h1> }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          auth: 'http://a/m.json',
          billing: 'http://b/m.json',
          support: 'http://s/m.json',
          compute: 'http://c/m.json',
        }),
      ),
    );
    await registerPortalRemotes();
    clearCookies();
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the route's title", async () => {
    renderPortal('/products', signedIn(), { workspaces: () => [] });
    await screen.findByRole('heading', { name: 'portal_compute/Products' });
    expect(within(screen.getByRole('banner')).getByText('Products')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Products · Customer Portal'));
  });

  it("a page's custom title replaces the route's on that path, and goes when the user leaves", async () => {
    runtime.loadRemote.mockImplementation(async (id: string) =>
      id === 'portal_billing/Billing' ? { default: TitledPage } : { default: () => <h1>{id}</h1> },
    );
    const { router } = renderPortal('/workspace/c-1/billing', signedIn(), { workspaces: () => [unread(0)] });
    await screen.findByRole('heading', { name: 'titled page' });
    const banner = screen.getByRole('banner');
    await waitFor(() => expect(within(banner).getByText('Invoice 2024-001')).toBeTruthy());
    expect(within(banner).queryByText('Billing')).toBeNull();
    await act(() => router.navigate('/support'));
    await screen.findByRole('heading', { name: 'portal_support/Support' });
    expect(within(screen.getByRole('banner')).getByText('Support')).toBeTruthy();
    expect(within(screen.getByRole('banner')).queryByText('Invoice 2024-001')).toBeNull();
  });

  it("shows the current workspace's unread support messages on the Support button", async () => {
    const { url } = renderPortal('/products', signedIn(), { workspaces: () => [unread(3)] });
    const button = await screen.findByRole('link', { name: 'Support, 3 unread messages' });
    expect(within(button).getByText('3')).toBeTruthy();
    await userEvent.click(button);
    await waitFor(() => expect(url()).toBe('/support'));
  });

  it('no unread messages, or no workspace: a plain Support button', async () => {
    renderPortal('/products', signedIn(), { workspaces: () => [] });
    await screen.findByRole('heading', { name: 'portal_compute/Products' });
    const button = within(screen.getByRole('banner')).getByRole('link', { name: 'Support' });
    expect(button.getAttribute('href')).toBe('/support');
    expect(within(button).queryByText(/\d/)).toBeNull();
  });

  it('a sign-in page has a bar of its own: the brand and its title, no drawer or account', async () => {
    renderPortal('/auth/reset-password', signedOut());
    await screen.findByRole('heading', { name: 'portal_auth/PasswordReset' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Customer Portal')).toBeTruthy();
    expect(within(banner).getByText('Reset password')).toBeTruthy();
    expect(within(banner).queryByRole('button')).toBeNull();
    // the title follows in an effect of the frame (the previous test's page set its own)
    await waitFor(() => expect(document.title).toBe('Reset password · Customer Portal'));
  });

  it('unread answers to my messages in another workspace: a dot, described; the number wins when there is one', async () => {
    const me = { user: {}, env: { unreadDirectMessages: 2 } };
    const { unmount } = renderPortal('/products', signedIn(), {
      workspaces: () => [unread(0)],
      me: () => meFixture(me),
    });
    await screen.findByRole('heading', { name: 'portal_compute/Products' });
    const button = await within(screen.getByRole('banner')).findByRole('link', {
      name: 'Support',
      description: 'Unread answers to your messages in another workspace',
    });
    expect(button.getAttribute('title')).toBe('Unread answers to your messages in another workspace');
    expect(button.textContent).toBe('');
    expect(button.querySelector('svg')!.parentElement!.querySelector('.fui-CounterBadge')).toBeTruthy();
    unmount();
    renderPortal('/products', signedIn(), { workspaces: () => [unread(3)], me: () => meFixture(me) });
    const numbered = await screen.findByRole('link', { name: 'Support, 3 unread messages' });
    expect(within(numbered).getByText('3')).toBeTruthy();
    expect(numbered.getAttribute('title')).toBeNull();
  });

  it('no unread answers anywhere: no dot', async () => {
    renderPortal('/products', signedIn(), { workspaces: () => [unread(0)], me: () => meFixture() });
    await screen.findByRole('heading', { name: 'portal_compute/Products' });
    const button = await within(screen.getByRole('banner')).findByRole('link', { name: 'Support' });
    expect(button.querySelector('.fui-CounterBadge')).toBeNull();
    expect(button.getAttribute('title')).toBeNull();
  });

  it('the Support badge is drawn on the envelope icon, not beside it', async () => {
    renderPortal('/products', signedIn(), { workspaces: () => [unread(3)] });
    const button = await screen.findByRole('link', { name: 'Support, 3 unread messages' });
    const icon = button.querySelector('svg')!.parentElement!;
    expect(within(icon).getByText('3')).toBeTruthy();
  });

  it('signed out: no Support button', async () => {
    renderPortal('/new-instance?template_uid=t', signedOut());
    await screen.findByRole('heading', { name: /^portal_compute\/NewInstance/ });
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: /^Support/ })).toBeNull();
  });

  it('the user menu leads to Profile', async () => {
    const { url } = renderPortal('/products', signedIn(), { workspaces: () => [] });
    await screen.findByRole('heading', { name: 'portal_compute/Products' });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(url()).toBe('/profile'));
  });

  it('the user menu switches the colour scheme (System / Light / Dark), remembered in local storage', async () => {
    renderPortal('/products', signedIn(), { workspaces: () => [] });
    await screen.findByRole('heading', { name: 'portal_compute/Products' });
    const provider = () => screen.getByRole('banner').closest('.fui-FluentProvider') as HTMLElement;
    const lightBackground = getComputedStyle(provider()).getPropertyValue('--colorNeutralBackground1');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' }));
    // jsdom has no prefers-color-scheme: System is light
    expect((await screen.findByRole('menuitemradio', { name: 'System' })).getAttribute('aria-checked')).toBe(
      'true',
    );
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(localStorage.getItem('colorScheme')).toBe('dark');
    await waitFor(() => expect(document.documentElement.style.colorScheme).toBe('dark'));
    expect(document.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('dark');
    expect(getComputedStyle(provider()).getPropertyValue('--colorNeutralBackground1')).not.toBe(
      lightBackground,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' }));
    expect((await screen.findByRole('menuitemradio', { name: 'Dark' })).getAttribute('aria-checked')).toBe(
      'true',
    );
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'System' }));
    expect(localStorage.getItem('colorScheme')).toBeNull();
    await waitFor(() => expect(document.documentElement.style.colorScheme).toBe('light'));
  });

  it('the user menu switches the language: the shell speaks German at once, <html lang> follows, the choice is kept here and on the account', async () => {
    const { clients } = renderPortal('/products', signedIn(), { workspaces: () => [] });
    await screen.findByRole('heading', { name: 'portal_compute/Products' });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' }));
    expect((await screen.findByRole('menuitemradio', { name: 'English' })).getAttribute('aria-checked')).toBe(
      'true',
    );
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
    await screen.findByRole('button', { name: 'Kontomenü von Ada Lovelace' });
    expect(within(screen.getByRole('banner')).getByText('Produkte')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Produkte · Kundenportal'));
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('language')).toBe('de');
    const client = clients.at(-1);
    expect(client?.mutation).toHaveBeenCalledWith(expect.anything(), { language: 'de' });
    // and back
    await userEvent.click(screen.getByRole('button', { name: 'Kontomenü von Ada Lovelace' }));
    expect((await screen.findByRole('menuitemradio', { name: 'Deutsch' })).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByText('Sprache')).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    await screen.findByRole('button', { name: 'Account menu of Ada Lovelace' });
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it("the account's language wins once me answers", async () => {
    const { router } = renderPortal('/products', signedIn(), {
      workspaces: () => [],
      me: () => meFixture({ user: { language: 'de' } }),
    });
    await screen.findByRole('button', { name: 'Kontomenü von Ada Lovelace' });
    expect(localStorage.getItem('language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    // leave the page's one i18next in English for the tests after this one
    await act(async () => {
      await i18n.changeLanguage('en');
      await router.navigate('/products');
    });
  });
});
