import { defineModule } from '../modules/module.js';
import { invitationMutations, invitationQueries } from './resolvers.js';

export const invitationsModule = defineModule({
  name: 'invitations',
  dependencies: ['identity', 'workspaces'],
  resolvers: { Query: invitationQueries, Mutation: invitationMutations },
});
