import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonDe } from './de';
import { commonEn } from './en';
import { followLanguage, initialLanguage, LANGUAGES, type Language } from './language';

export const DEFAULT_LANGUAGE = 'en';

/**
 * The one i18next instance of the page. i18next is a shared singleton, so the host creates it and
 * remotes add their own namespaces to it (`addResourceBundle`, one bundle per language) when their
 * pages load. It starts in `language` (default: the language remembered in this browser, else the
 * browser's, else English); English is the fallback of every text. `<html lang>` and the
 * formatters follow the language (`followLanguage`).
 */
export function createI18n(resources: Resource = {}, language: Language = initialLanguage()): i18n {
  const instance = i18next.createInstance();
  const common = { en: commonEn, de: commonDe };
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: ['common'],
    // a copy: i18next's addResourceBundle writes into the objects it was given
    resources: structuredClone(
      Object.fromEntries(LANGUAGES.map((lng) => [lng, { common: common[lng], ...(resources[lng] ?? {}) }])),
    ) as Resource,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  followLanguage(instance);
  return instance;
}
