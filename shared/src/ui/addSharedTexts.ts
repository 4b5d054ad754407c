import type { i18n } from 'i18next';
import { sharedUiDe } from './de';
import { sharedUiEn } from './en';

const done = new WeakSet<i18n>();

/**
 * Adds the English and German texts of the shared UI and the formatters to the `common` namespace, keeping
 * every text already there (a translation, or the host's wording). Once per instance; the shared
 * components call it themselves, the host may call it at start-up so the texts are there first.
 */
export function addSharedTexts(instance: i18n): void {
  if (done.has(instance)) return;
  done.add(instance);
  instance.addResourceBundle('en', 'common', sharedUiEn, true, false);
  instance.addResourceBundle('de', 'common', sharedUiDe, true, false);
}
