import { defineModule } from '../modules/module.js';
import { supportMutations, supportQueries, supportSubscriptions } from './resolvers.js';
import type { SupportService } from './service.js';

declare module '../graphql/context.js' {
  interface GraphqlServices {
    /** Support: sending, the desk's answers, attachments' storage. */
    support: SupportService;
  }
}

export const supportModule = defineModule({
  name: 'support',
  dependencies: ['identity', 'workspaces'],
  resolvers: { Query: supportQueries, Mutation: supportMutations, Subscription: supportSubscriptions },
});
