import { createI18n } from '@portal/shared';
import { shellDe } from './de';
import { shellEn } from './en';

/** The page's one i18next instance; remotes add their namespaces to it. */
export const i18n = createI18n({ en: { shell: shellEn }, de: { shell: shellDe } });
