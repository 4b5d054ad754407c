export { CONTRACT_VERSION } from './contract/version';
export {
  REMOTE_PAGES,
  REMOTE_NAMES,
  REMOTE_SECTIONS,
  containerName,
  remoteRequest,
  type RemoteName,
  type RemotePageName,
  type RemotePageRef,
  type RemotePageModule,
} from './contract/remotes';
export {
  PortalContext,
  usePortal,
  type PortalContextValue,
  type SessionState,
  type Notification,
  type NotificationType,
  type UserPreferences,
} from './contract/PortalContext';
export * from './identity/types';
export { identityRequest, getSession, getConfig, IDENTITY_BASE, SESSION_TOKEN_KEY, AUTH_CHANGE_EVENT } from './identity/client';
export { createI18n, addResources, DEFAULT_LANGUAGE } from './i18n/i18n';
export { mainLightTheme, authLightTheme, themeForPath, BREAKPOINTS, SCROLL_DURATION_MS, type ThemeName } from './theme/themes';
export { NotBuiltYet } from './ui/NotBuiltYet';
export { loadSessionState } from './identity/loadSessionState';
export { copyToClipboard } from './ui/copyToClipboard';
