import {
  AUTH_CHANGE_EVENT,
  type AuthResponseBody,
  readNextPath,
  saveNextPath,
  usePortal,
} from '@portal/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEFORE_EXPIRY_KEY } from '../session/beforeExpiryPath';
import { ada, reauthRequired, signedIn, signedInAgain, signedOut } from '../test/authFixtures';
import { clearCookies, renderPortal } from '../test/renderPortal';

// The federation runtime is faked: every remote page shows what usePortal().session says.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const { registerPortalRemotes } = await import('../federation/remoteRegistry');

function SessionProbe() {
  const { session } = usePortal();
  const flow = session.auth?.data?.flows?.find((f) => f.is_pending)?.id ?? 'none';
  return (
    <output aria-label="session">
      {`auth=${session.isAuthenticated} status=${session.auth?.status ?? 'null'} flow=${flow} loaded=${session.loaded}`}
    </output>
  );
}

function fire(detail: unknown) {
  act(() => {
    window.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT, { detail }));
  });
}

const probe = () => screen.getByRole('status', { name: 'session' }).textContent;

describe('PortalProvider: session store and auth-change events', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockImplementation(async () => ({ default: SessionProbe }));
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

  it('gives remotes the loaded session from the store', async () => {
    renderPortal('/support', signedIn());
    await screen.findByRole('status', { name: 'session' });
    expect(probe()).toBe('auth=true status=200 flow=none loaded=true');
  });

  it('pushes every answer into session.auth, even when nothing moves (sign-up → verify_email on /auth/signup)', async () => {
    const { url } = renderPortal('/auth/signup', signedOut());
    await screen.findByRole('status', { name: 'session' });
    fire(signedOut('verify_email'));
    expect(probe()).toBe('auth=false status=401 flow=verify_email loaded=true');
    expect(url()).toBe('/auth/signup');
    // the same flow again: no outcome, still the latest answer
    const again: AuthResponseBody = {
      ...signedOut('verify_email'),
      data: { flows: [{ id: 'verify_email', is_pending: true }], extra: 1 },
    };
    fire(again);
    expect(probe()).toBe('auth=false status=401 flow=verify_email loaded=true');
  });

  it('FLOW_UPDATED: moves to the pending flow’s page', async () => {
    const { url } = renderPortal('/auth/login', signedOut());
    await screen.findByRole('status', { name: 'session' });
    fire(signedOut('login_by_code'));
    await waitFor(() => expect(url()).toBe('/auth/login/code/confirm'));
    expect(probe()).toBe('auth=false status=401 flow=login_by_code loaded=true');
  });

  it('LOGGED_OUT on 410: signed out, on Login', async () => {
    const { url } = renderPortal('/support', signedIn());
    await screen.findByRole('status', { name: 'session' });
    fire({ status: 410 });
    await waitFor(() => expect(url()).toBe('/auth/login'));
    expect(probe()).toBe('auth=false status=410 flow=none loaded=true');
  });

  it('REAUTHENTICATION_REQUIRED then REAUTHENTICATED: away to reauthenticate, and back', async () => {
    const { url } = renderPortal('/workspace/abc/billing?tab=x', signedIn());
    await screen.findByRole('status', { name: 'session' });

    fire(reauthRequired());
    await waitFor(() => expect(url()).toBe('/auth/reauthenticate'));
    // still signed in (401 with is_authenticated), so the guard admits the reauthentication page
    expect(probe()).toBe('auth=true status=401 flow=none loaded=true');
    expect(readNextPath()).toBe('/workspace/abc/billing?tab=x');

    fire(signedInAgain());
    await waitFor(() => expect(url()).toBe('/workspace/abc/billing?tab=x'));
    expect(readNextPath()).toBeUndefined();
  });

  it('LOGGED_IN: the path saved before an expiry, resolved through the route table, then forgotten', async () => {
    localStorage.setItem(
      BEFORE_EXPIRY_KEY,
      JSON.stringify({ name: 'Status', params: { contractUid: 'C-1' } }),
    );
    const { url } = renderPortal('/auth/login', signedOut());
    await screen.findByRole('status', { name: 'session' });
    fire(signedIn());
    await waitFor(() => expect(url()).toBe('/workspace/C-1/status'));
    expect(localStorage.getItem(BEFORE_EXPIRY_KEY)).toBeNull();
  });

  it('LOGGED_IN: the next cookie before the path saved before expiry', async () => {
    localStorage.setItem(
      BEFORE_EXPIRY_KEY,
      JSON.stringify({ name: 'Status', params: { contractUid: 'C-1' } }),
    );
    saveNextPath('/profile/ssh-keys');
    const { url } = renderPortal('/auth/login', signedOut());
    await screen.findByRole('status', { name: 'session' });
    fire(signedIn());
    await waitFor(() => expect(url()).toBe('/profile/ssh-keys'));
    expect(readNextPath()).toBeUndefined();
    expect(localStorage.getItem(BEFORE_EXPIRY_KEY)).not.toBeNull();
  });

  it('another user signing in is a fresh login', async () => {
    const { url } = renderPortal('/auth/login/code/confirm', signedOut('login_by_code'));
    await screen.findByRole('status', { name: 'session' });
    fire(signedIn({ ...ada, id: 99 }));
    await waitFor(() => expect(url()).toBe('/'));
  });

  it("an unknown flow is reported and shown as the error 'Unknown path for flow', not a blank page", async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { url } = renderPortal('/auth/login', signedOut());
    await screen.findByRole('status', { name: 'session' });
    fire({
      status: 401,
      data: { flows: [{ id: 'mfa_trust', is_pending: true }] },
      meta: { is_authenticated: false },
    });
    expect(await screen.findByText('Unknown path for flow')).toBeTruthy();
    expect(report).toHaveBeenCalledWith(
      '[portal] error',
      { phase: 'auth change' },
      expect.any(Error),
      expect.any(Array),
    );
    expect(url()).toBe('/auth/login');
    expect(screen.getByRole('status', { name: 'session' })).toBeTruthy();
  });

  it('ignores an event without an allauth answer', async () => {
    renderPortal('/support', signedIn());
    await screen.findByRole('status', { name: 'session' });
    fire(undefined);
    fire({ nope: true });
    expect(probe()).toBe('auth=true status=200 flow=none loaded=true');
  });

  it('stops listening when unmounted', async () => {
    const { unmount, store } = renderPortal('/support', signedIn());
    await screen.findByRole('status', { name: 'session' });
    unmount();
    fire(signedOut());
    expect(store.getState().isAuthenticated).toBe(true);
  });
});
