/** What the guard needs to know of the workspaces (guard step 5). */
export interface WorkspaceGuardState {
  /** the workspace list has been loaded */
  loaded: boolean;
  /** contractUid of the current workspace, null when none is selected */
  currentContractUid: string | null;
  /** how many workspaces the list holds */
  count: number;
}

/**
 * Until workspaces exist (issue "GraphQL core, workspaces and the shell's chrome") the guard gets
 * this value: with nothing loaded and no current workspace, step 5 lets every workspace path pass.
 */
export const WORKSPACES_NOT_LOADED: WorkspaceGuardState = {
  loaded: false,
  currentContractUid: null,
  count: 0,
};
