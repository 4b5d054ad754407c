import { describe, expect, it } from 'vitest';
import { findRoute, isAuthRoute, REDIRECTS, ROUTES } from './routeTable';

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
    ['ConfirmEmail', '/auth/confirm-email/:confirmKey?', {}],
    ['PasswordReset', '/auth/reset-password', {}],
    ['PasswordRecovery', '/auth/reset-password/key/:keyValue', {}],
    ['ReauthenticateForm', '/auth/reauthenticate', {}],
    ['MFAOverview', '/auth/2fa', {}],
    ['MFARecoveryCodes', '/auth/2fa/recovery-codes/', {}],
    ['MFAActivate', '/auth/2fa/totp/activate/', {}],
    ['MultiFactorAuthorization', '/auth/2fa/authenticate', {}],
    ['Login', '/auth/:tab?/:referral?', { hideProgressBar: true }],
    ['SSOCallback', '/account/provider/callback', {}],
  ])('%s is %s', (name, path, meta) => {
    const route = findRoute(name);
    expect(route?.path).toBe(path);
    expect(route?.meta).toMatchObject(meta);
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

  it('marks the pages under /auth/ as auth routes and nothing else', () => {
    expect(ROUTES.filter(isAuthRoute).map((r) => r.name)).toEqual([
      'ConfirmEmail',
      'PasswordReset',
      'PasswordRecovery',
      'ReauthenticateForm',
      'MFAOverview',
      'MFARecoveryCodes',
      'MFAActivate',
      'MultiFactorAuthorization',
      'LoginCode',
      'Login',
    ]);
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
});
