import type { BillingBalanceFragment, InvoiceFieldsFragment } from '../gql/graphql';

/** A fund balance as the api sends it (Nordwind Cloud's seeded figures by default). */
export function balance(fields: Partial<BillingBalanceFragment> = {}) {
  return {
    __typename: 'FundBalance',
    contractUid: 'C-1',
    amount: '250.00',
    amountDue: '0.00',
    bonusBalance: '20.00',
    debitBalance: '0.00',
    sinceLastInvoice: '37.80',
    limit: '500.00',
    vatRate: '19.00',
    currency: 'EUR',
    pendingPayment: null,
    ...fields,
  };
}

export function invoice(number: string, fields: Partial<InvoiceFieldsFragment> = {}) {
  return {
    __typename: 'Invoice',
    uid: `uid-${number}`,
    number,
    dateInvoiced: '2026-10-01',
    dateDue: '2026-10-15',
    currency: 'EUR',
    amount: '119.00',
    amountDue: '0.00',
    status: 'PAID',
    isSelectableForPayment: false,
    url: `/api/invoices/uid-${number}/pdf`,
    paymentAmount: '119.00',
    paymentCurrency: 'EUR',
    paymentCreatedBy: 'Demo Customer',
    paymentCreatedOn: '2026-10-05T09:30:00.000Z',
    ...fields,
  };
}

export function openInvoice(number: string, fields: Partial<InvoiceFieldsFragment> = {}) {
  return invoice(number, {
    amountDue: '119.00',
    status: 'OPEN',
    isSelectableForPayment: true,
    paymentAmount: null,
    paymentCurrency: null,
    paymentCreatedBy: null,
    paymentCreatedOn: null,
    ...fields,
  });
}

export function invoicePage(items: ReturnType<typeof invoice>[], fields: object = {}) {
  return {
    __typename: 'InvoicePage',
    items,
    totalCount: items.length,
    hasNextPage: false,
    endCursor: items.length ? `cursor-${items.at(-1)?.number}` : null,
    ...fields,
  };
}

export const roles = (contractUid: string, employees: Array<{ email: string; role: string }>) => ({
  data: {
    __typename: 'Query',
    allWorkspaces: [
      {
        __typename: 'Workspace',
        contractUid,
        employee: employees.map((e, i) => ({ __typename: 'Employee', uid: `e-${i}`, ...e })),
      },
    ],
  },
});

export function legacyContract(contractUid = 'C-1', fields: object = {}) {
  return {
    __typename: 'LegacyContract',
    contractUid,
    number: 'STD-1001',
    currency: 'EUR',
    monthlyTotal: '24.80',
    services: [
      {
        __typename: 'LegacyService',
        uid: 'ls-1',
        title: 'Webhosting Basic',
        description: '10 GB web space, 5 mailboxes',
        monthly: '9.90',
        monthlyCurrency: 'EUR',
      },
      {
        __typename: 'LegacyService',
        uid: 'ls-2',
        title: 'Domain example.com',
        description: 'Registration and DNS',
        monthly: '14.90',
        monthlyCurrency: 'EUR',
      },
    ],
    invoices: [],
    ...fields,
  };
}

/** The answers of the page's own reads; override any by operation name. */
type Answer = (variables: Record<string, unknown>) => unknown;

export function pageAnswers(
  options: { contractUid?: string; legacy?: boolean; role?: string; email?: string } = {},
) {
  const contractUid = options.contractUid ?? 'C-1';
  return Object.fromEntries<Answer>([
    ['BillingBalance', () => ({ data: { __typename: 'Query', fundBalance: balance({ contractUid }) } })],
    [
      'BillingRoles',
      () =>
        roles(contractUid, [
          { email: options.email ?? 'demo@example.com', role: options.role ?? 'Administrative' },
        ]),
    ],
    [
      'BillingLegacyPresence',
      () => ({
        data: {
          __typename: 'Query',
          legacyContract: options.legacy
            ? { __typename: 'LegacyContract', contractUid, number: 'STD-1001' }
            : null,
        },
      }),
    ],
    ['Invoices', () => ({ data: { __typename: 'Query', invoices: invoicePage([]) } })],
  ]);
}
