import type { GraphQLContext } from '../graphql/context.js';
import type { WorkspaceRow } from '../workspaces/index.js';
import { requireWorkspaceCapability } from '../workspaces/index.js';
import type { Standing } from '../workspaces/roles.js';

/** What the caller wants to do with a workspace's support conversations. */
export type SupportNeed = 'view' | 'write';

/**
 * The one permission check of support, through the role table (`workspaces/roles.ts`): `view`
 * (read threads, attachments, mark read) needs SUPPORT_VIEW, `write` (send, reply) SUPPORT_WRITE;
 * every role has both today. Anything else, no session included, answers 'You do not have
 * permission to perform this action'.
 */
export async function requireSupportWorkspace(
  ctx: GraphQLContext,
  contractUid: string,
  need: SupportNeed,
): Promise<WorkspaceRow & { standing: Standing }> {
  return requireWorkspaceCapability(ctx, contractUid, need === 'view' ? 'SUPPORT_VIEW' : 'SUPPORT_WRITE');
}
