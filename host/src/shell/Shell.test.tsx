import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signedOut } from '../test/authFixtures';
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

/** A remote page whose chunk arrives only when the test says so. */
function deferredPage(name: string) {
  let arrive: (() => void) | undefined;
  runtime.loadRemote.mockImplementation(
    (id: string) =>
      new Promise((resolve) => {
        arrive = () => resolve({ default: () => <h1>{`${id} ${name}`}</h1> });
      }),
  );
  return async () => {
    await waitFor(() => expect(arrive).toBeDefined());
    act(() => arrive?.());
  };
}

// Fluent's Spinner is a progressbar too: the shell's bar is the one with this name.
const BAR = { name: 'Loading page' };

function themeOf(heading: HTMLElement) {
  return heading.closest('[data-theme]')?.getAttribute('data-theme');
}

describe('Shell', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async (id: string) => ({ default: () => <h1>{id}</h1> }));
    fetchMock = vi.fn(async () => Response.json(REMOTES));
    vi.stubGlobal('fetch', fetchMock);
    await registerPortalRemotes();
    clearCookies();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('progress bar', () => {
    it('shows while a remote page loads, then goes', async () => {
      const arrive = deferredPage('loaded');
      renderPortal('/solutions', signedIn());
      await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalled());
      expect(await screen.findByRole('progressbar', BAR)).toBeTruthy();
      await arrive();
      expect(await screen.findByRole('heading', { name: 'portal_compute/Solutions loaded' })).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('progressbar', BAR)).toBeNull());
    });

    it('is hidden on Login (hideProgressBar)', async () => {
      const arrive = deferredPage('loaded');
      renderPortal('/auth/signup', signedOut());
      // the page is still loading: its spinner is there, the bar is not
      expect(await screen.findByText('Loading…')).toBeTruthy();
      expect(screen.queryByRole('progressbar', BAR)).toBeNull();
      await arrive();
      expect(await screen.findByRole('heading', { name: /^portal_auth\/Login/ })).toBeTruthy();
    });

    it('is hidden while navigating to Login, shown while navigating elsewhere', async () => {
      const { router } = renderPortal('/invitation/k', signedOut());
      await screen.findByRole('heading', { name: /^portal_auth\/Invitation/ });
      const arrive = deferredPage('later');
      await act(() => router.navigate('/auth/login/code/confirm'));
      expect(await screen.findByText('Loading…')).toBeTruthy();
      expect(screen.queryByRole('progressbar', BAR)).toBeNull();
      await act(() => router.navigate('/new-instance?template_uid=t'));
      expect(await screen.findByRole('progressbar', BAR)).toBeTruthy();
      // let the chunk arrive: lazy pages are cached for the next tests
      await arrive();
      expect(await screen.findByRole('heading', { name: /^portal_compute\/NewInstance/ })).toBeTruthy();
    });
  });

  describe('theme by path and route meta', () => {
    it.each([
      ['/auth/reset-password', 'auth', signedOut(), 'portal_auth/PasswordReset'],
      ['/auth/reauthenticate', 'auth', signedIn(), 'portal_auth/ReauthenticateForm'],
      ['/auth/2fa', 'app', signedIn(), 'portal_auth/MFAOverview'],
      ['/auth/2fa/totp/activate/', 'app', signedIn(), 'portal_auth/MFAActivate'],
      ['/support', 'app', signedIn(), 'portal_support/Support'],
    ])('%s uses the %s theme', async (path, theme, auth, heading) => {
      renderPortal(path, auth);
      expect(themeOf(await screen.findByRole('heading', { name: heading }))).toBe(theme);
    });

    it('keeps sign-in steps under /auth/ free of drawer and account: a brand bar with the title', async () => {
      renderPortal('/auth/reauthenticate', signedIn());
      await screen.findByRole('heading', { name: 'portal_auth/ReauthenticateForm' });
      expect(screen.getByRole('banner').textContent).toBe('Customer PortalConfirm it is you');
      expect(within(screen.getByRole('banner')).queryByRole('button')).toBeNull();
      expect(screen.queryByRole('navigation')).toBeNull();
    });

    it('gives /auth/ pages in the app theme (2FA management) the drawer and app bar', async () => {
      renderPortal('/auth/2fa', signedIn());
      await screen.findByRole('heading', { name: 'portal_auth/MFAOverview' });
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(screen.getByRole('navigation')).toBeTruthy();
    });
  });

  describe('user menu', () => {
    it('signed in: names the user; Sign out calls the identity service and lands on Login', async () => {
      const { url } = renderPortal('/support', signedIn());
      await screen.findByRole('heading', { name: 'portal_support/Support' });
      fetchMock.mockImplementation(async () =>
        Response.json(
          { status: 401, data: { flows: [{ id: 'login' }] }, meta: { is_authenticated: false } },
          { status: 401 },
        ),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' }));
      expect(await screen.findByText('Logged in as ada@example.com')).toBeTruthy();
      await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
      await waitFor(() => expect(url()).toBe('/auth/login'));
      const [endpoint, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
      expect(endpoint).toBe('/_allauth/browser/v1/auth/session');
      expect(init.method).toBe('DELETE');
      // (a Login module cached by an earlier test may render other words)
      expect(await screen.findByRole('heading', { name: /^portal_auth\/Login/ })).toBeTruthy();
    });

    it('a sign-out that cannot reach the service says so and stays', async () => {
      const { url } = renderPortal('/support', signedIn());
      await screen.findByRole('heading', { name: 'portal_support/Support' });
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      await userEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
      expect(await screen.findByText('Network error: Failed to fetch')).toBeTruthy();
      expect(url()).toBe('/support');
    });

    it('signed out: a Sign in link that comes back here', async () => {
      const { url } = renderPortal('/new-instance?template_uid=t-1', signedOut());
      await screen.findByRole('heading', { name: /^portal_compute\/NewInstance/ });
      expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
      const signIn = screen.getByRole('link', { name: 'Log in' });
      expect(signIn.getAttribute('href')).toBe('/auth/login?redirect=%2Fnew-instance%3Ftemplate_uid%3Dt-1');
      await userEvent.click(signIn);
      await waitFor(() => expect(url()).toBe('/auth/login?redirect=%2Fnew-instance%3Ftemplate_uid%3Dt-1'));
    });
  });
});
