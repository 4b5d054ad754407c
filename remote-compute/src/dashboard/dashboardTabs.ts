/** The Dashboard's tabs (spec section 2), by their id in the URL (`…/dashboard/:tab`). */
export const DASHBOARD_TABS = ['instances', 'monitoring', 'network', 'firewall'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'instances';

/** The tab a URL segment names; none or an unknown one is Instances. */
export function dashboardTab(segment: string | undefined): DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(segment ?? '')
    ? (segment as DashboardTab)
    : DEFAULT_DASHBOARD_TAB;
}

export const dashboardPath = (contractUid: string, tab: DashboardTab) =>
  `/workspace/${encodeURIComponent(contractUid)}/dashboard/${tab}`;
