// Types of the django-allauth headless browser API (contracts/allauth-headless-browser-openapi.yaml),
// the parts the shell reads at start-up. The full client grows with the identity issue.

export type FlowId =
  | 'verify_email'
  | 'verify_phone'
  | 'login'
  | 'login_by_code'
  | 'signup'
  | 'provider_redirect'
  | 'provider_signup'
  | 'mfa_authenticate'
  | 'reauthenticate'
  | 'mfa_reauthenticate';

export type AuthenticatorType = 'totp' | 'recovery_codes' | 'webauthn';

export interface Flow {
  id: FlowId;
  is_pending?: boolean;
  types?: AuthenticatorType[];
  provider?: { id: string; name: string; client_id?: string; flows?: string[] };
}

export interface AuthUser {
  id: number | string;
  display: string;
  email?: string | null;
  username?: string | null;
  has_usable_password: boolean;
}

export interface AuthMethod {
  method: string;
  at: number;
  [key: string]: unknown;
}

export interface AuthResponseBody {
  status: number;
  data?: { user?: AuthUser; methods?: AuthMethod[]; flows?: Flow[]; [key: string]: unknown };
  meta?: { is_authenticated?: boolean; session_token?: string; [key: string]: unknown };
  errors?: { code: string; message: string; param?: string }[];
}

export interface IdentityConfig {
  account: { authentication_method?: string; is_open_for_signup?: boolean; [key: string]: unknown };
  socialaccount?: { providers: { id: string; name: string; flows: string[]; client_id?: string }[] };
  mfa?: { supported_types: AuthenticatorType[]; passkey_login_enabled?: boolean };
  usersessions?: { track_activity: boolean };
}
