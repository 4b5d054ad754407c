import { useTranslation } from 'react-i18next';
import { validationDe } from '../validation/de';
import { isValidationKey, VALIDATION_NAMESPACE, validationEn } from '../validation/messages';
import { formsDe } from './de';
import { formsEn } from './en';

export const FORMS_NAMESPACE = 'forms';

/** `t` of the `forms` namespace, which the shared fields add to the page's i18next on first use. */
export function useFormsTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', FORMS_NAMESPACE)) {
    i18n.addResourceBundle('en', FORMS_NAMESPACE, formsEn);
    i18n.addResourceBundle('de', FORMS_NAMESPACE, formsDe);
  }
  return useTranslation(FORMS_NAMESPACE);
}

/**
 * Shows a validation message in the page's language: a key of VALIDATION_KEYS is translated (the
 * `validation` namespace is added on first use); any other text, a server's message, stays as it is.
 */
export function useValidationText(): (message: string | undefined) => string | undefined {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', VALIDATION_NAMESPACE)) {
    i18n.addResourceBundle('en', VALIDATION_NAMESPACE, validationEn);
    i18n.addResourceBundle('de', VALIDATION_NAMESPACE, validationDe);
  }
  const { t } = useTranslation(VALIDATION_NAMESPACE);
  return (message) => (message && isValidationKey(message) ? t(message) : message);
}
