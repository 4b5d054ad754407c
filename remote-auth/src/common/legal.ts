import { usePortal } from '@portal/shared';

export interface LegalLinks {
  /** null: the text without a link */
  privacyPolicy: string | null;
  smsTerms: string | null;
}

/**
 * Where the consent checkbox points. The spec names the documents (privacy policy, SMS terms) but
 * not their addresses: they are the provider's public legal pages, configured per deployment
 * (`runtimeConfig.privacyPolicyUrl` and `smsTermsUrl`, the api's `PORTAL_PRIVACY_POLICY_URL` and
 * `PORTAL_SMS_TERMS_URL`; validated as http(s) URLs or same-origin paths by `loadRuntimeConfig`).
 */
export function useLegalLinks(): LegalLinks {
  const { privacyPolicyUrl, smsTermsUrl } = usePortal().runtimeConfig;
  return { privacyPolicy: privacyPolicyUrl, smsTerms: smsTermsUrl };
}
