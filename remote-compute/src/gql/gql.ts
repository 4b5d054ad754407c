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
    "query ConsoleInstance($uid: String!) {\n  consoleInstance(uid: $uid) {\n    ...InstanceFields\n  }\n}": typeof types.ConsoleInstanceDocument,
    "query InstanceDetails($contractUid: String!, $uid: String!) {\n  instance(contractUid: $contractUid, uid: $uid) {\n    ...InstanceFields\n  }\n}\n\nmutation RenameInstance($contractUid: String!, $uid: String!, $name: String!) {\n  renameInstance(contractUid: $contractUid, uid: $uid, name: $name) {\n    ...InstanceFields\n  }\n}": typeof types.InstanceDetailsDocument,
    "fragment InstanceFields on Instance {\n  uid\n  contractUid\n  name\n  system\n  image {\n    uid\n    name\n    system\n    kind\n  }\n  location {\n    uid\n    city\n    country\n    region\n  }\n  plan {\n    uid\n    name\n    vcpus\n    memoryMb\n    diskGb\n    transferTb\n  }\n  status\n  pendingAction\n  lastError\n  allowedActions\n  charges\n  currency\n  ipv4\n  ipv6\n  createdAt\n}\n\nquery Instances($contractUid: String!) {\n  instances(contractUid: $contractUid) {\n    ...InstanceFields\n  }\n}\n\nsubscription InstanceChanged($contractUid: String!) {\n  instanceChanged(contractUid: $contractUid) {\n    deleted\n    instance {\n      ...InstanceFields\n    }\n  }\n}\n\nmutation InstanceAction($contractUid: String!, $uid: String!, $action: InstanceAction!) {\n  instanceAction(contractUid: $contractUid, uid: $uid, action: $action) {\n    ...InstanceFields\n  }\n}": typeof types.InstanceFieldsFragmentDoc,
    "fragment PlanFields on ComputePlan {\n  uid\n  name\n  vcpus\n  memoryMb\n  diskGb\n  transferTb\n  prices {\n    currency\n    monthly\n    hourly\n  }\n}\n\nquery ComputeCatalog {\n  computeCatalog {\n    images {\n      uid\n      name\n      system\n      kind\n      description\n    }\n    locations {\n      uid\n      city\n      country\n      region\n    }\n    plans {\n      ...PlanFields\n    }\n  }\n}\n\nquery Offer($templateUid: String!) {\n  offer(templateUid: $templateUid) {\n    templateUid\n    image {\n      uid\n    }\n    plan {\n      uid\n    }\n  }\n}\n\nmutation CreateInstance($input: CreateInstanceInput!) {\n  createInstance(input: $input) {\n    ...InstanceFields\n  }\n}": typeof types.PlanFieldsFragmentDoc,
    "query Offers($kind: OfferKind) {\n  offers(kind: $kind) {\n    templateUid\n    kind\n    category\n    title\n    description\n    image {\n      uid\n      name\n      system\n    }\n    plan {\n      ...PlanFields\n    }\n  }\n}": typeof types.OffersDocument,
};
const documents: Documents = {
    "query ConsoleInstance($uid: String!) {\n  consoleInstance(uid: $uid) {\n    ...InstanceFields\n  }\n}": types.ConsoleInstanceDocument,
    "query InstanceDetails($contractUid: String!, $uid: String!) {\n  instance(contractUid: $contractUid, uid: $uid) {\n    ...InstanceFields\n  }\n}\n\nmutation RenameInstance($contractUid: String!, $uid: String!, $name: String!) {\n  renameInstance(contractUid: $contractUid, uid: $uid, name: $name) {\n    ...InstanceFields\n  }\n}": types.InstanceDetailsDocument,
    "fragment InstanceFields on Instance {\n  uid\n  contractUid\n  name\n  system\n  image {\n    uid\n    name\n    system\n    kind\n  }\n  location {\n    uid\n    city\n    country\n    region\n  }\n  plan {\n    uid\n    name\n    vcpus\n    memoryMb\n    diskGb\n    transferTb\n  }\n  status\n  pendingAction\n  lastError\n  allowedActions\n  charges\n  currency\n  ipv4\n  ipv6\n  createdAt\n}\n\nquery Instances($contractUid: String!) {\n  instances(contractUid: $contractUid) {\n    ...InstanceFields\n  }\n}\n\nsubscription InstanceChanged($contractUid: String!) {\n  instanceChanged(contractUid: $contractUid) {\n    deleted\n    instance {\n      ...InstanceFields\n    }\n  }\n}\n\nmutation InstanceAction($contractUid: String!, $uid: String!, $action: InstanceAction!) {\n  instanceAction(contractUid: $contractUid, uid: $uid, action: $action) {\n    ...InstanceFields\n  }\n}": types.InstanceFieldsFragmentDoc,
    "fragment PlanFields on ComputePlan {\n  uid\n  name\n  vcpus\n  memoryMb\n  diskGb\n  transferTb\n  prices {\n    currency\n    monthly\n    hourly\n  }\n}\n\nquery ComputeCatalog {\n  computeCatalog {\n    images {\n      uid\n      name\n      system\n      kind\n      description\n    }\n    locations {\n      uid\n      city\n      country\n      region\n    }\n    plans {\n      ...PlanFields\n    }\n  }\n}\n\nquery Offer($templateUid: String!) {\n  offer(templateUid: $templateUid) {\n    templateUid\n    image {\n      uid\n    }\n    plan {\n      uid\n    }\n  }\n}\n\nmutation CreateInstance($input: CreateInstanceInput!) {\n  createInstance(input: $input) {\n    ...InstanceFields\n  }\n}": types.PlanFieldsFragmentDoc,
    "query Offers($kind: OfferKind) {\n  offers(kind: $kind) {\n    templateUid\n    kind\n    category\n    title\n    description\n    image {\n      uid\n      name\n      system\n    }\n    plan {\n      ...PlanFields\n    }\n  }\n}": types.OffersDocument,
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
export function graphql(source: "query ConsoleInstance($uid: String!) {\n  consoleInstance(uid: $uid) {\n    ...InstanceFields\n  }\n}"): (typeof documents)["query ConsoleInstance($uid: String!) {\n  consoleInstance(uid: $uid) {\n    ...InstanceFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query InstanceDetails($contractUid: String!, $uid: String!) {\n  instance(contractUid: $contractUid, uid: $uid) {\n    ...InstanceFields\n  }\n}\n\nmutation RenameInstance($contractUid: String!, $uid: String!, $name: String!) {\n  renameInstance(contractUid: $contractUid, uid: $uid, name: $name) {\n    ...InstanceFields\n  }\n}"): (typeof documents)["query InstanceDetails($contractUid: String!, $uid: String!) {\n  instance(contractUid: $contractUid, uid: $uid) {\n    ...InstanceFields\n  }\n}\n\nmutation RenameInstance($contractUid: String!, $uid: String!, $name: String!) {\n  renameInstance(contractUid: $contractUid, uid: $uid, name: $name) {\n    ...InstanceFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment InstanceFields on Instance {\n  uid\n  contractUid\n  name\n  system\n  image {\n    uid\n    name\n    system\n    kind\n  }\n  location {\n    uid\n    city\n    country\n    region\n  }\n  plan {\n    uid\n    name\n    vcpus\n    memoryMb\n    diskGb\n    transferTb\n  }\n  status\n  pendingAction\n  lastError\n  allowedActions\n  charges\n  currency\n  ipv4\n  ipv6\n  createdAt\n}\n\nquery Instances($contractUid: String!) {\n  instances(contractUid: $contractUid) {\n    ...InstanceFields\n  }\n}\n\nsubscription InstanceChanged($contractUid: String!) {\n  instanceChanged(contractUid: $contractUid) {\n    deleted\n    instance {\n      ...InstanceFields\n    }\n  }\n}\n\nmutation InstanceAction($contractUid: String!, $uid: String!, $action: InstanceAction!) {\n  instanceAction(contractUid: $contractUid, uid: $uid, action: $action) {\n    ...InstanceFields\n  }\n}"): (typeof documents)["fragment InstanceFields on Instance {\n  uid\n  contractUid\n  name\n  system\n  image {\n    uid\n    name\n    system\n    kind\n  }\n  location {\n    uid\n    city\n    country\n    region\n  }\n  plan {\n    uid\n    name\n    vcpus\n    memoryMb\n    diskGb\n    transferTb\n  }\n  status\n  pendingAction\n  lastError\n  allowedActions\n  charges\n  currency\n  ipv4\n  ipv6\n  createdAt\n}\n\nquery Instances($contractUid: String!) {\n  instances(contractUid: $contractUid) {\n    ...InstanceFields\n  }\n}\n\nsubscription InstanceChanged($contractUid: String!) {\n  instanceChanged(contractUid: $contractUid) {\n    deleted\n    instance {\n      ...InstanceFields\n    }\n  }\n}\n\nmutation InstanceAction($contractUid: String!, $uid: String!, $action: InstanceAction!) {\n  instanceAction(contractUid: $contractUid, uid: $uid, action: $action) {\n    ...InstanceFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PlanFields on ComputePlan {\n  uid\n  name\n  vcpus\n  memoryMb\n  diskGb\n  transferTb\n  prices {\n    currency\n    monthly\n    hourly\n  }\n}\n\nquery ComputeCatalog {\n  computeCatalog {\n    images {\n      uid\n      name\n      system\n      kind\n      description\n    }\n    locations {\n      uid\n      city\n      country\n      region\n    }\n    plans {\n      ...PlanFields\n    }\n  }\n}\n\nquery Offer($templateUid: String!) {\n  offer(templateUid: $templateUid) {\n    templateUid\n    image {\n      uid\n    }\n    plan {\n      uid\n    }\n  }\n}\n\nmutation CreateInstance($input: CreateInstanceInput!) {\n  createInstance(input: $input) {\n    ...InstanceFields\n  }\n}"): (typeof documents)["fragment PlanFields on ComputePlan {\n  uid\n  name\n  vcpus\n  memoryMb\n  diskGb\n  transferTb\n  prices {\n    currency\n    monthly\n    hourly\n  }\n}\n\nquery ComputeCatalog {\n  computeCatalog {\n    images {\n      uid\n      name\n      system\n      kind\n      description\n    }\n    locations {\n      uid\n      city\n      country\n      region\n    }\n    plans {\n      ...PlanFields\n    }\n  }\n}\n\nquery Offer($templateUid: String!) {\n  offer(templateUid: $templateUid) {\n    templateUid\n    image {\n      uid\n    }\n    plan {\n      uid\n    }\n  }\n}\n\nmutation CreateInstance($input: CreateInstanceInput!) {\n  createInstance(input: $input) {\n    ...InstanceFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Offers($kind: OfferKind) {\n  offers(kind: $kind) {\n    templateUid\n    kind\n    category\n    title\n    description\n    image {\n      uid\n      name\n      system\n    }\n    plan {\n      ...PlanFields\n    }\n  }\n}"): (typeof documents)["query Offers($kind: OfferKind) {\n  offers(kind: $kind) {\n    templateUid\n    kind\n    category\n    title\n    description\n    image {\n      uid\n      name\n      system\n    }\n    plan {\n      ...PlanFields\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;