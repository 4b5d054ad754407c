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
    "mutation UpdatePreferences($input: PreferencesInput!) {\n  updatePreferences(input: $input) {\n    user {\n      email\n      timezone\n      dateFormat\n      timeFormat\n    }\n  }\n}": typeof types.UpdatePreferencesDocument,
    "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    user {\n      email\n      phone\n      firstName\n      lastName\n      isBusiness\n    }\n  }\n}": typeof types.UpdateProfileDocument,
    "query ProfileSshKeys {\n  sshKeys {\n    uid\n    name\n    fingerprint\n    type\n    bits\n    createdAt\n  }\n}\n\nmutation ProfileAddSshKey($name: String!, $publicKey: String!) {\n  addSshKey(name: $name, publicKey: $publicKey) {\n    uid\n    name\n    fingerprint\n    type\n    bits\n    createdAt\n  }\n}\n\nmutation ProfileDeleteSshKey($uid: String!) {\n  deleteSshKey(uid: $uid)\n}": typeof types.ProfileSshKeysDocument,
};
const documents: Documents = {
    "mutation UpdatePreferences($input: PreferencesInput!) {\n  updatePreferences(input: $input) {\n    user {\n      email\n      timezone\n      dateFormat\n      timeFormat\n    }\n  }\n}": types.UpdatePreferencesDocument,
    "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    user {\n      email\n      phone\n      firstName\n      lastName\n      isBusiness\n    }\n  }\n}": types.UpdateProfileDocument,
    "query ProfileSshKeys {\n  sshKeys {\n    uid\n    name\n    fingerprint\n    type\n    bits\n    createdAt\n  }\n}\n\nmutation ProfileAddSshKey($name: String!, $publicKey: String!) {\n  addSshKey(name: $name, publicKey: $publicKey) {\n    uid\n    name\n    fingerprint\n    type\n    bits\n    createdAt\n  }\n}\n\nmutation ProfileDeleteSshKey($uid: String!) {\n  deleteSshKey(uid: $uid)\n}": types.ProfileSshKeysDocument,
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
export function graphql(source: "mutation UpdatePreferences($input: PreferencesInput!) {\n  updatePreferences(input: $input) {\n    user {\n      email\n      timezone\n      dateFormat\n      timeFormat\n    }\n  }\n}"): (typeof documents)["mutation UpdatePreferences($input: PreferencesInput!) {\n  updatePreferences(input: $input) {\n    user {\n      email\n      timezone\n      dateFormat\n      timeFormat\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    user {\n      email\n      phone\n      firstName\n      lastName\n      isBusiness\n    }\n  }\n}"): (typeof documents)["mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    user {\n      email\n      phone\n      firstName\n      lastName\n      isBusiness\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProfileSshKeys {\n  sshKeys {\n    uid\n    name\n    fingerprint\n    type\n    bits\n    createdAt\n  }\n}\n\nmutation ProfileAddSshKey($name: String!, $publicKey: String!) {\n  addSshKey(name: $name, publicKey: $publicKey) {\n    uid\n    name\n    fingerprint\n    type\n    bits\n    createdAt\n  }\n}\n\nmutation ProfileDeleteSshKey($uid: String!) {\n  deleteSshKey(uid: $uid)\n}"): (typeof documents)["query ProfileSshKeys {\n  sshKeys {\n    uid\n    name\n    fingerprint\n    type\n    bits\n    createdAt\n  }\n}\n\nmutation ProfileAddSshKey($name: String!, $publicKey: String!) {\n  addSshKey(name: $name, publicKey: $publicKey) {\n    uid\n    name\n    fingerprint\n    type\n    bits\n    createdAt\n  }\n}\n\nmutation ProfileDeleteSshKey($uid: String!) {\n  deleteSshKey(uid: $uid)\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;