import { defineModule } from '../modules/module.js';
import {
  workspaceAdminMutations,
  workspaceAdminQueries,
  workspaceAdminSubscriptions,
} from './admin-resolvers.js';
import { workspaceFields, workspaceQueries, workspaceSubscriptions } from './resolvers.js';

export const workspacesModule = defineModule({
  name: 'workspaces',
  dependencies: ['identity'],
  resolvers: {
    Query: { ...workspaceQueries, ...workspaceAdminQueries },
    Mutation: workspaceAdminMutations,
    Subscription: { ...workspaceSubscriptions, ...workspaceAdminSubscriptions },
    Workspace: workspaceFields,
  },
});
