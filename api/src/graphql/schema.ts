import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { paymentMutations, paymentQueries, paymentSubscriptions } from '../billing/payments/resolvers.js';
import { billingQueries } from '../billing/resolvers.js';
import { consoleQueries } from '../compute/console/resolvers.js';
import { lifecycleInstanceFields, lifecycleMutations } from '../compute/lifecycle/resolvers.js';
import {
  monitoringMutations,
  monitoringQueries,
  monitoringSubscriptions,
} from '../compute/monitoring/resolvers.js';
import {
  networkInstanceFields,
  networkMutations,
  networkSubscriptions,
} from '../compute/network/resolvers.js';
import { computeMutations, computeQueries, computeSubscriptions } from '../compute/resolvers.js';
import { statusQueries, statusSubscriptions } from '../compute/status/resolvers.js';
import { REPO_ROOT } from '../config.js';
import { invitationMutations, invitationQueries } from '../invitations/resolvers.js';
import { meMutations, meQueries, meSubscriptions } from '../me/resolvers.js';
import { profileMutations, profileSubscriptions } from '../profile/resolvers.js';
import { sshKeyMutations, sshKeyQueries } from '../ssh-keys/resolvers.js';
import { supportMutations, supportQueries, supportSubscriptions } from '../support/resolvers.js';
import {
  workspaceAdminMutations,
  workspaceAdminQueries,
  workspaceAdminSubscriptions,
} from '../workspaces/admin-resolvers.js';
import { workspaceFields, workspaceQueries, workspaceSubscriptions } from '../workspaces/resolvers.js';
import type { GraphQLContext } from './context.js';
import type {
  MutationResolvers,
  QueryResolvers,
  Resolvers,
  SubscriptionResolvers,
} from './generated/resolvers.js';
import { DateScalar, DateTime, Decimal } from './scalars.js';

/**
 * The contract, read at start-up: the api never carries a copy of its own. `schema.graphql` holds
 * the roots and the shared types; each domain has a file of its own that extends them.
 */
export const SCHEMA_DIR = resolve(REPO_ROOT, 'shared/graphql');

export function readContract(): string {
  return (
    readdirSync(SCHEMA_DIR)
      .filter((file) => file.endsWith('.graphql'))
      // the roots first, then the domains that extend them
      .sort((a, b) => Number(b === 'schema.graphql') - Number(a === 'schema.graphql') || a.localeCompare(b))
      .map((file) => readFileSync(resolve(SCHEMA_DIR, file), 'utf8'))
      .join('\n')
  );
}

// `Required<…>`: every root field of the contract has a resolver, or typecheck fails. Field types
// and arguments are checked by the generated types themselves.
const Query: Required<QueryResolvers> = {
  ...workspaceQueries,
  ...meQueries,
  ...invitationQueries,
  ...computeQueries,
  ...consoleQueries,
  ...monitoringQueries,
  ...sshKeyQueries,
  ...statusQueries,
  ...billingQueries,
  ...supportQueries,
  ...workspaceAdminQueries,
  ...paymentQueries,
};
const Mutation: Required<MutationResolvers> = {
  ...invitationMutations,
  ...meMutations,
  ...computeMutations,
  ...monitoringMutations,
  ...networkMutations,
  ...lifecycleMutations,
  ...sshKeyMutations,
  ...supportMutations,
  ...workspaceAdminMutations,
  ...paymentMutations,
  ...profileMutations,
};
const Subscription: Required<SubscriptionResolvers> = {
  ...workspaceSubscriptions,
  ...meSubscriptions,
  ...computeSubscriptions,
  ...monitoringSubscriptions,
  ...networkSubscriptions,
  ...statusSubscriptions,
  ...supportSubscriptions,
  ...workspaceAdminSubscriptions,
  ...paymentSubscriptions,
  ...profileSubscriptions,
};

export const resolvers: Resolvers = {
  Query,
  Mutation,
  Subscription,
  Instance: { ...networkInstanceFields, ...lifecycleInstanceFields },
  Workspace: workspaceFields,
  Decimal,
  Date: DateScalar,
  DateTime,
};

export function buildSchema(typeDefs = readContract()): GraphQLSchema {
  return createSchema<GraphQLContext>({ typeDefs, resolvers: resolvers as never });
}
