import { LOGIN_URL } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_PAGE, SIGN_IN_PATH_PREFIX } from '../federation/remoteRegistry';
import {
  findRoute,
  isGuestOnly,
  isPostLoginPath,
  isWorkspaceRoute,
  matchPortalRoute,
  REDIRECTS,
  ROUTES,
  requiresAuth,
} from './routeTable';

// The route table of spec section 2, entry by entry.
describe('route table', () => {
  it.each([
    ['Home', '/', { title: 'Welcome' }],
    ['Products', '/products', {}],
    ['Profile', '/profile/:tab?', {}],
    ['AccountSettings', '/profile/accounts/:uid', { title: 'Account settings' }],
    ['Dashboard', '/workspace/:contractUid/dashboard/:tab?', {}],
    ['Billing', '/workspace/:contractUid/billing/:tab?', {}],
    ['Status', '/workspace/:contractUid/status', {}],
    ['InstanceDetails', '/workspace/:contractUid/instance/vm/:id/:tab?', {}],
    ['Support', '/support', {}],
    ['NewInstance', '/new-instance/:service?', { title: 'Add new Service', requiresAuth: false }],
    ['Console', '/console/:instanceUid', { fullScreen: true }],
    ['Invitation', '/invitation/:key', { skipChecks: true }],
    ['ConfirmEmail', '/auth/confirm-email/:confirmKey?', { requiresAuth: false }],
    ['PasswordReset', '/auth/reset-password', { requiresAuth: false, guestOnly: true }],
    ['PasswordRecovery', '/auth/reset-password/key/:keyValue', { requiresAuth: false, guestOnly: true }],
    ['ReauthenticateForm', '/auth/reauthenticate', {}],
    ['MFAOverview', '/auth/2fa', { theme: 'app' }],
    ['MFARecoveryCodes', '/auth/2fa/recovery-codes/', { theme: 'app' }],
    ['MFAActivate', '/auth/2fa/totp/activate/', { theme: 'app' }],
    ['MultiFactorAuthorization', '/auth/2fa/authenticate', { requiresAuth: false }],
    [
      'LoginCode',
      '/auth/login/code/confirm',
      { requiresAuth: false, guestOnly: true, hideProgressBar: true },
    ],
    ['ProviderSignup', '/auth/provider/signup', { requiresAuth: false, guestOnly: true }],
    ['Login', '/auth/:tab?/:referral?', { requiresAuth: false, guestOnly: true, hideProgressBar: true }],
    ['SSOCallback', '/account/provider/callback', { requiresAuth: false }],
  ])('%s is %s', (name, path, meta) => {
    const route = findRoute(name);
    expect(route?.path).toBe(path);
    expect(route?.meta).toMatchObject(meta);
  });

  it('gives every route a title for the app bar and the document, translated in the shell', async () => {
    const { shellEn } = await import('../portal/en');
    const { shellDe } = await import('../portal/de');
    for (const route of ROUTES) {
      expect(route.meta.title, route.name).toBeTruthy();
      expect(shellEn.routeTitles[route.name], route.name).toBe(route.meta.title);
      expect(shellDe.routeTitles[route.name], route.name).toBeTruthy();
    }
  });

  it('has the aliases of the spec', () => {
    expect(findRoute('Home')?.aliases).toEqual(['/home']);
    expect(findRoute('MultiFactorAuthorization')?.aliases).toEqual(['/auth/2fa/reauthenticate']);
    // the workspace area's default child is the Dashboard
    expect(findRoute('Dashboard')?.aliases).toEqual(['/workspace/:contractUid']);
  });

  it('redirects /base and any unknown path to /', () => {
    expect(REDIRECTS).toEqual([
      { path: '/base', redirectTo: '/' },
      { path: '*', redirectTo: '/' },
    ]);
  });

  it('names each route once and gives every path to one route only', () => {
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = ROUTES.flatMap((r) => [r.path, ...(r.aliases ?? [])]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('marks the sign-in pages guest-only, and nothing else', () => {
    expect(ROUTES.filter(isGuestOnly).map((r) => r.name)).toEqual([
      'PasswordReset',
      'PasswordRecovery',
      'LoginCode',
      'ProviderSignup',
      'Login',
    ]);
    // guest-only implies open to visitors
    for (const route of ROUTES.filter(isGuestOnly)) expect(requiresAuth(route)).toBe(false);
  });

  it('opens to visitors only the guest-only pages and those open to both', () => {
    expect(
      ROUTES.filter((r) => !requiresAuth(r))
        .map((r) => r.name)
        .sort(),
    ).toEqual(
      [
        'NewInstance',
        'ConfirmEmail',
        'PasswordReset',
        'PasswordRecovery',
        'MultiFactorAuthorization',
        'LoginCode',
        'ProviderSignup',
        'Login',
        'SSOCallback',
      ].sort(),
    );
  });

  it('requires a signed-in user for 2FA management and reauthentication, though under /auth/', () => {
    for (const name of ['MFAOverview', 'MFAActivate', 'MFARecoveryCodes', 'ReauthenticateForm']) {
      const route = findRoute(name)!;
      expect(requiresAuth(route)).toBe(true);
      expect(isGuestOnly(route)).toBe(false);
    }
  });

  it('knows the workspace routes', () => {
    expect(ROUTES.filter(isWorkspaceRoute).map((r) => r.name)).toEqual([
      'Dashboard',
      'Billing',
      'Status',
      'InstanceDetails',
      'WorkspaceSettings',
    ]);
  });

  it('matches a pathname to the route the router renders, with its pattern and params', () => {
    expect(matchPortalRoute('/auth/2fa')?.route.name).toBe('MFAOverview');
    expect(matchPortalRoute('/auth/signup')?.route.name).toBe('Login');
    expect(matchPortalRoute('/auth/login/code/confirm')?.route.name).toBe('LoginCode');
    expect(matchPortalRoute('/auth/2fa/reauthenticate')).toMatchObject({
      route: { name: 'MultiFactorAuthorization' },
      pattern: '/auth/2fa/reauthenticate',
    });
    expect(matchPortalRoute('/workspace/C-1')).toMatchObject({
      route: { name: 'Dashboard' },
      pattern: '/workspace/:contractUid',
      params: { contractUid: 'C-1' },
    });
    expect(matchPortalRoute('/nowhere/at/all')).toBeNull();
  });

  it('accepts as post-login destination a same-site path that is not guest-only', () => {
    expect(isPostLoginPath('/workspace/abc?tab=x')).toBe(true);
    expect(isPostLoginPath('/auth/2fa')).toBe(true);
    expect(isPostLoginPath('/unknown/path')).toBe(true);
    expect(isPostLoginPath('/auth/login?redirect=%2F')).toBe(false);
    expect(isPostLoginPath('/auth/reset-password')).toBe(false);
    expect(isPostLoginPath('//evil.example')).toBe(false);
    expect(isPostLoginPath(undefined)).toBe(false);
  });

  it('maps the screens to the remotes of the architecture', () => {
    const remoteOf = (name: string) => {
      const page = findRoute(name)?.page;
      return page && 'remote' in page ? page.remote : 'host';
    };
    expect(remoteOf('Home')).toBe('host');
    expect(remoteOf('Login')).toBe('auth');
    expect(remoteOf('Invitation')).toBe('auth');
    expect(remoteOf('Profile')).toBe('workspace');
    expect(remoteOf('Billing')).toBe('billing');
    expect(remoteOf('Console')).toBe('compute');
    expect(remoteOf('Support')).toBe('support');
  });

  it('serves every page under the sign-in prefix from the remote main.js fetches early, and Login first', () => {
    const signIn = ROUTES.filter((r) =>
      [r.path, ...(r.aliases ?? [])].some((p) => p.startsWith(SIGN_IN_PATH_PREFIX)),
    );
    expect(signIn.map((r) => r.name)).toContain('Login');
    for (const route of signIn) expect(route.page, route.name).toMatchObject({ remote: SIGN_IN_PAGE.remote });
    // where the guard sends a visitor
    expect(matchPortalRoute(LOGIN_URL)?.route.page).toEqual(SIGN_IN_PAGE);
  });
});
