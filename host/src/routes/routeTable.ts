import type { RemotePageRef, ThemeName } from '@portal/shared';

export interface RouteMeta {
  /** false: the route is open to visitors; default true except on auth routes */
  requiresAuth?: boolean;
  /** the guard lets the route pass without any check */
  skipChecks?: boolean;
  /** name of a feature flag; the route is hidden while the flag is false */
  featureFlag?: string;
  /** custom title of the app bar and the document */
  title?: string;
  /** the route asks for this theme whatever its path */
  theme?: ThemeName;
  /** no drawer and no app bar */
  fullScreen?: boolean;
  hideProgressBar?: boolean;
}

export type RoutePage = RemotePageRef | { host: 'Home' };

export interface PortalRoute {
  name: string;
  /** react-router path pattern, absolute */
  path: string;
  /** other paths that render the same route */
  aliases?: string[];
  page: RoutePage;
  meta: RouteMeta;
}

export interface RedirectRoute {
  path: string;
  redirectTo: string;
}

const WS = '/workspace/:contractUid';

/**
 * The route table of spec section 2. Names, paths, aliases and meta are known before any remote
 * loads (the guard reads them); each route names the remote page that renders it. Where the spec
 * names a screen without a path (Solutions, workspace settings, login by code) the path chosen here
 * is documented in host/README.md.
 */
export const ROUTES: readonly PortalRoute[] = [
  { name: 'Home', path: '/', aliases: ['/home'], page: { host: 'Home' }, meta: { title: 'Welcome' } },
  {
    name: 'Products',
    path: '/products',
    page: { remote: 'compute', page: 'Products' },
    meta: { title: 'Products' },
  },
  {
    name: 'Solutions',
    path: '/solutions',
    page: { remote: 'compute', page: 'Solutions' },
    meta: { title: 'Solutions' },
  },
  {
    name: 'AccountSettings',
    path: '/profile/accounts/:uid',
    page: { remote: 'workspace', page: 'AccountSettings' },
    meta: { title: 'Account settings' },
  },
  {
    name: 'Profile',
    path: '/profile/:tab?',
    page: { remote: 'workspace', page: 'Profile' },
    meta: { title: 'Profile' },
  },
  {
    name: 'Dashboard',
    path: `${WS}/dashboard/:tab?`,
    aliases: [WS],
    page: { remote: 'compute', page: 'Dashboard' },
    meta: { title: 'Dashboard' },
  },
  {
    name: 'Billing',
    path: `${WS}/billing/:tab?`,
    page: { remote: 'billing', page: 'Billing' },
    meta: { title: 'Billing' },
  },
  {
    name: 'Status',
    path: `${WS}/status`,
    page: { remote: 'compute', page: 'Status' },
    meta: { title: 'Status' },
  },
  {
    name: 'InstanceDetails',
    path: `${WS}/instance/vm/:id/:tab?`,
    page: { remote: 'compute', page: 'InstanceDetails' },
    meta: { title: 'Instance' },
  },
  {
    name: 'WorkspaceSettings',
    path: `${WS}/settings`,
    page: { remote: 'workspace', page: 'WorkspaceSettings' },
    meta: { title: 'Settings' },
  },
  {
    name: 'Support',
    path: '/support',
    page: { remote: 'support', page: 'Support' },
    meta: { title: 'Support' },
  },
  {
    name: 'NewInstance',
    path: '/new-instance/:service?',
    page: { remote: 'compute', page: 'NewInstance' },
    meta: { title: 'Add new Service', requiresAuth: false },
  },
  {
    name: 'Console',
    path: '/console/:instanceUid',
    page: { remote: 'compute', page: 'Console' },
    meta: { title: 'Console', fullScreen: true },
  },
  {
    name: 'Invitation',
    path: '/invitation/:key',
    page: { remote: 'auth', page: 'Invitation' },
    meta: { skipChecks: true, title: 'Invitation' },
  },
  {
    name: 'ConfirmEmail',
    path: '/auth/confirm-email/:confirmKey?',
    page: { remote: 'auth', page: 'ConfirmEmail' },
    meta: { requiresAuth: false },
  },
  {
    name: 'PasswordReset',
    path: '/auth/reset-password',
    page: { remote: 'auth', page: 'PasswordReset' },
    meta: { requiresAuth: false },
  },
  {
    name: 'PasswordRecovery',
    path: '/auth/reset-password/key/:keyValue',
    page: { remote: 'auth', page: 'PasswordRecovery' },
    meta: { requiresAuth: false },
  },
  {
    name: 'ReauthenticateForm',
    path: '/auth/reauthenticate',
    page: { remote: 'auth', page: 'ReauthenticateForm' },
    meta: { requiresAuth: false },
  },
  {
    name: 'MFAOverview',
    path: '/auth/2fa',
    page: { remote: 'auth', page: 'MFAOverview' },
    meta: { requiresAuth: false },
  },
  {
    name: 'MFARecoveryCodes',
    path: '/auth/2fa/recovery-codes/',
    page: { remote: 'auth', page: 'MFARecoveryCodes' },
    meta: { requiresAuth: false },
  },
  {
    name: 'MFAActivate',
    path: '/auth/2fa/totp/activate/',
    page: { remote: 'auth', page: 'MFAActivate' },
    meta: { requiresAuth: false },
  },
  {
    name: 'MultiFactorAuthorization',
    path: '/auth/2fa/authenticate',
    aliases: ['/auth/2fa/reauthenticate'],
    page: { remote: 'auth', page: 'MultiFactorAuthorization' },
    meta: { requiresAuth: false },
  },
  {
    name: 'LoginCode',
    path: '/auth/login/code/confirm',
    page: { remote: 'auth', page: 'LoginCode' },
    meta: { requiresAuth: false, hideProgressBar: true },
  },
  {
    name: 'ProviderSignup',
    path: '/auth/provider/signup',
    page: { remote: 'auth', page: 'ProviderSignup' },
    meta: { requiresAuth: false },
  },
  {
    name: 'Login',
    path: '/auth/:tab?/:referral?',
    page: { remote: 'auth', page: 'Login' },
    meta: { requiresAuth: false, hideProgressBar: true },
  },
  {
    name: 'SSOCallback',
    path: '/account/provider/callback',
    page: { remote: 'auth', page: 'SSOCallback' },
    meta: { requiresAuth: false },
  },
];

export const REDIRECTS: readonly RedirectRoute[] = [
  { path: '/base', redirectTo: '/' },
  { path: '*', redirectTo: '/' },
];

/** Auth routes: those under /auth/ (the guard sends signed-in users away from them). */
export function isAuthRoute(route: PortalRoute): boolean {
  return route.path.startsWith('/auth/') || route.path === '/auth';
}

export function findRoute(name: string): PortalRoute | undefined {
  return ROUTES.find((r) => r.name === name);
}
