import type { TFunction } from 'i18next';
import type { Notification } from '../contract/PortalContext';

/** Copy with the spec's messages: 'Copied to clipboard' (success) or 'Failed to copy' (warning), 2000 ms. */
export async function copyToClipboard(
  text: string,
  notify: (n: Notification) => void,
  t: TFunction,
): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ type: 'success', message: t('common:copy.success'), timeout: 2000 });
    return true;
  } catch {
    notify({ type: 'warning', message: t('common:copy.failure'), timeout: 2000 });
    return false;
  }
}
