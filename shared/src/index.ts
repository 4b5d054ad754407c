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
export { formatAlertPeriod } from './format/alertPeriod';
export { BYTE_UNITS, formatBytes } from './format/bytes';
// the date formatting (date-fns) and useDateFormat are `@portal/shared/dates`
export {
  DATE_FORMATS,
  type DateFormat,
  type DateInput,
  type DatePreferences,
  resolveTimeZone,
  TIME_FORMATS,
  type TimeFormat,
} from './format/dateChoices';
export { localNumber } from './format/localNumber';
export { currencySymbol, displayedBalance, formatMoney } from './format/money';
export { initials, workspaceLogo } from './format/names';
export {
  formatNetworkMetric,
  NETWORK_METRIC_UNITS,
  type NetworkMetric,
  networkMetricValue,
} from './format/networkMetric';
export { isFirewallOs, type OsIcon, osIcon } from './format/osIcon';
export { DEFAULT_REGION, locationToRegion, type Region } from './format/region';
export { round } from './format/round';
export { CheckboxField, type CheckboxFieldProps } from './forms/CheckboxField';
export { FormError } from './forms/FormError';
export { fieldError } from './forms/fieldError';
export { PasswordField, type PasswordFieldProps } from './forms/PasswordField';
// SelectField and TextareaField (Fluent Select, Textarea) are `@portal/shared/fields`
export { SubmitButton } from './forms/SubmitButton';
export { submissionErrors } from './forms/submissionErrors';
export { TextField, type TextFieldProps } from './forms/TextField';
export { FORMS_NAMESPACE, useFormsTranslation, useValidationText } from './forms/useFormsTranslation';
export { zodValidate } from './forms/zodValidate';
export type {
  AllWorkspacesQuery,
  AllWorkspacesQueryVariables,
  PortalWorkspaceFragment,
  WorkspaceKind,
} from './gql/graphql';
export type { PortalClientOptions } from './graphql/createPortalClient';
export {
  type GraphqlErrorContext,
  type GraphqlErrorEffects,
  graphqlErrorEffects,
  PERMISSION_DENIED_MESSAGE,
  SIGNATURE_EXPIRED_MESSAGE,
} from './graphql/graphqlErrors';
export type { PortalErrorHandlers } from './graphql/portalErrorExchange';
export type { SubscriptionTransport, SubscriptionTransportOptions } from './graphql/subscriptionTransport';
export { createI18n, DEFAULT_LANGUAGE } from './i18n/i18n';
export {
  currentLanguage,
  currentLocale,
  initialLanguage,
  isLanguage,
  LANGUAGE_LOCALES,
  LANGUAGE_NAMES,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  languageOf,
  readStoredLanguage,
  setLanguage,
  storeLanguage,
} from './i18n/language';
export { type Translation, type TranslationDiff, translationDiff } from './i18n/translation';
export { FORM_ERROR_KEY, fieldErrors, type IdentityApi, identity } from './identity/api';
export { type AuthInfo, authInfo } from './identity/authInfo';
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
export type { MeState, MeStore, PortalMe } from './me/meStore';
export { featureFlagsOf, preferencesOf } from './me/userSettings';
export {
  getRecaptchaToken,
  loadRecaptcha,
  RECAPTCHA_SCRIPT_URL,
  RECAPTCHA_TIMEOUT_MS,
  type RecaptchaAction,
} from './recaptcha/loadRecaptcha';
export { useRecaptcha } from './recaptcha/useRecaptcha';
export {
  EMPTY_RUNTIME_CONFIG,
  RUNTIME_CONFIG_URL,
  type RuntimeConfig,
} from './runtime/runtimeConfig';
export {
  applyDocumentTheme,
  COLOR_SCHEME_PREFERENCES,
  COLOR_SCHEME_STORAGE_KEY,
  type ColorSchemePreference,
  type ColorSchemeState,
  type ColorSchemeStore,
  colorSchemeStore,
  createColorSchemeStore,
  readColorSchemePreference,
  resolveColorScheme,
  systemColorScheme,
  useColorScheme,
  useDocumentTheme,
  usePortalTheme,
} from './theme/colorScheme';
export {
  authDarkTheme,
  authLightTheme,
  BREAKPOINTS,
  type ColorScheme,
  mainDarkTheme,
  mainLightTheme,
  SCROLL_DURATION_MS,
  type ThemeName,
  themeFor,
  themeForPath,
} from './theme/themes';
export { addSharedTexts } from './ui/addSharedTexts';
// ConfirmDialog itself (with DOMPurify) is a lazy chunk of ConfirmHost: pages ask usePortal().confirm
export type { ConfirmDialogProps, ConfirmOptions } from './ui/ConfirmDialog';
export { ConfirmHost } from './ui/ConfirmHost';
export {
  type ConfirmFn,
  type ConfirmRequest,
  type ConfirmStore,
  createConfirmStore,
  type PendingConfirm,
} from './ui/confirmStore';
export { EmptyState, type EmptyStateProps } from './ui/EmptyState';
export { sharedUiEn } from './ui/en';
// InfoTooltip (Fluent Tooltip) is `@portal/shared/ui`
export { NotBuiltYet } from './ui/NotBuiltYet';
export { NotificationToaster } from './ui/NotificationToaster';
export {
  createNotificationStore,
  type ListedNotification,
  NOTIFICATION_TIMEOUT_MS,
  type NotificationStore,
} from './ui/notificationStore';
export { type ScrollOptions, scrollToElement } from './ui/scroll';
export { useConfirmHost } from './ui/useConfirmHost';
export { usePortalToasts } from './ui/usePortalToasts';
export { useSharedTexts } from './ui/useSharedTexts';
export {
  type CodeValues,
  type CurrentPasswordValues,
  codeSchema,
  currentPasswordSchema,
  type EmailValues,
  emailSchema,
  type FormValuesOf,
  type LoginValues,
  loginSchema,
  type NewPasswordValues,
  newPasswordSchema,
  type ProviderSignupValues,
  providerSignupSchema,
} from './validation/forms';
export {
  isValidationKey,
  MIN_PASSWORD_LENGTH,
  VALIDATION_KEYS,
  VALIDATION_NAMESPACE,
  type ValidationKey,
  validationEn,
} from './validation/messages';
export {
  codeField,
  confirmationField,
  currentPasswordField,
  emailField,
  isStrongPassword,
  newPasswordField,
  optionalConsent,
  requiredConsent,
  requiredText,
  withPasswordConfirmation,
} from './validation/schemas';
// the phone checks (libphonenumber-js) and the sign-up form are `@portal/shared/phone`
export type { SignupValues } from './validation/signup';
export {
  applyWorkspaceList,
  CABINET_KIND,
  type ClientWorkspaceFields,
  EMPTY_SELECTION,
  findWorkspace,
  replaceWorkspace,
  type SelectableWorkspace,
  type StoredChoice,
  selectWorkspace,
  setActiveEmployee,
  sortByAccountName,
  storedChoiceOf,
  type WithClientFields,
  type WorkspaceSelection,
  withClientFields,
} from './workspace/selection';
export {
  readStoredChoice,
  storeChoice,
  WORKSPACE_EMPLOYEE_UID_KEY,
  WORKSPACE_UID_KEY,
} from './workspace/workspaceStorage';
export type {
  PortalWorkspace,
  WorkspaceClient,
  WorkspaceState,
  WorkspaceStatus,
  WorkspaceStore,
} from './workspace/workspaceStore';
