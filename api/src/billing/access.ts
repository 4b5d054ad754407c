import { and, eq, inArray } from 'drizzle-orm';
import { workspaceEmployees } from '../db/schema.js';
import type { GraphQLContext } from '../graphql/context.js';
import { permissionDenied } from '../graphql/errors.js';
import type { WorkspaceRow } from '../workspaces/repository.js';
import { requireWorkspace } from '../workspaces/resolvers.js';

/** What the caller wants to do with a workspace's billing. */
export type BillingNeed = 'view' | 'pay';

/** The roles that may pay and manage payment methods (issue 11); the roles issue extends this. */
export const PAYING_ROLES = ['Administrative', 'Billing'] as const;

/**
 * The one permission check of billing (spec section 6): `view` needs the workspace to be the
 * caller's (`visibleWorkspaces`: an employee or an ACTIVE authorized person); `pay` also needs an
 * employee record with a paying role (an authorized person has no role: they may look, not pay).
 * Anything else, no session included, answers 'You do not have permission to perform this action'.
 */
export async function requireBillingWorkspace(
  ctx: GraphQLContext,
  contractUid: string,
  need: BillingNeed,
): Promise<WorkspaceRow> {
  const workspace = await requireWorkspace(ctx, contractUid);
  if (need === 'view') return workspace;
  const { user } = await ctx.viewer();
  const [employee] = await ctx.db
    .select({ id: workspaceEmployees.id })
    .from(workspaceEmployees)
    .where(
      and(
        eq(workspaceEmployees.workspaceId, workspace.id),
        eq(workspaceEmployees.userId, user.id),
        inArray(workspaceEmployees.role, [...PAYING_ROLES]),
      ),
    );
  if (!employee) throw permissionDenied();
  return workspace;
}
