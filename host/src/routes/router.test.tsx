import { createI18n } from '@portal/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shellEn } from '../portal/en';
import { buildRouteObjects } from './createRouter';

// The federation runtime is the boundary faked here: it hands out page modules or fails.
const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { registerPortalRemotes } = await import('../federation/remoteRegistry');

function renderAt(path: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  render(
    <I18nextProvider i18n={createI18n({ en: { shell: shellEn } })}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

function page(name: string) {
  return { default: () => <h1>{name} page</h1> };
}

describe('host router', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.registerRemotes.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          auth: 'http://a/mf-manifest.json',
          workspace: 'http://w/mf-manifest.json',
          billing: 'http://b/mf-manifest.json',
          compute: 'http://c/mf-manifest.json',
          support: 'http://s/mf-manifest.json',
        }),
      ),
    );
    await registerPortalRemotes();
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
    renderAt('/workspace/C-7/billing/invoices');
    expect(await screen.findByRole('heading', { name: 'portal_billing/Billing C-7 invoices' })).toBeTruthy();
  });

  it('renders the same page for an alias', async () => {
    runtime.loadRemote.mockImplementation(async (id: string) => page(id));
    renderAt('/auth/2fa/reauthenticate');
    expect(
      await screen.findByRole('heading', { name: 'portal_auth/MultiFactorAuthorization page' }),
    ).toBeTruthy();
  });

  it('redirects unknown paths home', async () => {
    const router = renderAt('/definitely/not/here');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a fallback naming the section when the remote fails, and Retry loads it afresh', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new Error('ScriptNetworkError'));
    renderAt('/support');
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

  it('uses no chrome on full-screen routes and the auth layout under /auth/', async () => {
    runtime.loadRemote.mockImplementation(async (id: string) => page(id));
    renderAt('/console/vm-1');
    expect(await screen.findByRole('heading', { name: 'portal_compute/Console page' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('keeps the drawer off auth pages', async () => {
    runtime.loadRemote.mockImplementation(async (id: string) => page(id));
    renderAt('/auth/login');
    expect(await screen.findByRole('heading', { name: 'portal_auth/Login page' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
