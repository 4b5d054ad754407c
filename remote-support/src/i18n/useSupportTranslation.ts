import { useTranslation } from 'react-i18next';
import { supportDe } from './de';
import { supportEn } from './en';

export const SUPPORT_NAMESPACE = 'support';

/**
 * `t` of this remote's `support` namespace. i18next is one shared instance, created by the host (or
 * the dev shell); the remote adds its texts (English and German) when one of its pages first renders.
 */
export function useSupportTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', SUPPORT_NAMESPACE)) {
    i18n.addResourceBundle('en', SUPPORT_NAMESPACE, supportEn);
    i18n.addResourceBundle('de', SUPPORT_NAMESPACE, supportDe);
  }
  return useTranslation(SUPPORT_NAMESPACE);
}
