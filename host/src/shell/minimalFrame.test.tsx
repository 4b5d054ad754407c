import { AUTH_CHANGE_EVENT, usePortal } from '@portal/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signedOut } from '../test/authFixtures';
import { clearCookies, renderPortal } from '../test/renderPortal';

// Issue 14: the sign-in pages render in a minimal frame; the chrome and the GraphQL stack are
// lazy chunks. Which of them a test has imported is seen by their module factories (the module
// registry lives for the whole file, so the tests that load nothing come first).
const imported = vi.hoisted(() => ({ chrome: false }));
vi.mock('./ChromeLayout', async (original) => {
  imported.chrome = true;
  return original();
});

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const { registerPortalRemotes } = await import('../federation/remoteRegistry');

/** every remote page: its id, and whether usePortal().graphql is a client */
function probe(id: string) {
  return function Probe() {
    const { graphql } = usePortal();
    let client = 'no client';
    try {
      client = typeof graphql.executeQuery === 'function' ? 'a client' : 'no client';
    } catch (error) {
      client = (error as Error).message;
    }
    return (
      <div>
        <h1>{id}</h1>
        <output aria-label="graphql">{client}</output>
      </div>
    );
  };
}

describe('the minimal frame of the sign-in pages (no chrome, no GraphQL stack)', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async (id: string) => ({ default: probe(id) }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          auth: 'http://a/m.json',
          workspace: 'http://w/m.json',
          support: 'http://s/m.json',
          compute: 'http://c/m.json',
          billing: 'http://b/m.json',
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

  it('a visitor on /auth/login gets the brand bar and the page, without the chrome or a GraphQL client', async () => {
    const { clients, workspaces } = renderPortal('/auth/login', signedOut());
    await screen.findByRole('heading', { name: 'portal_auth/Login' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Customer Portal')).toBeTruthy();
    expect(within(banner).getByText('Log in')).toBeTruthy();
    expect(within(banner).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    // the cookie notice is there all the same
    expect(screen.getByRole('button', { name: 'Cookie Policy' })).toBeTruthy();
    expect(imported.chrome).toBe(false);
    expect(clients).toHaveLength(0);
    expect(workspaces.client()).toBeUndefined();
    expect(screen.getByRole('status', { name: 'graphql' }).textContent).toBe(
      'The GraphQL client loads once someone is signed in or a page outside /auth/ opens',
    );
  });

  it('the guard decides first: a visitor sent from Home to Login loads neither', async () => {
    const { url, clients } = renderPortal('/', signedOut());
    await screen.findByRole('heading', { name: 'portal_auth/Login' });
    expect(url()).toBe('/auth/login');
    expect(imported.chrome).toBe(false);
    expect(clients).toHaveLength(0);
  });

  it('signing in loads the GraphQL stack and the chrome, and leaves the sign-in page', async () => {
    const { url, clients, workspaces } = renderPortal('/auth/login', signedOut(), { workspaces: () => [] });
    await screen.findByRole('heading', { name: 'portal_auth/Login' });
    act(() => {
      window.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT, { detail: signedIn() }));
    });
    await waitFor(() => expect(url()).toBe('/'));
    await screen.findByRole('button', { name: 'Account menu of Ada Lovelace' });
    expect(imported.chrome).toBe(true);
    expect(clients).toHaveLength(1);
    expect(workspaces.client()).toBe(clients[0]);
  });

  it('a visitor on a page outside /auth/ gets the chrome and a client before the page renders', async () => {
    const { clients } = renderPortal('/new-instance?template_uid=t', signedOut());
    await screen.findByRole('heading', { name: /^portal_compute\/NewInstance/ });
    expect(screen.getByRole('status', { name: 'graphql' }).textContent).toBe('a client');
    expect(clients).toHaveLength(1);
    expect(within(screen.getByRole('banner')).getByRole('button', { name: /navigation/i })).toBeTruthy();
  });
});
