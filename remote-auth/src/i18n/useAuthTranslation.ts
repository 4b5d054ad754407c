import { useTranslation } from 'react-i18next';
import { authDe } from './de';
import { authEn } from './en';

export const AUTH_NAMESPACE = 'auth';

/**
 * `t` of this remote's `auth` namespace. i18next is one shared instance, created by the host (or
 * the dev shell); the remote adds its texts (English and German) to it when one of its pages first renders.
 */
export function useAuthTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', AUTH_NAMESPACE)) {
    i18n.addResourceBundle('en', AUTH_NAMESPACE, authEn);
    i18n.addResourceBundle('de', AUTH_NAMESPACE, authDe);
  }
  return useTranslation(AUTH_NAMESPACE);
}
