import { useTranslation } from 'react-i18next';
import { addSharedTexts } from './addSharedTexts';

/** `t` of the `common` namespace with the shared UI's English texts in place. */
export function useSharedTexts() {
  const { i18n } = useTranslation();
  addSharedTexts(i18n);
  return useTranslation('common');
}
