/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment BillingBalance on FundBalance {\n  contractUid\n  amount\n  amountDue\n  bonusBalance\n  debitBalance\n  sinceLastInvoice\n  limit\n  vatRate\n  currency\n  pendingPayment {\n    amount\n    currency\n  }\n}\n\nquery BillingBalance($contractUid: String!) {\n  fundBalance(contractUid: $contractUid) {\n    ...BillingBalance\n  }\n}\n\nquery BillingRoles($contractUid: String!) {\n  allWorkspaces(contractUid: $contractUid) {\n    contractUid\n    employee {\n      uid\n      email\n      role\n    }\n  }\n}\n\nsubscription BillingWorkspaceChanged($contractUid: String!) {\n  workspaceChanged(contractUid: $contractUid) {\n    contractUid\n    balance {\n      ...BillingBalance\n    }\n  }\n}\n\nquery BillingLegacyPresence($contractUid: String!) {\n  legacyContract(contractUid: $contractUid) {\n    contractUid\n    number\n  }\n}": typeof types.BillingBalanceFragmentDoc,
    "fragment InvoiceFields on Invoice {\n  uid\n  number\n  dateInvoiced\n  dateDue\n  currency\n  amount\n  amountDue\n  status\n  isSelectableForPayment\n  url\n  paymentAmount\n  paymentCurrency\n  paymentCreatedBy\n  paymentCreatedOn\n}\n\nquery Invoices($contractUid: String!, $filter: InvoiceFilter, $first: Int, $after: String) {\n  invoices(\n    contractUid: $contractUid\n    filter: $filter\n    first: $first\n    after: $after\n  ) {\n    items {\n      ...InvoiceFields\n    }\n    totalCount\n    hasNextPage\n    endCursor\n  }\n}": typeof types.InvoiceFieldsFragmentDoc,
    "query LegacyContract($contractUid: String!) {\n  legacyContract(contractUid: $contractUid) {\n    contractUid\n    number\n    currency\n    monthlyTotal\n    services {\n      uid\n      title\n      description\n      monthly\n      monthlyCurrency\n    }\n    invoices {\n      ...InvoiceFields\n    }\n  }\n}": typeof types.LegacyContractDocument,
    "query UpcomingCharges($contractUid: String!) {\n  upcomingCharges(contractUid: $contractUid) {\n    contractUid\n    currency\n    nextInvoiceDate\n    total\n    services {\n      uid\n      title\n      amount\n    }\n  }\n}": typeof types.UpcomingChargesDocument,
};
const documents: Documents = {
    "fragment BillingBalance on FundBalance {\n  contractUid\n  amount\n  amountDue\n  bonusBalance\n  debitBalance\n  sinceLastInvoice\n  limit\n  vatRate\n  currency\n  pendingPayment {\n    amount\n    currency\n  }\n}\n\nquery BillingBalance($contractUid: String!) {\n  fundBalance(contractUid: $contractUid) {\n    ...BillingBalance\n  }\n}\n\nquery BillingRoles($contractUid: String!) {\n  allWorkspaces(contractUid: $contractUid) {\n    contractUid\n    employee {\n      uid\n      email\n      role\n    }\n  }\n}\n\nsubscription BillingWorkspaceChanged($contractUid: String!) {\n  workspaceChanged(contractUid: $contractUid) {\n    contractUid\n    balance {\n      ...BillingBalance\n    }\n  }\n}\n\nquery BillingLegacyPresence($contractUid: String!) {\n  legacyContract(contractUid: $contractUid) {\n    contractUid\n    number\n  }\n}": types.BillingBalanceFragmentDoc,
    "fragment InvoiceFields on Invoice {\n  uid\n  number\n  dateInvoiced\n  dateDue\n  currency\n  amount\n  amountDue\n  status\n  isSelectableForPayment\n  url\n  paymentAmount\n  paymentCurrency\n  paymentCreatedBy\n  paymentCreatedOn\n}\n\nquery Invoices($contractUid: String!, $filter: InvoiceFilter, $first: Int, $after: String) {\n  invoices(\n    contractUid: $contractUid\n    filter: $filter\n    first: $first\n    after: $after\n  ) {\n    items {\n      ...InvoiceFields\n    }\n    totalCount\n    hasNextPage\n    endCursor\n  }\n}": types.InvoiceFieldsFragmentDoc,
    "query LegacyContract($contractUid: String!) {\n  legacyContract(contractUid: $contractUid) {\n    contractUid\n    number\n    currency\n    monthlyTotal\n    services {\n      uid\n      title\n      description\n      monthly\n      monthlyCurrency\n    }\n    invoices {\n      ...InvoiceFields\n    }\n  }\n}": types.LegacyContractDocument,
    "query UpcomingCharges($contractUid: String!) {\n  upcomingCharges(contractUid: $contractUid) {\n    contractUid\n    currency\n    nextInvoiceDate\n    total\n    services {\n      uid\n      title\n      amount\n    }\n  }\n}": types.UpcomingChargesDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment BillingBalance on FundBalance {\n  contractUid\n  amount\n  amountDue\n  bonusBalance\n  debitBalance\n  sinceLastInvoice\n  limit\n  vatRate\n  currency\n  pendingPayment {\n    amount\n    currency\n  }\n}\n\nquery BillingBalance($contractUid: String!) {\n  fundBalance(contractUid: $contractUid) {\n    ...BillingBalance\n  }\n}\n\nquery BillingRoles($contractUid: String!) {\n  allWorkspaces(contractUid: $contractUid) {\n    contractUid\n    employee {\n      uid\n      email\n      role\n    }\n  }\n}\n\nsubscription BillingWorkspaceChanged($contractUid: String!) {\n  workspaceChanged(contractUid: $contractUid) {\n    contractUid\n    balance {\n      ...BillingBalance\n    }\n  }\n}\n\nquery BillingLegacyPresence($contractUid: String!) {\n  legacyContract(contractUid: $contractUid) {\n    contractUid\n    number\n  }\n}"): (typeof documents)["fragment BillingBalance on FundBalance {\n  contractUid\n  amount\n  amountDue\n  bonusBalance\n  debitBalance\n  sinceLastInvoice\n  limit\n  vatRate\n  currency\n  pendingPayment {\n    amount\n    currency\n  }\n}\n\nquery BillingBalance($contractUid: String!) {\n  fundBalance(contractUid: $contractUid) {\n    ...BillingBalance\n  }\n}\n\nquery BillingRoles($contractUid: String!) {\n  allWorkspaces(contractUid: $contractUid) {\n    contractUid\n    employee {\n      uid\n      email\n      role\n    }\n  }\n}\n\nsubscription BillingWorkspaceChanged($contractUid: String!) {\n  workspaceChanged(contractUid: $contractUid) {\n    contractUid\n    balance {\n      ...BillingBalance\n    }\n  }\n}\n\nquery BillingLegacyPresence($contractUid: String!) {\n  legacyContract(contractUid: $contractUid) {\n    contractUid\n    number\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment InvoiceFields on Invoice {\n  uid\n  number\n  dateInvoiced\n  dateDue\n  currency\n  amount\n  amountDue\n  status\n  isSelectableForPayment\n  url\n  paymentAmount\n  paymentCurrency\n  paymentCreatedBy\n  paymentCreatedOn\n}\n\nquery Invoices($contractUid: String!, $filter: InvoiceFilter, $first: Int, $after: String) {\n  invoices(\n    contractUid: $contractUid\n    filter: $filter\n    first: $first\n    after: $after\n  ) {\n    items {\n      ...InvoiceFields\n    }\n    totalCount\n    hasNextPage\n    endCursor\n  }\n}"): (typeof documents)["fragment InvoiceFields on Invoice {\n  uid\n  number\n  dateInvoiced\n  dateDue\n  currency\n  amount\n  amountDue\n  status\n  isSelectableForPayment\n  url\n  paymentAmount\n  paymentCurrency\n  paymentCreatedBy\n  paymentCreatedOn\n}\n\nquery Invoices($contractUid: String!, $filter: InvoiceFilter, $first: Int, $after: String) {\n  invoices(\n    contractUid: $contractUid\n    filter: $filter\n    first: $first\n    after: $after\n  ) {\n    items {\n      ...InvoiceFields\n    }\n    totalCount\n    hasNextPage\n    endCursor\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LegacyContract($contractUid: String!) {\n  legacyContract(contractUid: $contractUid) {\n    contractUid\n    number\n    currency\n    monthlyTotal\n    services {\n      uid\n      title\n      description\n      monthly\n      monthlyCurrency\n    }\n    invoices {\n      ...InvoiceFields\n    }\n  }\n}"): (typeof documents)["query LegacyContract($contractUid: String!) {\n  legacyContract(contractUid: $contractUid) {\n    contractUid\n    number\n    currency\n    monthlyTotal\n    services {\n      uid\n      title\n      description\n      monthly\n      monthlyCurrency\n    }\n    invoices {\n      ...InvoiceFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query UpcomingCharges($contractUid: String!) {\n  upcomingCharges(contractUid: $contractUid) {\n    contractUid\n    currency\n    nextInvoiceDate\n    total\n    services {\n      uid\n      title\n      amount\n    }\n  }\n}"): (typeof documents)["query UpcomingCharges($contractUid: String!) {\n  upcomingCharges(contractUid: $contractUid) {\n    contractUid\n    currency\n    nextInvoiceDate\n    total\n    services {\n      uid\n      title\n      amount\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;