import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The federation runtime is the boundary faked here.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { registerPortalRemotes } = await import('../federation/remoteRegistry');
const { lazyRemotePage, preloadFirstPage } = await import('./lazyRemotePage');

const WORKSPACE = '/workspace/5f0c6a1e-4b7d-4c1a-9d0e-0000000c0001';

describe('preloadFirstPage', () => {
  beforeEach(async () => {
    runtime.loadRemote.mockReset();
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ auth: 'http://a/mf-manifest.json', compute: 'http://c/mf-manifest.json' }),
      ),
    );
    await registerPortalRemotes();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the sign-in page a visitor will see', () => {
    preloadFirstPage('/auth/login', false);
    expect(runtime.loadRemote).toHaveBeenCalledExactlyOnceWith('portal_auth/Login');
  });

  it('loads the page a signed-in user will see', () => {
    preloadFirstPage(`${WORKSPACE}/dashboard`, true);
    expect(runtime.loadRemote).toHaveBeenCalledExactlyOnceWith('portal_compute/Dashboard');
  });

  it('does not load a page that main.js started already', async () => {
    await registerPortalRemotes('/auth/login');
    expect(preloadFirstPage('/auth/login', false)).toBe(false);
    expect(runtime.loadRemote).toHaveBeenCalledExactlyOnceWith('portal_auth/Login');
  });

  it.each([
    [
      'a visitor on a page that needs a sign-in (the guard sends them to Login)',
      `${WORKSPACE}/dashboard`,
      false,
    ],
    ['a signed-in user on a sign-in page (the guard sends them on)', '/auth/login', true],
    ["the host's own Home", '/', true],
    ['a path that redirects home', '/nowhere', true],
    ['a remote missing from /remotes.json', '/support', true],
  ])('loads nothing for %s', (_case, path, signedIn) => {
    expect(preloadFirstPage(path, signedIn)).toBe(false);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it("is taken over by the page's first load, and a Retry loads again", async () => {
    runtime.loadRemote.mockResolvedValue({ default: () => <h1>Welcome</h1> });
    preloadFirstPage('/auth/login', false);
    const first = renderPage(0);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    first.unmount();
    renderPage(1);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('hands a failure to the page, which shows and reports it', async () => {
    runtime.loadRemote.mockRejectedValue(new Error('manifest unreachable'));
    preloadFirstPage('/auth/login', false);
    // no unhandled rejection meanwhile (vitest fails the run on one)
    await new Promise((resolve) => setTimeout(resolve, 0));
    renderPage(2); // (attempts 0 and 1 of this page are cached, loaded, by the test above)
    expect((await screen.findByRole('alert')).textContent).toBe('manifest unreachable');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });
});

function renderPage(attempt: number) {
  const Page = lazyRemotePage({ remote: 'auth', page: 'Login' }, attempt);
  return render(
    <ErrorBoundary fallbackRender={({ error }) => <p role="alert">{(error as Error).message}</p>}>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </ErrorBoundary>,
  );
}
