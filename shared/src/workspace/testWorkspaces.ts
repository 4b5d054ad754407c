import type { PortalWorkspaceFragment } from '../gql/graphql';

/** A workspace as allWorkspaces answers it, small: name, account, kind and employees vary. */
export function workspace(
  contractUid: string,
  {
    name = `Workspace ${contractUid}`,
    account = `Account ${contractUid}`,
    kind = 'STD',
    employees = [`${contractUid}-e1`],
    amount = '10.00',
  }: {
    name?: string;
    account?: string;
    kind?: 'STD' | 'CAB';
    employees?: string[];
    amount?: string;
  } = {},
): PortalWorkspaceFragment {
  return {
    contractUid,
    workspaceName: name,
    number: `N-${contractUid}`,
    kind,
    unreadMessages: 0,
    balance: {
      contractUid,
      amount,
      amountDue: '0.00',
      currency: 'EUR',
      sinceLastInvoice: '0.00',
      paymentMethods: [],
      pendingPayment: null,
    },
    account: { accountUid: `acc-${contractUid}`, name: account },
    employee: employees.map((uid) => ({ uid, firstName: 'Ada', lastName: uid, email: `${uid}@example.com` })),
    authorizedPeople: [],
    servicesLegacy: [],
    services: [],
    myRole: 'Administrative',
    capabilities: [
      'WORKSPACE_VIEW',
      'WORKSPACE_MANAGE',
      'BILLING_VIEW',
      'BILLING_PAY',
      'COMPUTE_VIEW',
      'COMPUTE_MANAGE',
      'SUPPORT_VIEW',
      'SUPPORT_WRITE',
    ],
  };
}
