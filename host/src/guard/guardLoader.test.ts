import { readNextPath, saveNextPath } from '@portal/shared';
import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { findRoute, type PortalRoute } from '../routes/routeTable';
import { createSessionStore } from '../session/sessionStore';
import { session, signedIn, signedOut } from '../test/authFixtures';
import { clearCookies } from '../test/renderPortal';
import { type GuardSource, guardLoader } from './guardLoader';

function source(auth = signedIn(), at: string | null = '/products', addressShows = false): GuardSource {
  const [pathname = '/', query] = (at ?? '/').split('?');
  const state = { initialized: at !== null, location: { pathname, search: query ? `?${query}` : '' } };
  return {
    store: createSessionStore(session(auth)),
    router: () => ({ state }) as never,
    addressShows: () => addressShows,
  };
}

function run(route: PortalRoute, url: string, src: GuardSource, params: Record<string, string> = {}) {
  const args = {
    request: new Request(`http://portal.test${url}`),
    params,
    context: {},
  } as LoaderFunctionArgs;
  try {
    return { value: guardLoader(route, route.path, src)(args) };
  } catch (thrown) {
    const response = thrown as Response;
    return { location: response.headers.get('Location'), replace: response.headers.has('X-Remix-Replace') };
  }
}

const support = findRoute('Support')!;
const flagged: PortalRoute = { ...support, meta: { ...support.meta, featureFlag: 'off' } };

describe('guardLoader', () => {
  beforeEach(clearCookies);

  it('allows with no data', () => {
    expect(run(support, '/support', source())).toEqual({ value: null });
  });

  it('stays by replacing the current entry with itself', () => {
    expect(run(flagged, '/support', source(signedIn(), '/products?x=1'))).toEqual({
      location: '/products?x=1',
      replace: true,
    });
  });

  it('on a first load, a hidden route goes Home in place', () => {
    expect(run(flagged, '/support', source(signedIn(), null))).toEqual({ location: '/', replace: true });
  });

  it('redirects in place on the first load', () => {
    expect(run(support, '/support', source(signedOut(), null))).toEqual({
      location: '/auth/login?redirect=%2Fsupport',
      replace: true,
    });
  });

  it('pushes the redirect in an in-app navigation', () => {
    expect(run(support, '/support', source(signedOut(), '/invitation/k'))).toEqual({
      location: '/auth/login?redirect=%2Fsupport',
      replace: false,
    });
  });

  it('redirects in place when the address bar already shows the refused URL (Back/Forward)', () => {
    expect(run(support, '/support', source(signedOut(), '/invitation/k', true))).toEqual({
      location: '/auth/login?redirect=%2Fsupport',
      replace: true,
    });
  });

  it('forgets the next cookie it sends a signed-in user to', () => {
    saveNextPath('/products');
    expect(run(findRoute('Login')!, '/auth/login', source(signedIn(), null))).toEqual({
      location: '/products',
      replace: true,
    });
    expect(readNextPath()).toBeUndefined();
  });

  it('reads the session at navigation time, not at creation', () => {
    const src = source(signedOut(), '/invitation/k');
    expect(run(support, '/support', src).location).toBe('/auth/login?redirect=%2Fsupport');
    src.store.receive(signedIn());
    expect(run(support, '/support', src)).toEqual({ value: null });
  });

  describe('feature flags (from the user, me.env.profiles)', () => {
    /** a user's flags that arrive when `arrive()` is called */
    function flagSource(flags: Record<string, boolean>) {
      let current: Record<string, boolean> = {};
      let arrive = () => {};
      const pending = new Promise<void>((resolve) => {
        arrive = () => {
          current = flags;
          resolve();
        };
      });
      return { source: { flags: () => current, prepare: () => pending }, arrive };
    }

    it("a flagged route waits for the signed-in user's flags, then shows when the flag is on", async () => {
      const { source: flags, arrive } = flagSource({ off: true });
      const result = run(flagged, '/support', { ...source(signedIn(), '/products'), flags });
      expect(result.value).toBeInstanceOf(Promise);
      arrive();
      await expect(result.value).resolves.toBeNull();
    });

    it('with the flag not listed, the user stays where they were', async () => {
      const { source: flags, arrive } = flagSource({ beta: true });
      const result = run(flagged, '/support', { ...source(signedIn(), '/products'), flags });
      arrive();
      const thrown = (await (result.value as Promise<unknown>).catch((error: unknown) => error)) as Response;
      expect(thrown.headers.get('Location')).toBe('/products');
    });

    it('an unflagged route does not wait for the flags', () => {
      const { source: flags } = flagSource({});
      expect(run(support, '/support', { ...source(signedIn()), flags })).toEqual({ value: null });
    });

    it('signed out, nothing is waited for: every flag is off', () => {
      const { source: flags } = flagSource({ off: true });
      expect(run(flagged, '/support', { ...source(signedOut(), null), flags })).toEqual({
        location: '/',
        replace: true,
      });
    });
  });
});
