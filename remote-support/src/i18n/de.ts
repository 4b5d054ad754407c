import type { Translation } from '@portal/shared';
import type { supportEn } from './en';

/** German texts of the Support screen (namespace `support`); Sie form throughout. */
export const supportDe: Translation<typeof supportEn> = {
  title: 'Support',
  available: 'Unser Support-Team ist rund um die Uhr (24x7) für Sie erreichbar.',
  newMessage: 'Neue Nachricht',
  noWorkspace: 'Der Support braucht einen Workspace',
  noWorkspaceText:
    'Nachrichten an den Support betreffen einen Workspace. Legen Sie zuerst einen an oder treten Sie einem bei.',
  folders: 'Ordner',
  folder: { inbox: 'Posteingang', sent: 'Gesendet', all: 'Alle' },
  search: 'Nachrichten durchsuchen',
  searchPlaceholder: 'Betreff und Nachricht durchsuchen',
  columns: { from: 'Von', subject: 'Betreff', date: 'Datum' },
  unread: 'Ungelesen',
  attachments_one: '{{count}} Anhang',
  attachments_other: '{{count}} Anhänge',
  empty: {
    inbox: 'Noch keine Antworten vom Support',
    sent: 'Sie haben dem Support noch nicht geschrieben',
    all: 'Noch keine Nachrichten',
    search: 'Keine Nachricht passt zu „{{search}}“',
    text: 'Schreiben Sie uns mit „Neue Nachricht“; wir antworten hier und per E-Mail.',
  },
  paging: {
    range: '{{from}}–{{to}} von {{total}}',
    newer: 'Neuere',
    older: 'Ältere',
  },
  loadFailed: 'Die Nachrichten konnten nicht geladen werden. {{detail}}',
  retry: 'Erneut versuchen',
  thread: {
    back: 'Zurück zu den Nachrichten',
    about: 'Betrifft',
    instance: 'Instanz {{name}}',
    invoice: 'Rechnung {{number}}',
    reply: 'Antworten',
    more: 'Weitere Aktionen',
    markUnread: 'Als ungelesen markieren',
    markedUnread: 'Als ungelesen markiert.',
    loadFailed: 'Die Unterhaltung konnte nicht geladen werden. {{detail}}',
    choose: 'Wählen Sie eine Nachricht, um die Unterhaltung zu lesen.',
    you: 'Sie',
    download: '{{name}} herunterladen, {{size}}',
  },
  send: {
    newTitle: 'Neue Nachricht an den Support',
    replyTitle: 'Dem Support antworten',
    workspace: 'Workspace',
    about: 'Betrifft (optional)',
    aboutNothing: 'Den Workspace allgemein',
    aboutInstance: 'Instanz {{name}}',
    aboutInvoice: 'Rechnung {{number}}',
    subject: 'Betreff',
    message: 'Nachricht',
    messageHint: 'Reiner Text. Bitte beschreiben Sie, was wann passiert ist.',
    attachments: 'Anhänge',
    addFiles: 'Dateien hinzufügen',
    limits:
      'Bis zu {{maxFiles}} Dateien, je {{perFile}} und {{total}} insgesamt: Bilder (PNG, JPEG, GIF, WebP), PDF, Text- und Logdateien.',
    remove: '{{name}} entfernen',
    fileTooLarge: '„{{name}}“ ist größer als {{limit}}, die Grenze je Datei.',
    totalTooLarge: 'Die Anhänge sind zusammen größer als {{limit}}, die Grenze insgesamt.',
    tooMany: 'Höchstens {{count}} Dateien je Nachricht.',
    fileType:
      '„{{name}}“ ist kein Dateityp, den der Support annimmt: Bilder (PNG, JPEG, GIF, WebP), PDF, Text- und Logdateien (.txt, .log).',
    emptyFile: '„{{name}}“ ist leer.',
    tooLong: 'Höchstens {{max}} Zeichen.',
    submit: 'Senden',
    cancel: 'Abbrechen',
    sent: 'Ihre Nachricht wurde an den Support gesendet.',
    storageQuota:
      'Mit diesen Anhängen überschritten die Support-Anhänge dieses Workspaces ihr Speicherkontingent. Senden Sie die Nachricht ohne sie, oder bitten Sie den Support in einer Nachricht, das Kontingent zu erhöhen.',
    uploadRate:
      'Sie haben so viele Dateien hochgeladen, wie ein Benutzer in einer Stunde darf. Senden Sie die Nachricht ohne Anhänge, oder versuchen Sie es später erneut.',
  },
};
