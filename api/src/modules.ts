import type { GraphQLSchema } from 'graphql';
import { billingModule } from './billing/module.js';
import { computeModule } from './compute/module.js';
import type { Resolvers } from './graphql/generated/resolvers.js';
import { buildContractSchema, mergeResolvers, readContract } from './graphql/schema.js';
import { identityModule } from './identity/module.js';
import { invitationsModule } from './invitations/module.js';
import { meModule } from './me/module.js';
import type { PortalModule } from './modules/module.js';
import { profileModule } from './profile/module.js';
import { sshKeysModule } from './ssh-keys/module.js';
import { supportModule } from './support/module.js';
import { workspacesModule } from './workspaces/module.js';

/** The portal's domains, each a module; a new domain is one line here. */
export const modules: readonly PortalModule[] = [
  identityModule,
  workspacesModule,
  invitationsModule,
  meModule,
  profileModule,
  sshKeysModule,
  billingModule,
  computeModule,
  supportModule,
];

/** Every module's resolvers, merged (root fields and type fields). */
export const resolvers: Resolvers = mergeResolvers(modules.map((m) => m.resolvers));

/** The contract with every module's resolvers; start-up fails on a root field nobody resolves. */
export function buildSchema(typeDefs = readContract()): GraphQLSchema {
  return buildContractSchema(typeDefs, [resolvers]);
}
