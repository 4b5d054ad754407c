export {
  type Notification,
  type NotificationType,
  PortalContext,
  type PortalContextValue,
  type SessionState,
  type UserPreferences,
  usePortal,
} from './contract/PortalContext';
export {
  containerName,
  REMOTE_NAMES,
  REMOTE_PAGES,
  REMOTE_SECTIONS,
  type RemoteName,
  type RemotePageModule,
  type RemotePageName,
  type RemotePageRef,
  remoteRequest,
} from './contract/remotes';
export { CONTRACT_VERSION } from './contract/version';
export { createI18n, DEFAULT_LANGUAGE } from './i18n/i18n';
export { FORM_ERROR_KEY, fieldErrors, type IdentityApi, identity } from './identity/api';
export {
  AUTH_CHANGE_EVENT,
  getConfig,
  getSession,
  IDENTITY_BASE,
  identityRequest,
  SESSION_TOKEN_KEY,
} from './identity/client';
export {
  FLOW_PATHS,
  LOGIN_REDIRECT_URL,
  LOGIN_URL,
  LOGOUT_REDIRECT_URL,
  pathForFlow,
  pendingFlow,
  UnknownFlowError,
} from './identity/flows';
export { loadSessionState } from './identity/loadSessionState';
export {
  clearNextPath,
  isSafeNextPath,
  NEXT_COOKIE,
  NEXT_COOKIE_MAX_AGE_S,
  readNextPath,
  saveNextPath,
  takeNextPath,
} from './identity/next';
export * from './identity/types';
export {
  EMPTY_RUNTIME_CONFIG,
  loadRuntimeConfig,
  RUNTIME_CONFIG_URL,
  type RuntimeConfig,
} from './runtime/runtimeConfig';
export {
  authLightTheme,
  BREAKPOINTS,
  mainLightTheme,
  SCROLL_DURATION_MS,
  type ThemeName,
  themeForPath,
} from './theme/themes';
export { NotBuiltYet } from './ui/NotBuiltYet';
export { usePortalToasts } from './ui/usePortalToasts';
