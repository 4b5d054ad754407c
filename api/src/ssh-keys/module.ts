import { defineModule } from '../modules/module.js';
import { sshKeyMutations, sshKeyQueries } from './resolvers.js';

export const sshKeysModule = defineModule({
  name: 'ssh-keys',
  dependencies: ['identity'],
  resolvers: { Query: sshKeyQueries, Mutation: sshKeyMutations },
});
