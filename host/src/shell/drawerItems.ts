import type { PortalRoute } from '../routes/routeTable';
import { ROUTES } from '../routes/routeTable';

export type DrawerItemKey =
  | 'home'
  | 'dashboard'
  | 'billing'
  | 'status'
  | 'support'
  | 'products'
  | 'solutions'
  | 'howTo'
  | 'profile'
  | 'settings';

export interface DrawerItem {
  key: DrawerItemKey;
  /** a portal path, or an external address when `external` */
  to: string;
  external?: boolean;
  /** the table route the item opens (its feature flag and auth decide); none for external links */
  route?: string;
}

/** What the drawer's gating reads of the current workspace. */
export interface DrawerWorkspace {
  contractUid: string;
  kind: string;
  services: readonly unknown[];
  /** What the caller's role allows here (`Workspace.capabilities`); Billing needs BILLING_VIEW. */
  capabilities?: readonly string[];
}

/** The role table of the api (README of the api, "Roles"): may the caller see this workspace's billing? */
export const seesBilling = (workspace: DrawerWorkspace | null): boolean =>
  !workspace?.capabilities || workspace.capabilities.includes('BILLING_VIEW');

export interface DrawerState {
  signedIn: boolean;
  workspace: DrawerWorkspace | null;
  featureFlags: Readonly<Record<string, boolean>>;
  /**
   * The help site of How To (spec section 9: "the documentation base URL points to a help site"),
   * `runtimeConfig.documentationUrl` (the api's `PORTAL_DOCS_URL`); null: no How To item. It opens
   * in a new tab, so leaving the portal never loses a half-filled form.
   */
  documentationUrl: string | null;
}

/** A workspace with services counts as services-enabled (spec section 1). */
export function servicesEnabled(workspace: DrawerWorkspace | null): boolean {
  return (workspace?.services.length ?? 0) > 0;
}

/**
 * The Dashboard (instances, monitoring, network, firewall) belongs to cabinet workspaces, and to a
 * legacy one only once it has services: a legacy contract without them has nothing to manage
 * there (its contracts are in Billing).
 */
export function hasDashboard(workspace: DrawerWorkspace | null): boolean {
  return !!workspace && (workspace.kind === 'CAB' || servicesEnabled(workspace));
}

/**
 * The drawer's items, in order, for this state (pure; decisions in host/README.md, "Drawer"):
 * workspace items need a current workspace (Dashboard also the kind rule above, Status services),
 * Home stands in for the Dashboard, items whose route requires auth are hidden from visitors, an
 * item whose route's feature flag is not true is hidden like its route, and How To needs a
 * configured help site.
 */
export function drawerItems(state: DrawerState, routes: readonly PortalRoute[] = ROUTES): DrawerItem[] {
  const { workspace } = state;
  const ws = workspace ? `/workspace/${encodeURIComponent(workspace.contractUid)}` : null;
  const candidates: (DrawerItem | false)[] = [
    !hasDashboard(workspace) && { key: 'home', to: '/', route: 'Home' },
    ws !== null && hasDashboard(workspace) && { key: 'dashboard', to: `${ws}/dashboard`, route: 'Dashboard' },
    ws !== null && seesBilling(workspace) && { key: 'billing', to: `${ws}/billing`, route: 'Billing' },
    ws !== null && servicesEnabled(workspace) && { key: 'status', to: `${ws}/status`, route: 'Status' },
    { key: 'support', to: '/support', route: 'Support' },
    { key: 'products', to: '/products', route: 'Products' },
    { key: 'solutions', to: '/solutions', route: 'Solutions' },
    state.documentationUrl !== null && { key: 'howTo', to: state.documentationUrl, external: true },
    { key: 'profile', to: '/profile', route: 'Profile' },
    ws !== null && { key: 'settings', to: `${ws}/settings`, route: 'WorkspaceSettings' },
  ];
  return candidates.filter((item): item is DrawerItem => {
    if (!item) return false;
    if (!item.route) return true;
    const route = routes.find((r) => r.name === item.route);
    if (!route) return false;
    if (route.meta.featureFlag && state.featureFlags[route.meta.featureFlag] !== true) return false;
    return state.signedIn || route.meta.requiresAuth === false;
  });
}

/** Which item a route belongs to, for the drawer's selection (a page inside a section selects it). */
export function drawerKeyOfRoute(routeName: string | undefined): DrawerItemKey | undefined {
  switch (routeName) {
    case 'Home':
      return 'home';
    case 'Dashboard':
    case 'InstanceDetails':
      return 'dashboard';
    case 'Billing':
      return 'billing';
    case 'Status':
      return 'status';
    case 'Support':
      return 'support';
    case 'Products':
      return 'products';
    case 'Solutions':
      return 'solutions';
    case 'Profile':
    case 'AccountSettings':
      return 'profile';
    case 'WorkspaceSettings':
      return 'settings';
    default:
      return undefined;
  }
}
