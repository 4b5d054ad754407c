import type { Translation } from '@portal/shared';
import type { shellEn } from './en';

/** German texts of the shell (namespace `shell`); Sie form throughout. */
export const shellDe: Translation<typeof shellEn> = {
  appName: 'Kundenportal',
  nav: {
    label: 'Hauptnavigation',
    home: 'Startseite',
    dashboard: 'Dashboard',
    billing: 'Abrechnung',
    status: 'Status',
    support: 'Support',
    products: 'Produkte',
    solutions: 'Lösungen',
    howTo: 'Anleitungen',
    profile: 'Profil',
    settings: 'Einstellungen',
    open: 'Navigation öffnen',
    close: 'Navigation schließen',
  },
  workspaces: {
    label: 'Workspaces',
    switch: 'Workspace {{name}}, Workspace wechseln',
  },
  balance: {
    label: 'Guthaben',
  },
  appBar: {
    support: 'Support',
    supportUnread_one: 'Support, {{count}} ungelesene Nachricht',
    supportUnread_other: 'Support, {{count}} ungelesene Nachrichten',
  },
  home: {
    title: 'Willkommen',
    body: 'Ihr Kundenportal für Server, Abrechnung und Support.',
    loading: 'Ihre Workspaces werden geladen …',
    noWorkspace:
      'Sie gehören noch keinem Workspace an. Wenn Ihr Unternehmen das Portal bereits nutzt, bitten Sie den zuständigen Administrator um eine Einladung und öffnen Sie den Link in der Einladungs-E-Mail. Andernfalls richtet unser rund um die Uhr erreichbarer Support gern einen Workspace mit Ihnen ein.',
    contactSupport: 'Support kontaktieren',
    noServices:
      'In Ihrem Workspace {{name}} ist noch kein Dienst aktiv. Fügen Sie Ihren ersten Server oder Ihre erste Lösung hinzu, um loszulegen.',
    addService: 'Neuen Dienst hinzufügen',
    openBilling: 'Zur Abrechnung',
    loadFailed: 'Ihre Workspaces konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
  },
  userMenu: {
    label: 'Kontomenü von {{name}}',
    signedInAs: 'Angemeldet als {{name}}',
    fallbackName: 'Konto',
    signIn: 'Anmelden',
    profile: 'Profil',
    signOut: 'Abmelden',
    signOutFailed: 'Die Abmeldung hat nicht funktioniert. Bitte versuchen Sie es erneut.',
    appearance: 'Darstellung',
    colorScheme: {
      system: 'Systemeinstellung',
      light: 'Hell',
      dark: 'Dunkel',
    },
    language: 'Sprache',
  },
  progress: 'Seite wird geladen',
  routeTitles: {
    Home: 'Willkommen',
    Products: 'Produkte',
    Solutions: 'Lösungen',
    AccountSettings: 'Kontoeinstellungen',
    Profile: 'Profil',
    Dashboard: 'Dashboard',
    Billing: 'Abrechnung',
    Status: 'Status',
    InstanceDetails: 'Instanz',
    WorkspaceSettings: 'Einstellungen',
    Support: 'Support',
    NewInstance: 'Neuen Dienst hinzufügen',
    Console: 'Konsole',
    Invitation: 'Einladung',
  },
  errors: {
    unknownFlow: 'Unbekannter Pfad für diesen Anmeldeschritt',
  },
  cookies: {
    button: 'Cookie-Richtlinie',
    dialogTitle: 'Cookie-Einstellungen',
    intro:
      'Wir verwenden Cookies und ähnliche Speichertechniken. Die notwendigen halten das Portal am Laufen; die übrigen helfen uns, das Portal zu verbessern und unser Marketing zu messen, und werden nur mit Ihrer Erlaubnis verwendet. Sie können Ihre Auswahl jederzeit über die Schaltfläche „Cookie-Richtlinie“ ändern.',
    necessary: 'Notwendig',
    necessaryDescription: 'Anmeldesitzung, Sicherheitstoken und diese Auswahl. Immer aktiv.',
    analytics: 'Analyse',
    analyticsDescription:
      'Sitzungsanalysen, die uns zeigen, wie das Portal genutzt wird, damit wir es verbessern können.',
    marketing: 'Marketing',
    marketingDescription:
      'Kennzeichnet Besuche, die von unseren Websites kommen, und abgeschlossene Registrierungen, um unsere Kampagnen zu messen.',
    save: 'Speichern',
    acceptAll: 'Alle akzeptieren',
    rejectOptional: 'Optionale ablehnen',
    customise: 'Anpassen',
    close: 'Schließen',
    bannerLabel: 'Cookie-Hinweis',
    bannerText:
      'Wir verwenden notwendige Cookies, um das Portal zu betreiben. Mit Ihrer Erlaubnis verwenden wir außerdem Analyse- und Marketing-Cookies.',
  },
  routeError: {
    title: 'Etwas ist schiefgelaufen',
    body: 'Diese Seite konnte nicht geöffnet werden.',
    home: 'Zur Startseite',
  },
};
