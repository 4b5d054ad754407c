import { identityRequest } from './client';
import type { AuthResponseBody } from './types';

/**
 * The identity calls of spec section 7 and the allauth headless browser API, one function each.
 * Each answers the allauth envelope as is (never throws); session changes also reach the host
 * through the auth-change event the client fires.
 */
type Body = Record<string, unknown>;
const post = (path: string, body: Body = {}) => identityRequest('POST', path, body);

export const identity = {
  getSession: () => identityRequest('GET', '/auth/session'),
  logout: () => identityRequest('DELETE', '/auth/session'),
  login: (body: { email: string; password: string } & Body) => post('/auth/login', body),
  signup: (
    body: {
      email: string;
      password: string;
      phone: string;
      consent_personal_data: boolean;
      consent_marketing: boolean;
      referral?: string;
    } & Body,
  ) => post('/auth/signup', body),
  reauthenticate: (password: string) => post('/auth/reauthenticate', { password }),
  requestPasswordReset: (email: string) => post('/auth/password/request', { email }),
  getPasswordReset: (key: string) =>
    identityRequest('GET', '/auth/password/reset', undefined, { 'X-Password-Reset-Key': key }),
  resetPassword: (key: string, password: string) => post('/auth/password/reset', { key, password }),
  getEmailVerification: (key: string) =>
    identityRequest('GET', '/auth/email/verify', undefined, { 'X-Email-Verification-Key': key }),
  verifyEmail: (key: string) => post('/auth/email/verify', { key }),
  resendEmailVerification: () => post('/auth/email/verify/resend'),
  verifyPhone: (code: string) => post('/auth/phone/verify', { code }),
  resendPhoneVerification: () => post('/auth/phone/verify/resend'),
  requestLoginCode: (email: string) => post('/auth/code/request', { email }),
  confirmLoginCode: (code: string) => post('/auth/code/confirm', { code }),
  mfaAuthenticate: (code: string) => post('/auth/2fa/authenticate', { code }),
  mfaReauthenticate: (code: string) => post('/auth/2fa/reauthenticate', { code }),
  getProviderSignup: () => identityRequest('GET', '/auth/provider/signup'),
  providerSignup: (body: { email: string } & Body) => post('/auth/provider/signup', body),
  changePassword: (body: { current_password?: string; new_password: string }) =>
    post('/account/password/change', body),
  getAuthenticators: () => identityRequest('GET', '/account/authenticators'),
  getTotp: () => identityRequest('GET', '/account/authenticators/totp'),
  activateTotp: (code: string) => post('/account/authenticators/totp', { code }),
  deactivateTotp: () => identityRequest('DELETE', '/account/authenticators/totp'),
  getRecoveryCodes: () => identityRequest('GET', '/account/authenticators/recovery-codes'),
  regenerateRecoveryCodes: () => post('/account/authenticators/recovery-codes'),
  getEmailAddresses: () => identityRequest('GET', '/account/email'),
  /** allauth's e-mail change (ACCOUNT_CHANGE_EMAIL): the new address replaces the login once verified */
  changeEmail: (email: string) => post('/account/email', { email }),
  resendEmailVerificationTo: (email: string) => identityRequest('PUT', '/account/email', { email }),
  cancelEmailChange: (email: string) => identityRequest('DELETE', '/account/email', { email }),
  getSessions: () => identityRequest('GET', '/auth/sessions'),
  endSessions: (ids: (string | number)[]) => identityRequest('DELETE', '/auth/sessions', { sessions: ids }),
} satisfies Record<string, (...args: never[]) => Promise<AuthResponseBody>>;

export type IdentityApi = typeof identity;

/** Errors of an answer keyed by field (`param`); errors without a param under FORM_ERROR. */
export const FORM_ERROR_KEY = 'FINAL_FORM/form-error';
export function fieldErrors(response: AuthResponseBody): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of response.errors ?? []) {
    const key = error.param ?? FORM_ERROR_KEY;
    result[key] ??= error.message;
  }
  return result;
}
