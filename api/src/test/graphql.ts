import type { Answer, Browser } from './identity.js';

/** Every field of spec section 3 (and the contract's additions), to prove each one resolves. */
export const WORKSPACE_FIELDS = /* GraphQL */ `
  contractUid
  workspaceName
  number
  kind
  balance { ...Balance }
  account { accountUid name }
  employee { uid firstName lastName email role }
  authorizedPeople { uid fullName mobilePhone email loginStatus }
  servicesLegacy { uid title description monthly monthlyCurrency }
  invoices {
    uid number dateInvoiced dateDue currency amount amountDue pdfUid isSelectableForPayment url
    paymentAmount paymentCurrency paymentCreatedBy paymentCreatedOn
  }
  unreadMessages
  services { uid }
`;

export const BALANCE_FRAGMENT = /* GraphQL */ `
  fragment Balance on FundBalance {
    contractUid amount bonusBalance debitBalance amountDue sinceLastInvoice limit vatRate currency
    paymentMethods {
      uid methodId methodType effectiveFrom effectiveTill cardBrand cardLast4 cardExpMonth cardExpYear
      paypalCountry paypalPayerId paypalPayerEmail
    }
    pendingPayment {
      paymentMethod clientSecret amount currency statementDescriptor fullDescription invoiceUid
    }
  }
`;

export const ALL_WORKSPACES = /* GraphQL */ `
  query AllWorkspaces($contractUid: String) { allWorkspaces(contractUid: $contractUid) { ${WORKSPACE_FIELDS} } }
  ${BALANCE_FRAGMENT}
`;

export const FUND_BALANCE = /* GraphQL */ `
  query FundBalance($contractUid: String!) { fundBalance(contractUid: $contractUid) { ...Balance } }
  ${BALANCE_FRAGMENT}
`;

export const ME = /* GraphQL */ `
  query Me {
    me {
      reason
      user { email phone firstName lastName timezone dateFormat timeFormat language totp2faEnabled hasUsablePassword }
      env { profiles currentExternalIp unreadDirectMessages }
    }
  }
`;

export const WSA_TOKEN = /* GraphQL */ 'query { getWSAToken }';

/** A GraphQL call the way the portal's client makes it: `POST /api/`, cookies and `X-CSRFToken`. */
export function gql(
  browser: Browser,
  query: string,
  variables: Record<string, unknown> = {},
  options: { csrf?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return browser.call('POST', '/api/', { body: { query, variables }, ...options });
}

/** The messages of an answer's errors. */
export const errorMessages = (answer: Answer): string[] =>
  (answer.body.errors ?? []).map((e: { message: string }) => e.message);
