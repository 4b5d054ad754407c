import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The federation runtime is the boundary faked here.
const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  preloadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { registerPortalRemotes, isRemoteConfigured } = await import('./remoteRegistry');

const MAP = { auth: 'http://a/mf-manifest.json', compute: 'http://c/mf-manifest.json' };

describe('registerPortalRemotes', () => {
  beforeEach(() => {
    runtime.preloadRemote.mockReset().mockResolvedValue(undefined);
    runtime.registerRemotes.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("registers the map and, on a sign-in page, fetches the sign-in remote's manifest and entry only", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(MAP)),
    );
    await registerPortalRemotes('/auth/login');
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'portal_auth', entry: 'http://a/mf-manifest.json' },
      { name: 'portal_compute', entry: 'http://c/mf-manifest.json' },
    ]);
    expect(isRemoteConfigured('auth')).toBe(true);
    expect(runtime.preloadRemote).toHaveBeenCalledOnce();
    const [[options]] = runtime.preloadRemote.mock.calls as [
      [{ nameOrAlias: string; filter: (url: string) => boolean }[]],
    ];
    expect(options).toHaveLength(1);
    expect(options[0]?.nameOrAlias).toBe('portal_auth');
    // no page chunk: the route table decides the page, later
    expect(options[0]?.filter('http://a/static/js/__federation_expose_Login.js')).toBe(false);
  });

  it.each([
    ['a page of a signed-in user', '/workspace/C-1/dashboard'],
    ['no path given', undefined],
  ])('preloads nothing for %s', async (_case, path) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(MAP)),
    );
    await registerPortalRemotes(path);
    expect(runtime.registerRemotes).toHaveBeenCalledOnce();
    expect(runtime.preloadRemote).not.toHaveBeenCalled();
  });

  it('a sign-in page without the sign-in remote in the map preloads nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ compute: MAP.compute })),
    );
    await registerPortalRemotes('/auth/login');
    expect(runtime.preloadRemote).not.toHaveBeenCalled();
  });

  it('a broken map is reported, registers and preloads nothing, and does not throw', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 502 })),
    );
    await expect(registerPortalRemotes('/auth/login')).resolves.toBeUndefined();
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(runtime.preloadRemote).not.toHaveBeenCalled();
    expect(String(vi.mocked(console.error).mock.calls.flat().join(' '))).toContain(
      '/remotes.json answered 502',
    );
  });

  it('a failed preload is left to the page load (no unhandled rejection)', async () => {
    runtime.preloadRemote.mockRejectedValue(new Error('manifest unreachable'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(MAP)),
    );
    await registerPortalRemotes('/auth/login');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runtime.preloadRemote).toHaveBeenCalledOnce();
  });
});
