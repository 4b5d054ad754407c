import type { WorkspaceRole } from '../db/schema.js';

/**
 * What someone may do in a workspace. Every resolver that touches a workspace asks for one of these
 * through `requireWorkspaceCapability`; the answers of `Workspace.capabilities` let the portal hide
 * what the caller cannot do.
 */
export const CAPABILITIES = [
  'WORKSPACE_VIEW',
  'WORKSPACE_MANAGE',
  'BILLING_VIEW',
  'BILLING_PAY',
  'COMPUTE_VIEW',
  'COMPUTE_MANAGE',
  'SUPPORT_VIEW',
  'SUPPORT_WRITE',
] as const;

export type Capability = (typeof CAPABILITIES)[number];

/**
 * Who is asking: an employee with their role, or an authorized person of the contract (no role: a
 * contact person with an ACTIVE login).
 */
export type Standing = WorkspaceRole | 'AuthorizedPerson';

/**
 * THE role table (README: "Roles"), the one place the api decides it. Like DigitalOcean's and
 * Linode's team roles: Administrative is the owner's role; Billing handles money and looks at the
 * rest; Technical runs the infrastructure and never sees money; an authorized person (the contract's
 * contact) may look at everything and write to support, and changes nothing.
 */
export const ROLE_CAPABILITIES: Readonly<Record<Standing, readonly Capability[]>> = {
  Administrative: CAPABILITIES,
  Billing: ['WORKSPACE_VIEW', 'BILLING_VIEW', 'BILLING_PAY', 'COMPUTE_VIEW', 'SUPPORT_VIEW', 'SUPPORT_WRITE'],
  Technical: ['WORKSPACE_VIEW', 'COMPUTE_VIEW', 'COMPUTE_MANAGE', 'SUPPORT_VIEW', 'SUPPORT_WRITE'],
  AuthorizedPerson: ['WORKSPACE_VIEW', 'BILLING_VIEW', 'COMPUTE_VIEW', 'SUPPORT_VIEW', 'SUPPORT_WRITE'],
};

export const can = (standing: Standing, capability: Capability): boolean =>
  ROLE_CAPABILITIES[standing].includes(capability);
