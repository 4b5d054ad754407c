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
    "query SupportMessages($contractUid: String!, $folder: SupportFolder!, $search: String, $first: Int, $after: String) {\n  supportMessages(\n    contractUid: $contractUid\n    folder: $folder\n    search: $search\n    first: $first\n    after: $after\n  ) {\n    items {\n      uid\n      threadUid\n      author\n      from\n      subject\n      excerpt\n      createdAt\n      unread\n      attachmentCount\n    }\n    totalCount\n    hasNextPage\n    endCursor\n  }\n}\n\nfragment SupportThreadFields on SupportThread {\n  uid\n  contractUid\n  workspaceName\n  subject\n  instanceUid\n  instanceName\n  invoiceUid\n  invoiceNumber\n  unreadCount\n  messages {\n    uid\n    author\n    from\n    body\n    createdAt\n    unread\n    attachments {\n      uid\n      name\n      size\n      contentType\n      url\n    }\n  }\n}\n\nquery SupportThread($uid: ID!) {\n  supportThread(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nquery SupportLimits {\n  supportLimits {\n    maxFileBytes\n    maxTotalBytes\n    maxFiles\n    maxSubjectLength\n    maxBodyLength\n    allowedExtensions\n  }\n}\n\nquery SupportInstances($contractUid: String!) {\n  instances(contractUid: $contractUid) {\n    uid\n    name\n  }\n}\n\nmutation SendSupportMessage($input: SendSupportMessageInput!) {\n  sendSupportMessage(input: $input) {\n    ...SupportThreadFields\n  }\n}\n\nmutation MarkSupportThreadRead($uid: ID!) {\n  markSupportThreadRead(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nmutation MarkSupportThreadUnread($uid: ID!) {\n  markSupportThreadUnread(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nsubscription SupportChanged($contractUid: String!) {\n  supportChanged(contractUid: $contractUid) {\n    contractUid\n    threadUid\n  }\n}": typeof types.SupportMessagesDocument,
};
const documents: Documents = {
    "query SupportMessages($contractUid: String!, $folder: SupportFolder!, $search: String, $first: Int, $after: String) {\n  supportMessages(\n    contractUid: $contractUid\n    folder: $folder\n    search: $search\n    first: $first\n    after: $after\n  ) {\n    items {\n      uid\n      threadUid\n      author\n      from\n      subject\n      excerpt\n      createdAt\n      unread\n      attachmentCount\n    }\n    totalCount\n    hasNextPage\n    endCursor\n  }\n}\n\nfragment SupportThreadFields on SupportThread {\n  uid\n  contractUid\n  workspaceName\n  subject\n  instanceUid\n  instanceName\n  invoiceUid\n  invoiceNumber\n  unreadCount\n  messages {\n    uid\n    author\n    from\n    body\n    createdAt\n    unread\n    attachments {\n      uid\n      name\n      size\n      contentType\n      url\n    }\n  }\n}\n\nquery SupportThread($uid: ID!) {\n  supportThread(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nquery SupportLimits {\n  supportLimits {\n    maxFileBytes\n    maxTotalBytes\n    maxFiles\n    maxSubjectLength\n    maxBodyLength\n    allowedExtensions\n  }\n}\n\nquery SupportInstances($contractUid: String!) {\n  instances(contractUid: $contractUid) {\n    uid\n    name\n  }\n}\n\nmutation SendSupportMessage($input: SendSupportMessageInput!) {\n  sendSupportMessage(input: $input) {\n    ...SupportThreadFields\n  }\n}\n\nmutation MarkSupportThreadRead($uid: ID!) {\n  markSupportThreadRead(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nmutation MarkSupportThreadUnread($uid: ID!) {\n  markSupportThreadUnread(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nsubscription SupportChanged($contractUid: String!) {\n  supportChanged(contractUid: $contractUid) {\n    contractUid\n    threadUid\n  }\n}": types.SupportMessagesDocument,
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
export function graphql(source: "query SupportMessages($contractUid: String!, $folder: SupportFolder!, $search: String, $first: Int, $after: String) {\n  supportMessages(\n    contractUid: $contractUid\n    folder: $folder\n    search: $search\n    first: $first\n    after: $after\n  ) {\n    items {\n      uid\n      threadUid\n      author\n      from\n      subject\n      excerpt\n      createdAt\n      unread\n      attachmentCount\n    }\n    totalCount\n    hasNextPage\n    endCursor\n  }\n}\n\nfragment SupportThreadFields on SupportThread {\n  uid\n  contractUid\n  workspaceName\n  subject\n  instanceUid\n  instanceName\n  invoiceUid\n  invoiceNumber\n  unreadCount\n  messages {\n    uid\n    author\n    from\n    body\n    createdAt\n    unread\n    attachments {\n      uid\n      name\n      size\n      contentType\n      url\n    }\n  }\n}\n\nquery SupportThread($uid: ID!) {\n  supportThread(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nquery SupportLimits {\n  supportLimits {\n    maxFileBytes\n    maxTotalBytes\n    maxFiles\n    maxSubjectLength\n    maxBodyLength\n    allowedExtensions\n  }\n}\n\nquery SupportInstances($contractUid: String!) {\n  instances(contractUid: $contractUid) {\n    uid\n    name\n  }\n}\n\nmutation SendSupportMessage($input: SendSupportMessageInput!) {\n  sendSupportMessage(input: $input) {\n    ...SupportThreadFields\n  }\n}\n\nmutation MarkSupportThreadRead($uid: ID!) {\n  markSupportThreadRead(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nmutation MarkSupportThreadUnread($uid: ID!) {\n  markSupportThreadUnread(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nsubscription SupportChanged($contractUid: String!) {\n  supportChanged(contractUid: $contractUid) {\n    contractUid\n    threadUid\n  }\n}"): (typeof documents)["query SupportMessages($contractUid: String!, $folder: SupportFolder!, $search: String, $first: Int, $after: String) {\n  supportMessages(\n    contractUid: $contractUid\n    folder: $folder\n    search: $search\n    first: $first\n    after: $after\n  ) {\n    items {\n      uid\n      threadUid\n      author\n      from\n      subject\n      excerpt\n      createdAt\n      unread\n      attachmentCount\n    }\n    totalCount\n    hasNextPage\n    endCursor\n  }\n}\n\nfragment SupportThreadFields on SupportThread {\n  uid\n  contractUid\n  workspaceName\n  subject\n  instanceUid\n  instanceName\n  invoiceUid\n  invoiceNumber\n  unreadCount\n  messages {\n    uid\n    author\n    from\n    body\n    createdAt\n    unread\n    attachments {\n      uid\n      name\n      size\n      contentType\n      url\n    }\n  }\n}\n\nquery SupportThread($uid: ID!) {\n  supportThread(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nquery SupportLimits {\n  supportLimits {\n    maxFileBytes\n    maxTotalBytes\n    maxFiles\n    maxSubjectLength\n    maxBodyLength\n    allowedExtensions\n  }\n}\n\nquery SupportInstances($contractUid: String!) {\n  instances(contractUid: $contractUid) {\n    uid\n    name\n  }\n}\n\nmutation SendSupportMessage($input: SendSupportMessageInput!) {\n  sendSupportMessage(input: $input) {\n    ...SupportThreadFields\n  }\n}\n\nmutation MarkSupportThreadRead($uid: ID!) {\n  markSupportThreadRead(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nmutation MarkSupportThreadUnread($uid: ID!) {\n  markSupportThreadUnread(uid: $uid) {\n    ...SupportThreadFields\n  }\n}\n\nsubscription SupportChanged($contractUid: String!) {\n  supportChanged(contractUid: $contractUid) {\n    contractUid\n    threadUid\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;