import { isSafeNextPath, type RemotePageRef, type ThemeName, themeForPath } from '@portal/shared';
import { matchRoutes, type Params } from 'react-router';

export interface RouteMeta {
  /** false: the route is open to visitors; default true (the guard sends visitors to Login) */
  requiresAuth?: boolean;
  /**
   * Guest-only: the sign-in pages ("auth routes" of spec section 2, guard step 4). A signed-in user
   * is sent on to the saved next path or Home instead. Implies `requiresAuth: false`.
   */
  guestOnly?: boolean;
  /** the guard lets the route pass without any check */
  skipChecks?: boolean;
  /** name of a feature flag; the route is hidden unless the flag is true (an unknown flag is off) */
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
    meta: { title: 'Confirm your e-mail', requiresAuth: false },
  },
  {
    name: 'PasswordReset',
    path: '/auth/reset-password',
    page: { remote: 'auth', page: 'PasswordReset' },
    meta: { title: 'Reset password', requiresAuth: false, guestOnly: true },
  },
  {
    name: 'PasswordRecovery',
    path: '/auth/reset-password/key/:keyValue',
    page: { remote: 'auth', page: 'PasswordRecovery' },
    meta: { title: 'Choose a new password', requiresAuth: false, guestOnly: true },
  },
  {
    name: 'ReauthenticateForm',
    path: '/auth/reauthenticate',
    page: { remote: 'auth', page: 'ReauthenticateForm' },
    meta: { title: 'Confirm it is you' },
  },
  {
    name: 'MFAOverview',
    path: '/auth/2fa',
    page: { remote: 'auth', page: 'MFAOverview' },
    meta: { title: 'Two-factor authentication', theme: 'app' },
  },
  {
    name: 'MFARecoveryCodes',
    path: '/auth/2fa/recovery-codes/',
    page: { remote: 'auth', page: 'MFARecoveryCodes' },
    meta: { title: 'Recovery codes', theme: 'app' },
  },
  {
    name: 'MFAActivate',
    path: '/auth/2fa/totp/activate/',
    page: { remote: 'auth', page: 'MFAActivate' },
    meta: { title: 'Activate authenticator app', theme: 'app' },
  },
  {
    name: 'MultiFactorAuthorization',
    path: '/auth/2fa/authenticate',
    aliases: ['/auth/2fa/reauthenticate'],
    page: { remote: 'auth', page: 'MultiFactorAuthorization' },
    meta: { title: 'Two-factor authentication', requiresAuth: false },
  },
  {
    name: 'LoginCode',
    path: '/auth/login/code/confirm',
    page: { remote: 'auth', page: 'LoginCode' },
    meta: { title: 'Log in with a code', requiresAuth: false, guestOnly: true, hideProgressBar: true },
  },
  {
    name: 'ProviderSignup',
    path: '/auth/provider/signup',
    page: { remote: 'auth', page: 'ProviderSignup' },
    meta: { title: 'Finish signing up', requiresAuth: false, guestOnly: true },
  },
  {
    name: 'Login',
    path: '/auth/:tab?/:referral?',
    page: { remote: 'auth', page: 'Login' },
    meta: { title: 'Log in', requiresAuth: false, guestOnly: true, hideProgressBar: true },
  },
  {
    name: 'SSOCallback',
    path: '/account/provider/callback',
    page: { remote: 'auth', page: 'SSOCallback' },
    meta: { title: 'Log in', requiresAuth: false },
  },
];

export const REDIRECTS: readonly RedirectRoute[] = [
  { path: '/base', redirectTo: '/' },
  { path: '*', redirectTo: '/' },
];

/** Guest-only routes: the sign-in pages a signed-in user never sees (guard step 4). */
export function isGuestOnly(route: PortalRoute): boolean {
  return route.meta.guestOnly === true;
}

/** Every route needs a signed-in user unless it says `requiresAuth: false` (guard step 3). */
export function requiresAuth(route: PortalRoute): boolean {
  return route.meta.requiresAuth !== false;
}

/** Routes inside a workspace (guard step 5): their path carries the workspace's contractUid. */
export function isWorkspaceRoute(route: PortalRoute): boolean {
  return route.path.startsWith(`${WS}/`) || route.path === WS;
}

/**
 * The sign-in pages in the auth theme render in the minimal frame (the brand bar), without the
 * chrome or the GraphQL client: the lazy chunks a visitor on the way to signing in never loads.
 */
export function inMinimalFrame(route: PortalRoute): boolean {
  return themeForPath(route.path, route.meta.theme) === 'auth';
}

export function findRoute(name: string): PortalRoute | undefined {
  return ROUTES.find((r) => r.name === name);
}

export interface RouteMatch {
  route: PortalRoute;
  /** the path pattern that matched: the route's path or one of its aliases */
  pattern: string;
  params: Params;
}

// react-router's own ranking, so a path matches here exactly the route the router renders
const matchables = ROUTES.flatMap((route) =>
  [route.path, ...(route.aliases ?? [])].map((pattern) => ({ path: pattern, handle: { route, pattern } })),
);

/** The table route a pathname renders, or null for the paths that redirect home. */
export function matchPortalRoute(pathname: string): RouteMatch | null {
  const match = matchRoutes(matchables, pathname)?.at(-1);
  if (!match) return null;
  return { ...match.route.handle, params: match.params };
}

/**
 * A destination a signed-in user may be sent to after login (spec section 5): a same-site path,
 * and not a guest-only page, which would only send them on again (a redirect loop).
 */
export function isPostLoginPath(path: unknown): path is string {
  if (!isSafeNextPath(path)) return false;
  const match = matchPortalRoute(new URL(path, 'https://portal.invalid').pathname);
  return !match || !isGuestOnly(match.route);
}
