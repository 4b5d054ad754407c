import pages from './remotes.json';

/**
 * The pages each remote exposes, by remote name. The host's route table and every remote's
 * `exposes` are checked against this list (by tsc in the host, by a unit test in each remote).
 */
export const REMOTE_PAGES = pages as {
  readonly auth: readonly AuthPage[];
  readonly workspace: readonly WorkspacePage[];
  readonly billing: readonly BillingPage[];
  readonly compute: readonly ComputePage[];
  readonly support: readonly SupportPage[];
};

type AuthPage =
  | 'Login'
  | 'LoginCode'
  | 'ConfirmEmail'
  | 'PasswordReset'
  | 'PasswordRecovery'
  | 'ReauthenticateForm'
  | 'MFAOverview'
  | 'MFAActivate'
  | 'MFARecoveryCodes'
  | 'MultiFactorAuthorization'
  | 'SSOCallback'
  | 'Invitation'
  | 'ProviderSignup';
type WorkspacePage = 'Profile' | 'AccountSettings' | 'WorkspaceSettings';
type BillingPage = 'Billing';
type ComputePage =
  | 'Dashboard'
  | 'InstanceDetails'
  | 'NewInstance'
  | 'Console'
  | 'Status'
  | 'Products'
  | 'Solutions';
type SupportPage = 'Support';

export type RemoteName = keyof typeof REMOTE_PAGES;
export type RemotePageName<R extends RemoteName = RemoteName> = (typeof REMOTE_PAGES)[R][number];

/** A page of a remote, as the host's route table names it. */
export type RemotePageRef = { [R in RemoteName]: { remote: R; page: RemotePageName<R> } }[RemoteName];

/** What every exposed page module looks like. */
export interface RemotePageModule {
  default: import('react').ComponentType;
}

export const REMOTE_NAMES = Object.keys(REMOTE_PAGES) as RemoteName[];

/** Module Federation container name of a remote (a valid JS identifier, unique on the page). */
export function containerName(remote: RemoteName): string {
  return `portal_${remote}`;
}

/** The request string for `loadRemote`. */
export function remoteRequest(ref: RemotePageRef): string {
  return `${containerName(ref.remote)}/${ref.page}`;
}

/** Human name of the section a remote serves, for fallbacks and reports. */
export const REMOTE_SECTIONS: Record<RemoteName, string> = {
  auth: 'Sign-in',
  workspace: 'Workspace and profile',
  billing: 'Billing',
  compute: 'Compute',
  support: 'Support',
};
