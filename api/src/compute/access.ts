import { eq } from 'drizzle-orm';
import { services } from '../db/schema.js';
import type { GraphQLContext } from '../graphql/context.js';
import { permissionDenied } from '../graphql/errors.js';
import type { WorkspaceRow } from '../workspaces/index.js';
import { requireWorkspaceCapability } from '../workspaces/index.js';

/** What the caller wants to do with a workspace's instances. */
export type ComputeNeed = 'view' | 'manage';

/**
 * The one permission check of the compute domain (spec section 6): the workspace must be the
 * caller's (`visibleWorkspaces`) and services-enabled (it has a service). Anything else, no session
 * included, answers 'You do not have permission to perform this action'. `need` goes through the
 * role table (`workspaces/roles.ts`): COMPUTE_VIEW or COMPUTE_MANAGE.
 */
export async function requireComputeWorkspace(
  ctx: GraphQLContext,
  contractUid: string,
  need: ComputeNeed,
): Promise<WorkspaceRow> {
  const workspace = await requireWorkspaceCapability(
    ctx,
    contractUid,
    need === 'view' ? 'COMPUTE_VIEW' : 'COMPUTE_MANAGE',
  );
  const [service] = await ctx.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.workspaceId, workspace.id))
    .limit(1);
  if (!service) throw permissionDenied();
  return workspace;
}
