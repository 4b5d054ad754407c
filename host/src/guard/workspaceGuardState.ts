/** 'forbidden': the spec's permission message ('You do not have permission to perform this action'). */
export type GuardNotice = 'forbidden';

/** What the guard needs to know of the workspaces (guard step 5). */
export interface WorkspaceGuardState {
  /** the workspace list has been loaded */
  loaded: boolean;
  /** contractUid of the current workspace, null when none is selected */
  currentContractUid: string | null;
  /** how many workspaces the list holds */
  count: number;
  /**
   * the contractUids the list holds; when given, a path naming another one is refused with the
   * permission message (it is not the user's), besides being rewritten to the current one
   */
  contractUids?: readonly string[];
  /**
   * what the user's role allows in the current workspace (`Workspace.capabilities`); when given, a
   * route that needs another capability (Billing: BILLING_VIEW) is refused with the permission message
   */
  currentCapabilities?: readonly string[];
}

/**
 * Before the workspaces are loaded (signed out, or the list could not be loaded) the guard gets
 * this value: with nothing loaded and no current workspace, step 5 lets every workspace path pass.
 * Signed in, the guard loader waits for the list first (see host/src/workspace/).
 */
export const WORKSPACES_NOT_LOADED: WorkspaceGuardState = {
  loaded: false,
  currentContractUid: null,
  count: 0,
};

/** The host's workspaces as the guard loader uses them (host/src/workspace/). */
export interface WorkspaceGuardSource {
  /** guard step 5's view of the workspaces, at the moment of the navigation */
  state(): WorkspaceGuardState;
  /**
   * Runs before the guard on a workspace route of a signed-in user: waits for the list if it is
   * loading, then makes the path's workspace current if it is one of the user's. Undefined when
   * there is nothing to wait for.
   */
  prepare(contractUid: string | undefined): Promise<void> | undefined;
  /** tells the user why they were sent elsewhere */
  notify(notice: GuardNotice): void;
}

/** The route feature flags as the guard loader reads them (guard step 1). */
export interface FeatureFlagSource {
  /** the flags now: a route behind a flag that is not true is hidden */
  flags(): Readonly<Record<string, boolean>>;
  /** while the signed-in user's flags are loading, the promise of their arrival */
  prepare(): Promise<void> | undefined;
}
