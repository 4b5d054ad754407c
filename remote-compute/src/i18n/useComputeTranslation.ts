import { useTranslation } from 'react-i18next';
import { computeDe } from './de';
import { computeEn } from './en';

export const COMPUTE_NAMESPACE = 'compute';

/**
 * `t` of this remote's `compute` namespace. i18next is one shared instance, created by the host (or
 * the dev shell); the remote adds its texts (English and German) when one of its pages first renders.
 */
export function useComputeTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', COMPUTE_NAMESPACE)) {
    i18n.addResourceBundle('en', COMPUTE_NAMESPACE, computeEn);
    i18n.addResourceBundle('de', COMPUTE_NAMESPACE, computeDe);
  }
  return useTranslation(COMPUTE_NAMESPACE);
}
