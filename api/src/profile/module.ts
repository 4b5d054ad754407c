import { defineModule } from '../modules/module.js';
import { profileMutations, profileSubscriptions } from './resolvers.js';

export const profileModule = defineModule({
  name: 'profile',
  dependencies: ['identity'],
  resolvers: { Mutation: profileMutations, Subscription: profileSubscriptions },
});
