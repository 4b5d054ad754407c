import type { commonEn } from './en';
import type { Translation } from './translation';

/** German texts of the shared UI and the shell's fallbacks (namespace `common`). */
export const commonDe: Translation<typeof commonEn> = {
  notBuiltYet: {
    title: '{{page}}',
    body: 'Diese Seite ist noch nicht fertig.',
  },
  remoteFallback: {
    title: '{{section}} ist nicht verfügbar',
    body: 'Dieser Bereich des Portals konnte nicht geladen werden. Alle anderen Bereiche funktionieren weiterhin.',
    retry: 'Erneut versuchen',
  },
  loading: 'Wird geladen …',
  errors: {
    network: 'Netzwerkfehler: {{detail}}',
    permissionDenied: 'Sie haben keine Berechtigung für diese Aktion.',
  },
  copy: {
    success: 'In die Zwischenablage kopiert',
    failure: 'Kopieren fehlgeschlagen',
  },
};
