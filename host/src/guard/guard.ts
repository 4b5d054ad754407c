import { LOGIN_URL } from '@portal/shared';
import { generatePath, type Params } from 'react-router';
import { isGuestOnly, isWorkspaceRoute, type PortalRoute, requiresAuth } from '../routes/routeTable';
import { type PostLoginSource, postLoginTarget, redirectQuery } from '../session/postLoginTarget';
import type { GuardNotice, WorkspaceGuardState } from './workspaceGuardState';

/** Where a navigation wants to go. */
export interface GuardTarget {
  route: PortalRoute;
  /** the pattern that matched: the route's path or an alias */
  pattern: string;
  params: Params;
  pathname: string;
  /** `?a=b`, or '' */
  search: string;
}

export interface GuardState {
  isAuthenticated: boolean;
  featureFlags: Readonly<Record<string, boolean>>;
  /** where the user is now (path and query); null on the first load */
  from: string | null;
  /** the `next` cookie, if it holds a safe path */
  nextPath: string | undefined;
  workspaces: WorkspaceGuardState;
}

export type GuardDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      consume?: PostLoginSource;
      /** tell the user why (a deep link to a workspace that is not theirs) */
      notice?: GuardNotice;
    }
  /** keep the user where they were: `at` is that place */
  | { kind: 'stay'; at: string };

export const ALLOW: GuardDecision = { kind: 'allow' };
const HOME = '/';

/** Login, with the page the user meant to open; Home needs no such note (it is the default). */
export function loginWithRedirect(intended: string): string {
  return intended === HOME ? LOGIN_URL : `${LOGIN_URL}?${new URLSearchParams({ redirect: intended })}`;
}

/** The navigation guard of spec section 2, steps 1 to 6 in order. Pure: `(to, state) -> decision`. */
export function guard(to: GuardTarget, state: GuardState): GuardDecision {
  const intended = to.pathname + to.search;

  // 1. A hidden feature keeps the user where they were; on a first load there is nowhere to stay.
  const flag = to.route.meta.featureFlag;
  if (flag && state.featureFlags[flag] !== true) {
    const fromPathname = state.from?.split(/[?#]/)[0];
    return state.from && fromPathname !== to.pathname ? { kind: 'stay', at: state.from } : redirect(HOME);
  }

  // 2. Skip-checks routes (Invitation) pass.
  if (to.route.meta.skipChecks) return ALLOW;

  // 3. Visitors go to Login, with the full intended path.
  if (requiresAuth(to.route) && !state.isAuthenticated) return redirect(loginWithRedirect(intended));

  // 4. Signed-in users skip the sign-in pages: on to the saved next path or Home.
  if (isGuestOnly(to.route) && state.isAuthenticated) {
    const target = postLoginTarget({ redirect: redirectQuery(to.search), next: state.nextPath });
    return target.source === 'next'
      ? { kind: 'redirect', to: target.path, consume: 'next' }
      : redirect(target.path);
  }

  // 5. Workspace routes follow the current workspace.
  if (isWorkspaceRoute(to.route)) {
    const decision = workspaceStep(to, state.workspaces);
    if (decision) return decision;
  }

  // 6. NewInstance: a template link is open to visitors, anything else needs a signed-in user.
  if (to.route.name === 'NewInstance') {
    const hasTemplate = new URLSearchParams(to.search).has('template_uid');
    if (!hasTemplate && !state.isAuthenticated) return redirect(loginWithRedirect(intended));
  }

  return ALLOW;
}

function redirect(path: string): GuardDecision {
  return { kind: 'redirect', to: path };
}

/**
 * Workspace routes a role may not open (the api's role table, api/README.md "Roles"): the api
 * refuses their calls anyway; the guard says so before the page loads.
 */
export const ROUTE_CAPABILITIES: Readonly<Record<string, string>> = { Billing: 'BILLING_VIEW' };

function workspaceStep(to: GuardTarget, workspaces: WorkspaceGuardState): GuardDecision | null {
  const pathUid = to.params.contractUid;
  const current = workspaces.currentContractUid;
  if (!current && !pathUid) return redirect(HOME);
  if (workspaces.loaded && workspaces.count === 0) return redirect(HOME);
  if (current && pathUid !== current) {
    const rewritten = generatePath(to.pattern, { ...to.params, contractUid: current }) + to.search;
    // a contractUid the loaded list does not hold is someone else's (or gone): say so
    const refused = workspaces.loaded && !!pathUid && workspaces.contractUids?.includes(pathUid) === false;
    return refused ? { kind: 'redirect', to: rewritten, notice: 'forbidden' } : redirect(rewritten);
  }
  const needs = ROUTE_CAPABILITIES[to.route.name];
  if (needs && workspaces.currentCapabilities && !workspaces.currentCapabilities.includes(needs)) {
    return { kind: 'redirect', to: HOME, notice: 'forbidden' };
  }
  return null;
}
