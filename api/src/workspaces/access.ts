import { and, eq } from 'drizzle-orm';
import { workspaceEmployees } from '../db/schema.js';
import type { GraphQLContext } from '../graphql/context.js';
import { permissionDenied } from '../graphql/errors.js';
import type { WorkspaceModel } from './models.js';
import { loadVisibleWorkspaces, visibleWorkspaces, type WorkspaceRow } from './repository.js';
import { type Capability, can, type Standing } from './roles.js';

/** The caller's workspace with this contract, or the permission error (also for one that does not exist). */
export async function requireWorkspace(ctx: GraphQLContext, contractUid: string): Promise<WorkspaceRow> {
  const { user } = await ctx.viewer();
  const [row] = await visibleWorkspaces(ctx.db, user.id, contractUid);
  if (!row) throw permissionDenied();
  return row;
}

/** The caller's workspace with this contract, whole (one statement), or the permission error. */
export async function loadWorkspace(ctx: GraphQLContext, contractUid: string): Promise<WorkspaceModel> {
  const { user } = await ctx.viewer();
  const [workspace] = await loadVisibleWorkspaces(ctx.db, user.id, contractUid);
  if (!workspace) throw permissionDenied();
  return workspace;
}

/**
 * The caller's standing in a workspace they can see: their employee role when they have one (it
 * wins over being a contact person too), else an authorized person.
 */
export async function standingIn(ctx: GraphQLContext, workspace: WorkspaceRow): Promise<Standing> {
  const { user } = await ctx.viewer();
  const [employee] = await ctx.db
    .select({ role: workspaceEmployees.role })
    .from(workspaceEmployees)
    .where(and(eq(workspaceEmployees.workspaceId, workspace.id), eq(workspaceEmployees.userId, user.id)));
  return employee?.role ?? 'AuthorizedPerson';
}

/**
 * The one permission check of every workspace resolver: the workspace must be the caller's
 * (`visibleWorkspaces`) and the caller's standing must allow `capability` (ROLE_CAPABILITIES).
 * Anything else, no session included, answers 'You do not have permission to perform this action'.
 */
export async function requireWorkspaceCapability(
  ctx: GraphQLContext,
  contractUid: string,
  capability: Capability,
): Promise<WorkspaceRow & { standing: Standing }> {
  const workspace = await requireWorkspace(ctx, contractUid);
  const standing = await standingIn(ctx, workspace);
  if (!can(standing, capability)) throw permissionDenied();
  return { ...workspace, standing };
}
