// What other domains use of workspaces: the access checks and the workspace row they return.
export { loadWorkspace, requireWorkspace, requireWorkspaceCapability, standingIn } from './access.js';
export type { WorkspaceRow } from './repository.js';
