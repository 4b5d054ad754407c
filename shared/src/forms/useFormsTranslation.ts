import { useTranslation } from 'react-i18next';
import { formsEn } from './en';

export const FORMS_NAMESPACE = 'forms';

/** `t` of the `forms` namespace, which the shared fields add to the page's i18next on first use. */
export function useFormsTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', FORMS_NAMESPACE)) i18n.addResourceBundle('en', FORMS_NAMESPACE, formsEn);
  return useTranslation(FORMS_NAMESPACE);
}
