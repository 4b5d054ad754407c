import type { GraphQLContext } from '../graphql/context.js';
import type { WorkspaceRow } from '../workspaces/index.js';
import { requireWorkspaceCapability } from '../workspaces/index.js';

/** What the caller wants to do with a workspace's billing. */
export type BillingNeed = 'view' | 'pay';

/**
 * The one permission check of billing (spec section 6), through the role table
 * (`workspaces/roles.ts`): `view` needs BILLING_VIEW (not Technical), `pay` BILLING_PAY
 * (Administrative and Billing; an authorized person may look, not pay). Anything else, no session
 * included, answers 'You do not have permission to perform this action'.
 */
export async function requireBillingWorkspace(
  ctx: GraphQLContext,
  contractUid: string,
  need: BillingNeed,
): Promise<WorkspaceRow> {
  return requireWorkspaceCapability(ctx, contractUid, need === 'view' ? 'BILLING_VIEW' : 'BILLING_PAY');
}
