import type { PortalWorkspace } from '@portal/shared';

/**
 * The one place the compute screens decide whether a workspace may use compute (spec section 6):
 * it must be services-enabled (it has a service), as the api's `requireComputeWorkspace` demands.
 * Asking the api anyway would answer the permission error, which the portal reads as a lapsed
 * session. Role rules (issue of the workspace users) join here.
 */
export function computeEnabled(workspace: Pick<PortalWorkspace, 'services'> | null | undefined): boolean {
  return !!workspace && workspace.services.length > 0;
}
