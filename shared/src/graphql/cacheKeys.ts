import type { Data, KeyingConfig } from '@urql/exchange-graphcache';

/** A key generator reading one field; no value, no key (graphcache then embeds the object). */
const keyBy =
  (field: string) =>
  (data: Data): string | null => {
    const value = data[field];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  };
const embedded = () => null;

/**
 * graphcache keys of the schema's types (see the schema's header): one Workspace (and its
 * FundBalance) per contract, so a `workspaceChanged` event or a single `allWorkspaces(contractUid)`
 * refetch updates every query that shows it. Types with `uid` are keyed by it; the embedded ones
 * (no identity of their own) are declared so, which also keeps graphcache from warning.
 */
export const PORTAL_CACHE_KEYS: KeyingConfig = {
  Workspace: keyBy('contractUid'),
  FundBalance: keyBy('contractUid'),
  Account: keyBy('accountUid'),
  Employee: keyBy('uid'),
  AuthorizedPerson: keyBy('uid'),
  Service: keyBy('uid'),
  LegacyService: keyBy('uid'),
  Invoice: keyBy('uid'),
  PaymentMethod: keyBy('uid'),
  PendingPayment: embedded,
  Me: embedded,
  MeUser: embedded,
  MeEnv: embedded,
  Invitation: embedded,
  Notification: embedded,
  AcceptInvitationResult: embedded,
  // compute (compute.graphql): an instanceChanged event or a mutation's answer updates every query
  // showing the instance; an offer is known by the template uid of its New instance link
  Instance: keyBy('uid'),
  ComputeImage: keyBy('uid'),
  ComputeLocation: keyBy('uid'),
  ComputePlan: keyBy('uid'),
  Offer: keyBy('templateUid'),
  PlanPrice: embedded,
  ComputeCatalog: embedded,
  InstanceChange: embedded,
  // compute monitoring (compute-monitoring.graphql): a series is asked again per range, a rule by uid
  MetricSeries: embedded,
  MetricPoint: embedded,
  AlertRule: keyBy('uid'),
  AlertRuleChange: embedded,
  // compute network (compute-network.graphql): an instance's network and firewall by the instance's
  // uid, so a mutation's answer or a networkChanged event updates every screen showing them
  InstanceNetwork: keyBy('uid'),
  IpAddress: keyBy('uid'),
  Firewall: keyBy('uid'),
  FirewallRule: keyBy('uid'),
  NetworkTraffic: embedded,
  InstanceService: embedded,
  NetworkChange: embedded,
  // compute life cycle, SSH keys and Status (compute-lifecycle, ssh-keys, compute-status.graphql)
  SshKey: keyBy('uid'),
  InstanceSshKey: embedded,
  ComputeStatus: embedded,
  LocationStatus: embedded,
  ComponentStatus: embedded,
  StatusIncident: keyBy('uid'),
  IncidentUpdate: keyBy('uid'),
  // support (support.graphql): a thread by uid, so marking it read or a reply updates the open view
  SupportThread: keyBy('uid'),
  SupportMessage: keyBy('uid'),
  SupportMessageSummary: keyBy('uid'),
  SupportAttachment: keyBy('uid'),
  SupportMessagePage: embedded,
  SupportLimits: embedded,
  SupportChange: embedded,
  // workspace administration (workspace-admin.graphql): the settings by contract, so a mutation's
  // answer or a workspaceSettingsChanged event updates the page
  WorkspaceSettings: keyBy('contractUid'),
  Representative: embedded,
  Address: embedded,
  WorkspaceMember: keyBy('uid'),
  WorkspaceInvitation: keyBy('uid'),
  Country: keyBy('id'),
  DeletedWorkspace: embedded,
  DeactivatedAccount: embedded,
  MyAccounts: embedded,
  MyWorkspace: keyBy('contractUid'),
  // billing (billing.graphql): a page of invoices is its query's; the upcoming charges and the legacy
  // contract are the workspace's, so a refetch updates every screen showing them
  InvoicePage: embedded,
  UpcomingCharges: keyBy('contractUid'),
  UpcomingCharge: embedded,
  LegacyContract: keyBy('contractUid'),
  // billing payments (billing-payments.graphql): a payment by uid, so its live event
  // (paymentChanged) updates every screen showing it; the limits are the workspace's
  Payment: keyBy('uid'),
  PaymentLimits: keyBy('contractUid'),
  PaymentNextAction: embedded,
  PaymentError: embedded,
  PaymentMethodSetup: embedded,
  PayPalConnection: embedded,
  PayPalVaultSetup: embedded,
};
