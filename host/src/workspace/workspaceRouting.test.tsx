import { AUTH_CHANGE_EVENT, PERMISSION_DENIED_MESSAGE, usePortal, WORKSPACE_UID_KEY } from '@portal/shared';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { useClient } from 'urql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gone, signedIn } from '../test/authFixtures';
import { workspace } from '../test/fakeWorkspaceClient';
import { clearCookies, renderPortal } from '../test/renderPortal';

// The federation runtime is faked: every remote page is a probe of the portal's workspace state.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const { registerPortalRemotes } = await import('../federation/remoteRegistry');

function Probe() {
  const portal = usePortal();
  const { contractUid } = useParams();
  const urqlClient = useClient();
  return (
    <div>
      <output aria-label="workspace">
        {`path=${contractUid ?? '-'} current=${portal.workspace?.contractUid ?? 'none'} status=${portal.workspacesStatus} employee=${portal.workspace?.activeEmployeeUid ?? '-'} count=${portal.workspaces.length}`}
      </output>
      <output aria-label="client">{urqlClient === portal.graphql ? 'same client' : 'other client'}</output>
      <button type="button" onClick={() => portal.setWorkspace('A')}>
        Switch to A
      </button>
      <button type="button" onClick={() => portal.setActiveEmployee('B-e2')}>
        Act as B-e2
      </button>
    </div>
  );
}

const a = workspace('A', { account: 'Alpha' });
const b = workspace('B', { account: 'Beta', kind: 'CAB', employees: ['B-e1', 'B-e2'] });
const c = workspace('C', { account: 'Gamma', kind: 'CAB' });
const list = () => [c, a, b];
/** waits until the probe shows `text` */
const probeShows = (text: string) =>
  waitFor(() => expect(screen.getByRole('status', { name: 'workspace' }).textContent).toContain(text), {
    timeout: 3000,
  });

describe('workspaces in the host: selection, guard step 5, the contract', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async () => ({ default: Probe }));
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

  it('after sign-in the first CAB workspace (by account name) is current, with its first employee', async () => {
    renderPortal('/support', signedIn(), { workspaces: list });
    await probeShows('current=B status=loaded employee=B-e1 count=3');
    expect(localStorage.getItem(WORKSPACE_UID_KEY)).toBe('B');
  });

  it('a workspace page of another workspace follows the current one when the path names none of the list', async () => {
    const { url } = renderPortal('/workspace/Z/billing/invoices?page=2', signedIn(), { workspaces: list });
    await waitFor(() => expect(url()).toBe('/workspace/B/billing/invoices?page=2'));
    await probeShows('path=B current=B');
  });

  it('a deep link to another user’s workspace is refused with the spec’s message', async () => {
    renderPortal('/workspace/Z/status', signedIn(), { workspaces: list });
    expect(await screen.findByText(PERMISSION_DENIED_MESSAGE)).toBeTruthy();
  });

  it('a deep link to one of the user’s own workspaces selects it (and remembers it)', async () => {
    const { url } = renderPortal('/workspace/A/billing', signedIn(), { workspaces: list });
    await probeShows('path=A current=A');
    expect(url()).toBe('/workspace/A/billing');
    expect(localStorage.getItem(WORKSPACE_UID_KEY)).toBe('A');
    expect(screen.queryByText(PERMISSION_DENIED_MESSAGE)).toBeNull();
  });

  it('an empty list sends workspace pages Home', async () => {
    const { url } = renderPortal('/workspace/A/billing', signedIn(), { workspaces: () => [] });
    await waitFor(() => expect(url()).toBe('/'));
  });

  it('switching workspace rewrites the URL’s contractUid, and a reload keeps it', async () => {
    const user = userEvent.setup();
    const first = renderPortal('/workspace/B/billing/invoices', signedIn(), { workspaces: list });
    await probeShows('current=B');
    await user.click(screen.getByRole('button', { name: 'Switch to A' }));
    await waitFor(() => expect(first.url()).toBe('/workspace/A/billing/invoices'));
    await probeShows('path=A current=A');
    cleanup();
    // a reload: a new host on the same URL and local storage
    const reloaded = renderPortal('/workspace/A/billing/invoices', signedIn(), { workspaces: list });
    await probeShows('path=A current=A');
    expect(reloaded.url()).toBe('/workspace/A/billing/invoices');
    cleanup();
    // and a page outside the workspace area finds the stored one too
    renderPortal('/support', signedIn(), { workspaces: list });
    await probeShows('current=A');
  }, 20_000);

  it('setActiveEmployee reaches the current workspace', async () => {
    const user = userEvent.setup();
    renderPortal('/support', signedIn(), { workspaces: list });
    await probeShows('employee=B-e1');
    await user.click(screen.getByRole('button', { name: 'Act as B-e2' }));
    await probeShows('employee=B-e2');
  });

  it('gives remote pages the urql client, through usePortal() and urql’s Provider alike', async () => {
    renderPortal('/support', signedIn(), { workspaces: list });
    expect((await screen.findByRole('status', { name: 'client' })).textContent).toBe('same client');
  });

  it('sign-out clears the workspace state', async () => {
    const { workspaces } = renderPortal('/support', signedIn(), { workspaces: list });
    await probeShows('current=B');
    act(() => {
      window.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT, { detail: gone }));
    });
    expect(workspaces.store.getState()).toMatchObject({ status: 'idle', current: null, workspaces: [] });
  });

  it('while the list cannot be loaded, workspace pages are left alone (step 5 inert)', async () => {
    const { url } = renderPortal('/workspace/Q/status', signedIn());
    await probeShows('path=Q current=none status=error');
    expect(url()).toBe('/workspace/Q/status');
  });
});
