import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn } from './en';

export const DEFAULT_LANGUAGE = 'en';

/**
 * The one i18next instance of the page. i18next is a shared singleton, so the host creates it and
 * each remote adds its own namespace with `addResources` when its pages load.
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

/** Adds a remote's texts to the page's i18next instance (idempotent). */
export function addResources(instance: i18n, namespace: string, en: Record<string, unknown>): void {
  if (!instance.hasResourceBundle(DEFAULT_LANGUAGE, namespace)) {
    instance.addResourceBundle(DEFAULT_LANGUAGE, namespace, en, true, false);
  }
}
