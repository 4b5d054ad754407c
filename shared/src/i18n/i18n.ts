import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn } from './en';

export const DEFAULT_LANGUAGE = 'en';

/**
 * The one i18next instance of the page. i18next is a shared singleton, so the host creates it and
 * remotes add their own namespaces to it (`addResourceBundle`) when their pages load.
 */
export function createI18n(resources: Resource = {}): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    ns: ['common'],
    resources: { en: { common: commonEn, ...(resources.en ?? {}) } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
