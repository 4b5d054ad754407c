/** The Billing page's tabs, by their id in the URL (`…/billing/:tab`); Invoices is the default. */
export const BILLING_TABS = [
  'invoices',
  'upcoming',
  'legacy-invoices',
  'legacy-contracts',
  'payment-methods',
] as const;
export type BillingTab = (typeof BILLING_TABS)[number];
export const DEFAULT_BILLING_TAB: BillingTab = 'invoices';
/** Shown only for a legacy (STD) workspace, i.e. one with a legacy contract. */
export const LEGACY_TABS: readonly BillingTab[] = ['legacy-invoices', 'legacy-contracts'];

/** The tabs a workspace shows: without a legacy contract (a cabinet workspace) no legacy tabs. */
export function visibleTabs(hasLegacyContract: boolean): BillingTab[] {
  return BILLING_TABS.filter((tab) => hasLegacyContract || !LEGACY_TABS.includes(tab));
}

/** The tab a URL segment names among the visible ones; none or an unknown one is Invoices. */
export function billingTab(segment: string | undefined, visible: readonly BillingTab[]): BillingTab {
  return visible.includes(segment as BillingTab) ? (segment as BillingTab) : DEFAULT_BILLING_TAB;
}

export const billingPath = (contractUid: string, tab: BillingTab) =>
  `/workspace/${encodeURIComponent(contractUid)}/billing/${tab}`;
