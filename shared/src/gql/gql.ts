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
    "query WsaToken {\n  getWSAToken\n}": typeof types.WsaTokenDocument,
    "query Me {\n  me {\n    reason\n    user {\n      email\n      phone\n      firstName\n      lastName\n      timezone\n      dateFormat\n      timeFormat\n      language\n      totp2faEnabled\n      hasUsablePassword\n      isBusiness\n    }\n    env {\n      profiles\n      currentExternalIp\n      unreadDirectMessages\n    }\n  }\n}": typeof types.MeDocument,
    "mutation SetLanguage($language: String!) {\n  setLanguage(language: $language) {\n    user {\n      email\n      language\n    }\n  }\n}": typeof types.SetLanguageDocument,
    "fragment PortalWorkspace on Workspace {\n  contractUid\n  workspaceName\n  number\n  kind\n  balance {\n    contractUid\n    amount\n    amountDue\n    currency\n    sinceLastInvoice\n    paymentMethods {\n      uid\n      methodId\n      methodType\n      effectiveFrom\n      effectiveTill\n      cardBrand\n      cardLast4\n      cardExpMonth\n      cardExpYear\n      paypalCountry\n      paypalPayerId\n      paypalPayerEmail\n    }\n    pendingPayment {\n      amount\n    }\n  }\n  account {\n    accountUid\n    name\n  }\n  employee {\n    uid\n    firstName\n    lastName\n    email\n  }\n  authorizedPeople {\n    uid\n    fullName\n    mobilePhone\n    email\n    loginStatus\n  }\n  servicesLegacy {\n    uid\n    title\n    description\n    monthly\n    monthlyCurrency\n  }\n  unreadMessages\n  services {\n    uid\n  }\n  myRole\n  capabilities\n}\n\nquery AllWorkspaces($contractUid: String) {\n  allWorkspaces(contractUid: $contractUid) {\n    ...PortalWorkspace\n  }\n}": typeof types.PortalWorkspaceFragmentDoc,
};
const documents: Documents = {
    "query WsaToken {\n  getWSAToken\n}": types.WsaTokenDocument,
    "query Me {\n  me {\n    reason\n    user {\n      email\n      phone\n      firstName\n      lastName\n      timezone\n      dateFormat\n      timeFormat\n      language\n      totp2faEnabled\n      hasUsablePassword\n      isBusiness\n    }\n    env {\n      profiles\n      currentExternalIp\n      unreadDirectMessages\n    }\n  }\n}": types.MeDocument,
    "mutation SetLanguage($language: String!) {\n  setLanguage(language: $language) {\n    user {\n      email\n      language\n    }\n  }\n}": types.SetLanguageDocument,
    "fragment PortalWorkspace on Workspace {\n  contractUid\n  workspaceName\n  number\n  kind\n  balance {\n    contractUid\n    amount\n    amountDue\n    currency\n    sinceLastInvoice\n    paymentMethods {\n      uid\n      methodId\n      methodType\n      effectiveFrom\n      effectiveTill\n      cardBrand\n      cardLast4\n      cardExpMonth\n      cardExpYear\n      paypalCountry\n      paypalPayerId\n      paypalPayerEmail\n    }\n    pendingPayment {\n      amount\n    }\n  }\n  account {\n    accountUid\n    name\n  }\n  employee {\n    uid\n    firstName\n    lastName\n    email\n  }\n  authorizedPeople {\n    uid\n    fullName\n    mobilePhone\n    email\n    loginStatus\n  }\n  servicesLegacy {\n    uid\n    title\n    description\n    monthly\n    monthlyCurrency\n  }\n  unreadMessages\n  services {\n    uid\n  }\n  myRole\n  capabilities\n}\n\nquery AllWorkspaces($contractUid: String) {\n  allWorkspaces(contractUid: $contractUid) {\n    ...PortalWorkspace\n  }\n}": types.PortalWorkspaceFragmentDoc,
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
export function graphql(source: "query WsaToken {\n  getWSAToken\n}"): (typeof documents)["query WsaToken {\n  getWSAToken\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Me {\n  me {\n    reason\n    user {\n      email\n      phone\n      firstName\n      lastName\n      timezone\n      dateFormat\n      timeFormat\n      language\n      totp2faEnabled\n      hasUsablePassword\n      isBusiness\n    }\n    env {\n      profiles\n      currentExternalIp\n      unreadDirectMessages\n    }\n  }\n}"): (typeof documents)["query Me {\n  me {\n    reason\n    user {\n      email\n      phone\n      firstName\n      lastName\n      timezone\n      dateFormat\n      timeFormat\n      language\n      totp2faEnabled\n      hasUsablePassword\n      isBusiness\n    }\n    env {\n      profiles\n      currentExternalIp\n      unreadDirectMessages\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetLanguage($language: String!) {\n  setLanguage(language: $language) {\n    user {\n      email\n      language\n    }\n  }\n}"): (typeof documents)["mutation SetLanguage($language: String!) {\n  setLanguage(language: $language) {\n    user {\n      email\n      language\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PortalWorkspace on Workspace {\n  contractUid\n  workspaceName\n  number\n  kind\n  balance {\n    contractUid\n    amount\n    amountDue\n    currency\n    sinceLastInvoice\n    paymentMethods {\n      uid\n      methodId\n      methodType\n      effectiveFrom\n      effectiveTill\n      cardBrand\n      cardLast4\n      cardExpMonth\n      cardExpYear\n      paypalCountry\n      paypalPayerId\n      paypalPayerEmail\n    }\n    pendingPayment {\n      amount\n    }\n  }\n  account {\n    accountUid\n    name\n  }\n  employee {\n    uid\n    firstName\n    lastName\n    email\n  }\n  authorizedPeople {\n    uid\n    fullName\n    mobilePhone\n    email\n    loginStatus\n  }\n  servicesLegacy {\n    uid\n    title\n    description\n    monthly\n    monthlyCurrency\n  }\n  unreadMessages\n  services {\n    uid\n  }\n  myRole\n  capabilities\n}\n\nquery AllWorkspaces($contractUid: String) {\n  allWorkspaces(contractUid: $contractUid) {\n    ...PortalWorkspace\n  }\n}"): (typeof documents)["fragment PortalWorkspace on Workspace {\n  contractUid\n  workspaceName\n  number\n  kind\n  balance {\n    contractUid\n    amount\n    amountDue\n    currency\n    sinceLastInvoice\n    paymentMethods {\n      uid\n      methodId\n      methodType\n      effectiveFrom\n      effectiveTill\n      cardBrand\n      cardLast4\n      cardExpMonth\n      cardExpYear\n      paypalCountry\n      paypalPayerId\n      paypalPayerEmail\n    }\n    pendingPayment {\n      amount\n    }\n  }\n  account {\n    accountUid\n    name\n  }\n  employee {\n    uid\n    firstName\n    lastName\n    email\n  }\n  authorizedPeople {\n    uid\n    fullName\n    mobilePhone\n    email\n    loginStatus\n  }\n  servicesLegacy {\n    uid\n    title\n    description\n    monthly\n    monthlyCurrency\n  }\n  unreadMessages\n  services {\n    uid\n  }\n  myRole\n  capabilities\n}\n\nquery AllWorkspaces($contractUid: String) {\n  allWorkspaces(contractUid: $contractUid) {\n    ...PortalWorkspace\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;