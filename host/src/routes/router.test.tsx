import { AUTH_CHANGE_EVENT, type AuthResponseBody, saveNextPath } from '@portal/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signedOut } from '../test/authFixtures';
import { clearCookies, renderPortal } from '../test/renderPortal';

// The federation runtime is the boundary faked here: it hands out page modules or fails.
const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { registerPortalRemotes } = await import('../federation/remoteRegistry');

const REMOTES = {
  auth: 'http://a/mf-manifest.json',
  workspace: 'http://w/mf-manifest.json',
  billing: 'http://b/mf-manifest.json',
  compute: 'http://c/mf-manifest.json',
  support: 'http://s/mf-manifest.json',
};

function page(name: string) {
  return { default: () => <h1>{name} page</h1> };
}

function fireAuthChange(detail: AuthResponseBody) {
  act(() => {
    window.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT, { detail }));
  });
}

describe('host router', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.registerRemotes.mockReset();
    runtime.loadRemote.mockImplementation(async (id: string) => page(id));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(REMOTES)),
    );
    clearCookies();
    await registerPortalRemotes();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('registers the remotes of /remotes.json under their container names', () => {
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      expect.arrayContaining([
        { name: 'portal_compute', entry: 'http://c/mf-manifest.json' },
        { name: 'portal_auth', entry: 'http://a/mf-manifest.json' },
      ]),
    );
  });

  it('renders a remote page for its route, with the route params', async () => {
    runtime.loadRemote.mockImplementation(async (id: string) => ({
      default: function Page() {
        const { contractUid, tab } = useParams();
        return <h1>{`${id} ${contractUid} ${tab}`}</h1>;
      },
    }));
    renderPortal('/workspace/C-7/billing/invoices', signedIn());
    expect(await screen.findByRole('heading', { name: 'portal_billing/Billing C-7 invoices' })).toBeTruthy();
  });

  it('renders the same page for an alias', async () => {
    renderPortal('/auth/2fa/reauthenticate', signedIn());
    expect(
      await screen.findByRole('heading', { name: 'portal_auth/MultiFactorAuthorization page' }),
    ).toBeTruthy();
  });

  it('redirects unknown paths home', async () => {
    const { url } = renderPortal('/definitely/not/here', signedIn());
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(url()).toBe('/');
  });

  it('redirects /base home', async () => {
    const { url } = renderPortal('/base', signedIn());
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(url()).toBe('/');
  });

  it('shows a fallback naming the section when the remote fails, and Retry loads it afresh', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new Error('ScriptNetworkError'));
    renderPortal('/support', signedIn());
    expect(await screen.findByText('Support is unavailable')).toBeTruthy();
    // the shell is still there
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith(
      '[portal] error',
      { remote: 'support', page: 'Support' },
      expect.any(Error),
      expect.any(Array),
    );

    runtime.loadRemote.mockImplementation(async (id: string) => page(id));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'portal_support/Support page' })).toBeTruthy();
    // Retry made the runtime forget the failed remote
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'portal_support', entry: 'http://s/mf-manifest.json' }],
      {
        force: true,
      },
    );
  });

  it('uses no chrome on full-screen routes', async () => {
    renderPortal('/console/vm-1', signedIn());
    expect(await screen.findByRole('heading', { name: 'portal_compute/Console page' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it("keeps the drawer and the app bar's controls off auth pages: the bar shows the brand only", async () => {
    renderPortal('/auth/login', signedOut());
    expect(await screen.findByRole('heading', { name: 'portal_auth/Login page' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toBe('Customer PortalLog in');
    expect(within(banner).queryByRole('button')).toBeNull();
    expect(within(banner).queryByRole('link')).toBeNull();
  });
});

describe('navigation guard in the router', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async (id: string) => page(id));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(REMOTES)),
    );
    clearCookies();
    await registerPortalRemotes();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor from a workspace page to Login, with the full intended path', async () => {
    const { url } = renderPortal('/workspace/abc/billing?tab=x', signedOut());
    expect(await screen.findByRole('heading', { name: 'portal_auth/Login page' })).toBeTruthy();
    expect(url()).toBe('/auth/login?redirect=%2Fworkspace%2Fabc%2Fbilling%3Ftab%3Dx');
    // the page refused never loaded
    expect(runtime.loadRemote).not.toHaveBeenCalledWith('portal_billing/Billing');
  });

  it('also when the auth data could not be loaded at all', async () => {
    const { url } = renderPortal('/support', null);
    expect(await screen.findByRole('heading', { name: 'portal_auth/Login page' })).toBeTruthy();
    expect(url()).toBe('/auth/login?redirect=%2Fsupport');
  });

  it('sends a signed-in user from Login to Home', async () => {
    const { url } = renderPortal('/auth/login', signedIn());
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(url()).toBe('/');
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('sends a signed-in user from sign-up to the saved next path, and forgets it', async () => {
    saveNextPath('/products?filter=compute');
    const { url } = renderPortal('/auth/signup', signedIn());
    expect(await screen.findByRole('heading', { name: 'portal_compute/Products page' })).toBeTruthy();
    expect(url()).toBe('/products?filter=compute');
    expect(document.cookie).not.toContain('next=');
  });

  it('lets a visitor through to Invitation', async () => {
    const { url } = renderPortal('/invitation/key-1', signedOut());
    expect(await screen.findByRole('heading', { name: 'portal_auth/Invitation page' })).toBeTruthy();
    expect(url()).toBe('/invitation/key-1');
  });

  it('lets a visitor open NewInstance from a template link, not without', async () => {
    const first = renderPortal('/new-instance?template_uid=t-1', signedOut());
    expect(await screen.findByRole('heading', { name: 'portal_compute/NewInstance page' })).toBeTruthy();
    first.unmount();
    const second = renderPortal('/new-instance/vps', signedOut());
    expect(await screen.findByRole('heading', { name: 'portal_auth/Login page' })).toBeTruthy();
    expect(second.url()).toBe('/auth/login?redirect=%2Fnew-instance%2Fvps');
  });

  it('runs on later navigations too, not only the first', async () => {
    const { router, url } = renderPortal('/new-instance?template_uid=t-1', signedOut());
    expect(await screen.findByRole('heading', { name: 'portal_compute/NewInstance page' })).toBeTruthy();
    await act(() => router.navigate('/profile/ssh-keys'));
    expect(url()).toBe('/auth/login?redirect=%2Fprofile%2Fssh-keys');
    await act(() => router.navigate('/new-instance?template_uid=t-2'));
    expect(url()).toBe('/new-instance?template_uid=t-2');
    // the same route, another query: the guard runs again
    await act(() => router.navigate('/new-instance'));
    expect(url()).toBe('/auth/login?redirect=%2Fnew-instance');
  });

  it('replaces the refused URL on the first load (Back must not bounce into the redirect)', async () => {
    const { router } = renderPortal('/support', signedOut());
    expect(await screen.findByRole('heading', { name: 'portal_auth/Login page' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('in an in-app navigation, the redirect takes the refused page’s place: Back returns to where the user was', async () => {
    const { router } = renderPortal('/invitation/key-1', signedOut());
    expect(await screen.findByRole('heading', { name: 'portal_auth/Invitation page' })).toBeTruthy();
    await act(() => router.navigate('/support'));
    expect(router.state.location.pathname).toBe('/auth/login');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/invitation/key-1');
  });
});

describe('auth changes move the user (store and router together)', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async (id: string) => page(id));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(REMOTES)),
    );
    clearCookies();
    await registerPortalRemotes();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a login on the Login page lands on the redirect target, guarded as a signed-in user', async () => {
    const { url } = renderPortal('/workspace/abc/billing?tab=x', signedOut());
    expect(await screen.findByRole('heading', { name: 'portal_auth/Login page' })).toBeTruthy();
    fireAuthChange(signedIn());
    // (the Billing module cached by an earlier test renders its params)
    expect(await screen.findByRole('heading', { name: /^portal_billing\/Billing/ })).toBeTruthy();
    expect(url()).toBe('/workspace/abc/billing?tab=x');
  });

  it('a login that needs a second factor keeps the destination through the MFA step', async () => {
    const { url } = renderPortal('/auth/login?redirect=%2Fsupport', signedOut());
    expect(await screen.findByRole('heading', { name: 'portal_auth/Login page' })).toBeTruthy();
    fireAuthChange(signedOut('mfa_authenticate'));
    await waitFor(() => expect(url()).toBe('/auth/2fa/authenticate?redirect=%2Fsupport'));
    fireAuthChange(signedIn());
    await waitFor(() => expect(url()).toBe('/support'));
  });
});
