import type { Translation } from '../i18n/translation';
import type { formsEn } from './en';

/** German texts of the shared form fields (namespace `forms`). */
export const formsDe: Translation<typeof formsEn> = {
  password: {
    show: 'Anzeigen',
    hide: 'Verbergen',
    showLabel: 'Passwort anzeigen',
    hideLabel: 'Passwort verbergen',
  },
};
