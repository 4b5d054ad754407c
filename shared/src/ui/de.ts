import { formatDe } from '../format/de';
import type { Translation } from '../i18n/translation';
import type { sharedUiEn } from './en';

/** German texts of the shared UI kit and the formatters, in the `common` namespace. */
export const sharedUiDe: Translation<typeof sharedUiEn> = {
  confirm: {
    title: 'Sind Sie sicher?',
    cancel: 'Abbrechen',
    confirm: 'Bestätigen',
    working: 'Wird ausgeführt …',
  },
  copy: {
    success: 'In die Zwischenablage kopiert',
    failure: 'Kopieren fehlgeschlagen',
  },
  infoTooltip: {
    label: 'Weitere Informationen',
  },
  format: formatDe,
};
