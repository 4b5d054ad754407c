import { describe, expect, it } from 'vitest';
import { matchPortalRoute, type PortalRoute, ROUTES } from '../routes/routeTable';
import { type GuardState, type GuardTarget, guard, loginWithRedirect } from './guard';
import { WORKSPACES_NOT_LOADED, type WorkspaceGuardState } from './workspaceGuardState';

function target(url: string, route?: PortalRoute): GuardTarget {
  const parsed = new URL(url, 'https://portal.invalid');
  const match = matchPortalRoute(parsed.pathname);
  if (!match) throw new Error(`no route for ${url}`);
  return {
    route: route ?? match.route,
    pattern: match.pattern,
    params: match.params,
    pathname: parsed.pathname,
    search: parsed.search,
  };
}

const visitor: GuardState = {
  isAuthenticated: false,
  featureFlags: {},
  from: null,
  nextPath: undefined,
  workspaces: WORKSPACES_NOT_LOADED,
};
const member: GuardState = { ...visitor, isAuthenticated: true };
const ws = (workspaces: WorkspaceGuardState): GuardState => ({ ...member, workspaces });

const login = (intended: string) => ({ kind: 'redirect', to: loginWithRedirect(intended) });
const ALLOW = { kind: 'allow' };

describe('guard step 1: a route whose feature flag is hidden keeps the user where they were', () => {
  const flagged = (name: string) => {
    const route = ROUTES.find((r) => r.name === name)!;
    return { ...route, meta: { ...route.meta, featureFlag: 'newSupport' } };
  };

  it('stays where the user is', () => {
    expect(guard(target('/support', flagged('Support')), { ...member, from: '/products?x=1' })).toEqual({
      kind: 'stay',
      at: '/products?x=1',
    });
  });

  it('on a first load, with nowhere to stay, goes Home', () => {
    expect(guard(target('/support', flagged('Support')), member)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('goes Home rather than "staying" on the hidden page itself (a flag turned off under the user)', () => {
    expect(
      guard(target('/support', flagged('Support')), { ...member, from: '/support?folder=sent' }),
    ).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('a flag that is off or unknown hides; a flag that is on shows', () => {
    const to = target('/support', flagged('Support'));
    expect(guard(to, { ...member, from: '/', featureFlags: { newSupport: false } }).kind).toBe('stay');
    expect(guard(to, { ...member, from: '/', featureFlags: { other: true } }).kind).toBe('stay');
    expect(guard(to, { ...member, from: '/', featureFlags: { newSupport: true } })).toEqual(ALLOW);
  });

  it('comes before everything else, skip-checks included', () => {
    expect(
      guard(target('/invitation/k1', flagged('Invitation')), { ...visitor, from: '/auth/login' }),
    ).toEqual({
      kind: 'stay',
      at: '/auth/login',
    });
  });
});

describe('guard step 2: skip-checks routes pass', () => {
  it.each([visitor, member])('Invitation passes (%#)', (state) => {
    expect(guard(target('/invitation/abc?x=1'), state)).toEqual(ALLOW);
  });
});

describe('guard step 3: visitors go to Login with the full intended path', () => {
  it.each([
    '/workspace/abc/billing?tab=x',
    '/workspace/abc',
    '/profile/ssh-keys',
    '/profile/accounts/42',
    '/support?folder=sent&q=a%26b',
    '/products',
    '/solutions',
    '/console/vm-1',
    '/auth/reauthenticate',
    '/auth/2fa',
    '/auth/2fa/totp/activate/',
    '/auth/2fa/recovery-codes/',
    '/home',
  ])('%s', (url) => {
    expect(guard(target(url), visitor)).toEqual(login(url));
  });

  it('encodes the whole intended path, query included, into one redirect parameter', () => {
    expect(loginWithRedirect('/workspace/abc/billing?tab=x')).toBe(
      '/auth/login?redirect=%2Fworkspace%2Fabc%2Fbilling%3Ftab%3Dx',
    );
  });

  it('Home needs no redirect note: it is the default destination', () => {
    expect(guard(target('/'), visitor)).toEqual({ kind: 'redirect', to: '/auth/login' });
  });

  it.each([
    '/auth/login',
    '/auth/signup',
    '/auth/signup/REF-1',
    '/auth/login/code/confirm',
    '/auth/reset-password',
    '/auth/reset-password/key/k-1',
    '/auth/provider/signup',
    '/auth/confirm-email/key-1',
    '/auth/confirm-email',
    '/auth/2fa/authenticate',
    '/auth/2fa/reauthenticate',
    '/account/provider/callback',
  ])('lets a visitor open %s (requiresAuth: false)', (url) => {
    expect(guard(target(url), visitor)).toEqual(ALLOW);
  });

  it.each(['/', '/workspace/abc/billing', '/auth/reauthenticate', '/auth/2fa', '/auth/2fa/totp/activate/'])(
    'lets a signed-in user open %s',
    (url) => {
      expect(guard(target(url), member)).toEqual(ALLOW);
    },
  );
});

describe('guard step 4: guest-only pages send a signed-in user to the saved next path or Home', () => {
  it.each([
    '/auth/login',
    '/auth/signup',
    '/auth/login/code/confirm',
    '/auth/reset-password',
    '/auth/reset-password/key/k-1',
    '/auth/provider/signup',
  ])('%s → Home', (url) => {
    expect(guard(target(url), member)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('→ the next cookie, which is consumed', () => {
    expect(guard(target('/auth/login'), { ...member, nextPath: '/support' })).toEqual({
      kind: 'redirect',
      to: '/support',
      consume: 'next',
    });
  });

  it('→ a safe redirect query first (a login link opened while signed in)', () => {
    expect(
      guard(target('/auth/login?redirect=%2Fbilling%3Fa%3D1'), { ...member, nextPath: '/support' }),
    ).toEqual({
      kind: 'redirect',
      to: '/billing?a=1',
    });
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
  ])('never to the unsafe redirect %s', (redirect) => {
    expect(guard(target(`/auth/login?${new URLSearchParams({ redirect })}`), member)).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('never to another guest-only page (that would loop)', () => {
    expect(
      guard(target('/auth/login?redirect=%2Fauth%2Flogin'), { ...member, nextPath: '/auth/signup' }),
    ).toEqual({ kind: 'redirect', to: '/' });
  });

  it('a user who needs reauthentication is signed in, so also skips Login', () => {
    expect(guard(target('/auth/login'), member)).toEqual({ kind: 'redirect', to: '/' });
  });

  it.each([
    '/auth/confirm-email/key-1',
    '/auth/2fa/authenticate',
    '/auth/2fa/reauthenticate',
    '/account/provider/callback',
  ])('%s is open to both, not guest-only', (url) => {
    expect(guard(target(url), member)).toEqual(ALLOW);
    expect(guard(target(url), visitor)).toEqual(ALLOW);
  });
});

describe('guard step 5: workspace routes follow the current workspace', () => {
  it('inert while workspaces are not loaded (the app today)', () => {
    expect(guard(target('/workspace/abc/billing'), member)).toEqual(ALLOW);
    expect(guard(target('/workspace/abc'), member)).toEqual(ALLOW);
  });

  it('an empty list after loading → Home', () => {
    expect(
      guard(target('/workspace/abc/billing'), ws({ loaded: true, currentContractUid: null, count: 0 })),
    ).toEqual({ kind: 'redirect', to: '/' });
  });

  it('no current workspace and no contractUid in the path → Home', () => {
    const to = { ...target('/workspace/abc/billing'), params: {} };
    expect(guard(to, ws({ loaded: false, currentContractUid: null, count: 0 }))).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(guard(to, ws({ loaded: true, currentContractUid: null, count: 3 }))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('no contractUid in the path but a current workspace → the route with the current one', () => {
    const to = { ...target('/workspace/abc/billing'), params: {} };
    expect(guard(to, ws({ loaded: true, currentContractUid: 'C-1', count: 3 }))).toEqual({
      kind: 'redirect',
      to: '/workspace/C-1/billing',
    });
  });

  it('the path names the current workspace → allowed', () => {
    expect(
      guard(target('/workspace/C-1/billing'), ws({ loaded: true, currentContractUid: 'C-1', count: 2 })),
    ).toEqual(ALLOW);
  });

  it("a role without the route's capability (Technical on Billing) → Home, with the permission message", () => {
    const state = (currentCapabilities: string[]) =>
      ws({ loaded: true, currentContractUid: 'abc', count: 1, contractUids: ['abc'], currentCapabilities });
    expect(guard(target('/workspace/abc/billing'), state(['WORKSPACE_VIEW', 'COMPUTE_VIEW']))).toEqual({
      kind: 'redirect',
      to: '/',
      notice: 'forbidden',
    });
    expect(guard(target('/workspace/abc/billing'), state(['WORKSPACE_VIEW', 'BILLING_VIEW']))).toEqual(ALLOW);
    expect(guard(target('/workspace/abc/settings'), state(['WORKSPACE_VIEW']))).toEqual(ALLOW);
  });

  it('a loaded list with no current workspace yet leaves the path alone', () => {
    expect(
      guard(target('/workspace/abc/billing'), ws({ loaded: true, currentContractUid: null, count: 2 })),
    ).toEqual(ALLOW);
  });

  it.each([
    ['/workspace/abc/billing?tab=x', '/workspace/C-1/billing?tab=x'],
    ['/workspace/abc/billing/invoices', '/workspace/C-1/billing/invoices'],
    ['/workspace/abc', '/workspace/C-1'],
    ['/workspace/abc/dashboard/network', '/workspace/C-1/dashboard/network'],
    ['/workspace/abc/instance/vm/vm-9/console', '/workspace/C-1/instance/vm/vm-9/console'],
    ['/workspace/abc/status', '/workspace/C-1/status'],
    ['/workspace/abc/settings', '/workspace/C-1/settings'],
  ])('another workspace in the path: %s → %s', (url, rewritten) => {
    expect(guard(target(url), ws({ loaded: true, currentContractUid: 'C-1', count: 2 }))).toEqual({
      kind: 'redirect',
      to: rewritten,
    });
  });

  it('encodes the current contractUid as a path segment', () => {
    expect(
      guard(target('/workspace/abc/status'), ws({ loaded: true, currentContractUid: 'a/b', count: 1 })),
    ).toEqual({
      kind: 'redirect',
      to: '/workspace/a%2Fb/status',
    });
  });

  it('only applies to workspace routes', () => {
    expect(guard(target('/support'), ws({ loaded: true, currentContractUid: null, count: 0 }))).toEqual(
      ALLOW,
    );
  });

  it('comes after step 3: a visitor goes to Login first', () => {
    expect(
      guard(target('/workspace/abc'), {
        ...visitor,
        workspaces: { loaded: true, currentContractUid: 'C', count: 1 },
      }),
    ).toEqual(login('/workspace/abc'));
  });
});

describe('guard step 6: NewInstance', () => {
  it('admits a visitor with a template_uid query', () => {
    expect(guard(target('/new-instance?template_uid=t-1'), visitor)).toEqual(ALLOW);
    expect(guard(target('/new-instance/vps?template_uid=t-1&x=2'), visitor)).toEqual(ALLOW);
  });

  it('admits a signed-in user without one', () => {
    expect(guard(target('/new-instance'), member)).toEqual(ALLOW);
    expect(guard(target('/new-instance/vps'), member)).toEqual(ALLOW);
  });

  it('sends a visitor without a template to Login with the intended path', () => {
    expect(guard(target('/new-instance/vps?plan=s'), visitor)).toEqual(login('/new-instance/vps?plan=s'));
    expect(guard(target('/new-instance'), visitor)).toEqual(login('/new-instance'));
  });
});

describe('every route of the table has a decision for visitors and members', () => {
  it.each(ROUTES.map((r) => [r.name, r] as const))('%s', (_name, route) => {
    const url = route.path
      .replace(/\/:\w+\?/g, '')
      .replace(/:(\w+)/g, 'x')
      .replace(/\/$/, '/');
    for (const state of [visitor, member]) {
      expect(['allow', 'redirect']).toContain(guard(target(url || '/', route), state).kind);
    }
  });
});
