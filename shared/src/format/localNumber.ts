import { currentLanguage, LANGUAGE_LOCALES, type Language } from '../i18n/language';

const formats = new Map<Language, Intl.NumberFormat>();

/**
 * A (rounded) number as the page's language writes it, without grouping and without trailing
 * zeros: English as JavaScript writes it ('1.5', '1000'), German with a decimal comma ('1,5').
 */
export function localNumber(value: number, language: Language = currentLanguage()): string {
  if (language === 'en' || !Number.isFinite(value)) return String(value);
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
      useGrouping: false,
      maximumFractionDigits: 20,
    });
    formats.set(language, format);
  }
  return format.format(value);
}
