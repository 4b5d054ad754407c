import type { GraphQLContext } from '../graphql/context.js';
import type { WorkspaceRow } from '../workspaces/repository.js';
import { requireWorkspace } from '../workspaces/resolvers.js';

/** What the caller wants to do with a workspace's support conversations. */
export type SupportNeed = 'view' | 'write';

/**
 * The one permission check of support: both `view` (read threads, attachments, mark read) and
 * `write` (send, reply) need the workspace to be the caller's (an employee or an ACTIVE authorized
 * person, `visibleWorkspaces`); any role may write to support. Anything else, no session included,
 * answers 'You do not have permission to perform this action'. The roles work can route `need`
 * through its role table here.
 */
export async function requireSupportWorkspace(
  ctx: GraphQLContext,
  contractUid: string,
  _need: SupportNeed,
): Promise<WorkspaceRow> {
  return requireWorkspace(ctx, contractUid);
}
