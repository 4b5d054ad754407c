/**
 * Where the consent checkbox points. The spec names the documents (privacy policy, SMS terms) but
 * not their addresses; they are the provider's public legal pages, opened in a new tab.
 */
export const LEGAL_LINKS = {
  privacyPolicy: '/legal/privacy-policy',
  smsTerms: '/legal/sms-terms',
} as const;
