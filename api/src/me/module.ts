import { defineModule } from '../modules/module.js';
import { meMutations, meQueries, meSubscriptions } from './resolvers.js';

export const meModule = defineModule({
  name: 'me',
  dependencies: ['identity', 'workspaces'],
  resolvers: { Query: meQueries, Mutation: meMutations, Subscription: meSubscriptions },
});
