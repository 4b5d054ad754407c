import { useTranslation } from 'react-i18next';
import { billingDe } from './de';
import { billingEn } from './en';

export const BILLING_NAMESPACE = 'billing';

/**
 * `t` of this remote's `billing` namespace. i18next is one shared instance, created by the host (or
 * the dev shell); the remote adds its texts (English and German) when one of its pages first renders.
 */
export function useBillingTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', BILLING_NAMESPACE)) {
    i18n.addResourceBundle('en', BILLING_NAMESPACE, billingEn);
    i18n.addResourceBundle('de', BILLING_NAMESPACE, billingDe);
  }
  return useTranslation(BILLING_NAMESPACE);
}
