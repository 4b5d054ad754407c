// `@portal/shared/graphql`: the GraphQL client stack (urql, graphcache, graphql-ws), the workspace
// and user stores over it, and the typed documents. Its own federation share key, apart from the
// root `@portal/shared`, so a page that needs no GraphQL (the sign-in pages) does not download it
// (issue 14; shared/README.md). The root still exports the types. Nothing here may hold state that
// the root's modules also hold (it imports only types and pure functions from the root's folders).
export {
  AllWorkspacesDocument,
  type AllWorkspacesQuery,
  type AllWorkspacesQueryVariables,
  type PortalWorkspaceFragment,
  PortalWorkspaceFragmentDoc,
  type WorkspaceKind,
} from '../gql/graphql';
export { ME_CACHE_UPDATES, saveLanguage } from '../me/language';
export { createMeStore, IDLE_ME, type MeState, type MeStore, type PortalMe } from '../me/meStore';
export {
  createWorkspaceStore,
  IDLE_WORKSPACES,
  type PortalWorkspace,
  type WorkspaceClient,
  type WorkspaceState,
  type WorkspaceStatus,
  type WorkspaceStore,
} from '../workspace/workspaceStore';
export { PORTAL_CACHE_KEYS } from './cacheKeys';
export { COMPUTE_CACHE_UPDATES } from './computeCache';
export {
  CSRF_COOKIE,
  createPortalClient,
  GRAPHQL_URL,
  type PortalClientOptions,
  portalFetchOptions,
} from './createPortalClient';
export { MONITORING_CACHE_UPDATES } from './monitoringCache';
export {
  PORTAL_NOTIFY_CONTEXT_KEY,
  type PortalErrorHandlers,
  portalErrorExchange,
} from './portalErrorExchange';
export {
  createSubscriptionTransport,
  fetchWsaToken,
  SUBSCRIPTION_PATH,
  type SubscriptionTransport,
  type SubscriptionTransportOptions,
  TokenUnavailableError,
  websocketUrl,
} from './subscriptionTransport';
