import type { Invoice, Workspace } from '../graphql/generated/types.js';

/**
 * `Workspace` as its resolvers answer it: everything but the invoices, which are loaded only when a
 * query asks for them (the portal's workspace query does not; a workspace may hold thousands), once
 * for all the workspaces of the same answer.
 */
export type WorkspaceModel = Omit<Workspace, 'invoices'> & {
  /** Newest first; empty for a standing without BILLING_VIEW. */
  loadInvoices: () => Promise<Invoice[]>;
};
