import type { AuthResponseBody } from '@portal/shared';

/** The parts of allauth's authenticator list (GET /account/authenticators) the screens show. */
export interface TotpAuthenticator {
  type: 'totp';
  created_at?: number;
  last_used_at?: number | null;
}
export interface RecoveryCodesAuthenticator {
  type: 'recovery_codes';
  total_code_count: number;
  unused_code_count: number;
  unused_codes?: string[];
}

export function authenticatorsOf(response: AuthResponseBody): {
  totp?: TotpAuthenticator;
  recoveryCodes?: RecoveryCodesAuthenticator;
} {
  const list = Array.isArray(response.data) ? (response.data as { type?: string }[]) : [];
  return {
    totp: list.find((item) => item.type === 'totp') as TotpAuthenticator | undefined,
    recoveryCodes: list.find((item) => item.type === 'recovery_codes') as
      | RecoveryCodesAuthenticator
      | undefined,
  };
}
