import { useTranslation } from 'react-i18next';
import { workspaceDe } from './de';
import { workspaceEn } from './en';

export const WORKSPACE_NAMESPACE = 'workspace';

/**
 * `t` of this remote's `workspace` namespace. i18next is one shared instance, created by the host
 * (or the dev shell); the remote adds its texts (English and German) when one of its pages first
 * renders.
 */
export function useWorkspaceTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', WORKSPACE_NAMESPACE)) {
    i18n.addResourceBundle('en', WORKSPACE_NAMESPACE, workspaceEn);
    i18n.addResourceBundle('de', WORKSPACE_NAMESPACE, workspaceDe);
  }
  return useTranslation(WORKSPACE_NAMESPACE);
}
