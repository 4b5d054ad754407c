import type { Translation } from '../i18n/translation';
import type { validationEn } from './messages';

/**
 * German texts of the `validation` namespace. The English ones are the spec's (section 5) and stay
 * verbatim in English; these say the same in German.
 */
export const validationDe: Translation<typeof validationEn> = {
  required: 'Pflichtfeld',
  min8: 'Mindestens 8 Zeichen',
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  phoneInvalid: 'Bitte geben Sie eine gültige Telefonnummer ein',
  phoneNotMobile: 'Bitte geben Sie eine gültige Mobilfunknummer ein.',
  phoneUnparseable: 'Keine gültige Telefonnummer.',
  password:
    'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens einen Großbuchstaben, einen Kleinbuchstaben und eine Ziffer enthalten',
  passwordHint: 'Das Passwort muss mindestens 8 Zeichen lang sein',
  passwordMatch: 'Die Passwörter stimmen nicht überein',
};
