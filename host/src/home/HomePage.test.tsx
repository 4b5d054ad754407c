import type { PortalWorkspaceFragment } from '@portal/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../test/authFixtures';
import { workspace } from '../test/fakeWorkspaceClient';
import { clearCookies, renderPortal } from '../test/renderPortal';

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const { registerPortalRemotes } = await import('../federation/remoteRegistry');

const withServices = (w: PortalWorkspaceFragment) => ({ ...w, services: [{ uid: 'svc-1' }] });

describe('HomePage', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async (id: string) => ({ default: () => <h1>{id}</h1> }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ compute: 'http://c/m.json', support: 'http://s/m.json' })),
    );
    await registerPortalRemotes();
    clearCookies();
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('no workspace: Welcome, how to get one, and Contact support', async () => {
    const { url } = renderPortal('/', signedIn(), { workspaces: () => [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText(/ask its administrator to invite you/)).toBeTruthy();
    // support is described as available 24x7 (spec section 1)
    expect(screen.getByText(/our support team, available 24x7, will set one up with you/)).toBeTruthy();
    const support = screen.getByRole('link', { name: 'Contact support' });
    expect(support.getAttribute('href')).toBe('/support');
    await userEvent.click(support);
    await waitFor(() => expect(url()).toBe('/support'));
  });

  it('a workspace without services: Welcome and Add new Service', async () => {
    const { url } = renderPortal('/', signedIn(), {
      workspaces: () => [workspace('c-1', { kind: 'CAB', name: 'Alpha Cloud' })],
    });
    expect(await screen.findByText(/Your workspace Alpha Cloud has no active service yet/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Add new Service' }));
    await waitFor(() => expect(url()).toBe('/new-instance'));
  });

  it("a workspace with services: straight to its Dashboard, replacing Home's entry", async () => {
    const { url, router } = renderPortal('/', signedIn(), {
      workspaces: () => [withServices(workspace('c-1', { kind: 'STD' }))],
    });
    await waitFor(() => expect(url()).toBe('/workspace/c-1/dashboard'));
    expect(await screen.findByRole('heading', { name: 'portal_compute/Dashboard' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('heading', { name: 'Welcome' })).toBeNull();
  });

  it('the list could not be loaded: Welcome, and Try again loads it again', async () => {
    const { clients } = renderPortal('/', signedIn(), { workspaces: 'unavailable' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText('Your workspaces could not be loaded. Please try again.')).toBeTruthy();
    const calls = clients[0]?.executeQuery.mock.calls.length ?? 0;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(clients[0]?.executeQuery.mock.calls.length).toBeGreaterThan(calls));
  });
});
