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
export { CheckboxField, type CheckboxFieldProps } from './forms/CheckboxField';
export { FormError } from './forms/FormError';
export { fieldError } from './forms/fieldError';
export { PasswordField, type PasswordFieldProps } from './forms/PasswordField';
export { SubmitButton } from './forms/SubmitButton';
export { submissionErrors } from './forms/submissionErrors';
export { TextField, type TextFieldProps } from './forms/TextField';
export { FORMS_NAMESPACE, useFormsTranslation } from './forms/useFormsTranslation';
export { zodValidate } from './forms/zodValidate';
export { createI18n, DEFAULT_LANGUAGE } from './i18n/i18n';
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
  getRecaptchaToken,
  loadRecaptcha,
  RECAPTCHA_SCRIPT_URL,
  RECAPTCHA_TIMEOUT_MS,
  type RecaptchaAction,
} from './recaptcha/loadRecaptcha';
export { useRecaptcha } from './recaptcha/useRecaptcha';
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
  type SignupValues,
  signupSchema,
} from './validation/forms';
export { MIN_PASSWORD_LENGTH, VALIDATION_MESSAGES } from './validation/messages';
export { mobilePhoneProblem, toE164 } from './validation/phone';
export {
  codeField,
  confirmationField,
  currentPasswordField,
  emailField,
  isStrongPassword,
  mobilePhoneField,
  newPasswordField,
  optionalConsent,
  requiredConsent,
  requiredText,
  withPasswordConfirmation,
} from './validation/schemas';
