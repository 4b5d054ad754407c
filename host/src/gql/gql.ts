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
    "subscription MeChanged {\n  meChanged {\n    user {\n      email\n      phone\n      firstName\n      lastName\n      timezone\n      dateFormat\n      timeFormat\n      language\n      totp2faEnabled\n      hasUsablePassword\n      isBusiness\n    }\n    env {\n      unreadDirectMessages\n    }\n  }\n}": typeof types.MeChangedDocument,
    "subscription Notifications {\n  notifications {\n    type\n    message\n  }\n}": typeof types.NotificationsDocument,
    "subscription WorkspaceChanged($contractUid: String!) {\n  workspaceChanged(contractUid: $contractUid) {\n    contractUid\n    workspaceName\n    kind\n    unreadMessages\n    balance {\n      contractUid\n      amount\n      amountDue\n      currency\n      sinceLastInvoice\n      pendingPayment {\n        amount\n      }\n    }\n    services {\n      uid\n    }\n  }\n}": typeof types.WorkspaceChangedDocument,
};
const documents: Documents = {
    "subscription MeChanged {\n  meChanged {\n    user {\n      email\n      phone\n      firstName\n      lastName\n      timezone\n      dateFormat\n      timeFormat\n      language\n      totp2faEnabled\n      hasUsablePassword\n      isBusiness\n    }\n    env {\n      unreadDirectMessages\n    }\n  }\n}": types.MeChangedDocument,
    "subscription Notifications {\n  notifications {\n    type\n    message\n  }\n}": types.NotificationsDocument,
    "subscription WorkspaceChanged($contractUid: String!) {\n  workspaceChanged(contractUid: $contractUid) {\n    contractUid\n    workspaceName\n    kind\n    unreadMessages\n    balance {\n      contractUid\n      amount\n      amountDue\n      currency\n      sinceLastInvoice\n      pendingPayment {\n        amount\n      }\n    }\n    services {\n      uid\n    }\n  }\n}": types.WorkspaceChangedDocument,
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
export function graphql(source: "subscription MeChanged {\n  meChanged {\n    user {\n      email\n      phone\n      firstName\n      lastName\n      timezone\n      dateFormat\n      timeFormat\n      language\n      totp2faEnabled\n      hasUsablePassword\n      isBusiness\n    }\n    env {\n      unreadDirectMessages\n    }\n  }\n}"): (typeof documents)["subscription MeChanged {\n  meChanged {\n    user {\n      email\n      phone\n      firstName\n      lastName\n      timezone\n      dateFormat\n      timeFormat\n      language\n      totp2faEnabled\n      hasUsablePassword\n      isBusiness\n    }\n    env {\n      unreadDirectMessages\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription Notifications {\n  notifications {\n    type\n    message\n  }\n}"): (typeof documents)["subscription Notifications {\n  notifications {\n    type\n    message\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription WorkspaceChanged($contractUid: String!) {\n  workspaceChanged(contractUid: $contractUid) {\n    contractUid\n    workspaceName\n    kind\n    unreadMessages\n    balance {\n      contractUid\n      amount\n      amountDue\n      currency\n      sinceLastInvoice\n      pendingPayment {\n        amount\n      }\n    }\n    services {\n      uid\n    }\n  }\n}"): (typeof documents)["subscription WorkspaceChanged($contractUid: String!) {\n  workspaceChanged(contractUid: $contractUid) {\n    contractUid\n    workspaceName\n    kind\n    unreadMessages\n    balance {\n      contractUid\n      amount\n      amountDue\n      currency\n      sinceLastInvoice\n      pendingPayment {\n        amount\n      }\n    }\n    services {\n      uid\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;