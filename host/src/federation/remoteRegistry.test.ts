import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The federation runtime is the boundary faked here.
const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { registerPortalRemotes, isRemoteConfigured, SIGN_IN_PAGE, startPageLoad, takePageLoad } = await import(
  './remoteRegistry'
);

const MAP = { auth: 'http://a/mf-manifest.json', compute: 'http://c/mf-manifest.json' };

describe('registerPortalRemotes', () => {
  beforeEach(() => {
    runtime.loadRemote.mockReset().mockResolvedValue({ default: () => null });
    runtime.registerRemotes.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('registers the map and, on a sign-in page, starts loading the Login page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(MAP)),
    );
    await registerPortalRemotes('/auth/reset-password');
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'portal_auth', entry: 'http://a/mf-manifest.json' },
      { name: 'portal_compute', entry: 'http://c/mf-manifest.json' },
    ]);
    expect(isRemoteConfigured('auth')).toBe(true);
    expect(runtime.loadRemote).toHaveBeenCalledExactlyOnceWith('portal_auth/Login');
  });

  it.each([
    ['a page of a signed-in user', '/workspace/C-1/dashboard'],
    ['no path given', undefined],
  ])('loads no page for %s', async (_case, path) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(MAP)),
    );
    await registerPortalRemotes(path);
    expect(runtime.registerRemotes).toHaveBeenCalledOnce();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('a sign-in page without the sign-in remote in the map loads nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ compute: MAP.compute })),
    );
    await registerPortalRemotes('/auth/login');
    expect(isRemoteConfigured('auth')).toBe(false);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('a broken map is reported, registers and loads nothing, and does not throw', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 502 })),
    );
    await expect(registerPortalRemotes('/auth/login')).resolves.toBeUndefined();
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    expect(vi.mocked(console.error).mock.calls.flat().join(' ')).toContain('/remotes.json answered 502');
  });

  it('hands the load to the page once, a failure included (no unhandled rejection meanwhile)', async () => {
    runtime.loadRemote.mockRejectedValue(new Error('manifest unreachable'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(MAP)),
    );
    await registerPortalRemotes('/auth/login');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takePageLoad(SIGN_IN_PAGE)).rejects.toThrow('manifest unreachable');
    expect(takePageLoad(SIGN_IN_PAGE)).toBeUndefined();
    expect(runtime.loadRemote).toHaveBeenCalledOnce();
  });

  it('starts a page once until it is taken, and forgets loads of an earlier map', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(MAP)),
    );
    await registerPortalRemotes();
    expect(startPageLoad({ remote: 'compute', page: 'Dashboard' })).toBe(true);
    expect(startPageLoad({ remote: 'compute', page: 'Dashboard' })).toBe(false);
    expect(startPageLoad({ remote: 'billing', page: 'Billing' })).toBe(false); // not in the map
    await registerPortalRemotes();
    expect(takePageLoad({ remote: 'compute', page: 'Dashboard' })).toBeUndefined();
    expect(runtime.loadRemote).toHaveBeenCalledExactlyOnceWith('portal_compute/Dashboard');
  });
});
