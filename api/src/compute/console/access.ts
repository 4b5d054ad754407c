import { and, eq, isNull } from 'drizzle-orm';
import { workspaces } from '../../db/schema.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { permissionDenied } from '../../graphql/errors.js';
import type { WorkspaceRow } from '../../workspaces/repository.js';
import { requireComputeWorkspace } from '../access.js';
import { type ComputeInstanceRow, computeInstances } from '../tables.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The instance of `/console/:instanceUid`, found by its uid alone (the route carries no workspace),
 * and its workspace, through the compute domain's one permission check (`requireComputeWorkspace`,
 * need `view`): an unknown, malformed or deleted uid and another customer's instance answer the
 * same permission error, so a uid reveals nothing.
 */
export async function requireConsoleInstance(
  ctx: GraphQLContext,
  uid: string,
): Promise<{ row: ComputeInstanceRow; workspace: WorkspaceRow }> {
  // Who is asking comes first: without a session the answer must not depend on the uid.
  await ctx.viewer();
  if (!UUID.test(uid)) throw permissionDenied();
  const [found] = await ctx.db
    .select({ row: computeInstances, contractUid: workspaces.contractUid })
    .from(computeInstances)
    .innerJoin(workspaces, eq(workspaces.id, computeInstances.workspaceId))
    .where(and(eq(computeInstances.id, uid), isNull(computeInstances.deletedAt)));
  if (!found) throw permissionDenied();
  const workspace = await requireComputeWorkspace(ctx, found.contractUid, 'manage');
  return { row: found.row, workspace };
}
