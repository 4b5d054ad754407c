import type { Translation } from '@portal/shared';
import type { authEn } from './en';

/** German texts of the auth screens (namespace `auth`); Sie form throughout. */
export const authDe: Translation<typeof authEn> = {
  common: {
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    code: 'Code',
    backToLogin: 'Zurück zur Anmeldung',
    loading: 'Wird geladen …',
    retry: 'Erneut versuchen',
  },
  errors: {
    generic: 'Etwas ist schiefgelaufen (Status {{status}}). Bitte versuchen Sie es erneut.',
    conflict: 'Dieser Schritt ist nicht mehr offen. Bitte beginnen Sie von vorn.',
    tooManyRequests: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    load: 'Diese Seite konnte nicht geladen werden.',
  },
  login: {
    heading: 'Willkommen',
    tabs: 'Anmelden oder registrieren',
    tab: 'Anmelden',
    submit: 'Anmelden',
    forgotPassword: 'Passwort vergessen?',
    withCode: 'Mit einem Code anmelden',
    or: 'oder',
    provider: 'Weiter mit {{name}}',
    providerError: {
      cancelled: 'Die Anmeldung über den Anbieter wurde abgebrochen.',
      denied: 'Der Anbieter hat die Anmeldung nicht zugelassen.',
      other:
        'Die Anmeldung über den Anbieter ist fehlgeschlagen ({{error}}). Bitte versuchen Sie es erneut oder melden Sie sich mit Ihrer E-Mail-Adresse an.',
    },
  },
  signup: {
    tab: 'Registrieren',
    closed: 'Die Registrierung ist derzeit geschlossen.',
    emailHint: 'Ihre E-Mail-Adresse ist zugleich Ihr Benutzername.',
    phone: 'Mobilfunknummer',
    phoneHint:
      'Mit Ländervorwahl, z. B. +49 151 23456789. Wir senden Ihnen Ihren Registrierungscode per SMS an diese Nummer.',
    passwordConfirm: 'Passwort wiederholen',
    referral: 'Sie wurden mit dem Empfehlungscode {{code}} eingeladen.',
    consentPersonalData:
      'Ich stimme der Verarbeitung meiner personenbezogenen Daten gemäß der <privacy>Datenschutzerklärung</privacy> sowie den <sms>SMS-Bedingungen</sms> zu.',
    consentMarketing: 'Ich möchte Neuigkeiten und Angebote per E-Mail erhalten (optional).',
    submit: 'Konto erstellen',
    verifyEmail: {
      title: 'Bitte prüfen Sie Ihr Postfach',
      sentTo:
        'Wir haben einen Bestätigungslink an <strong>{{email}}</strong> gesendet. Öffnen Sie ihn, um Ihre Registrierung abzuschließen.',
      sent: 'Wir haben einen Bestätigungslink an Ihre E-Mail-Adresse gesendet. Öffnen Sie ihn, um Ihre Registrierung abzuschließen.',
      spam: 'Nichts angekommen? Sehen Sie in Ihrem Spam-Ordner nach oder lassen Sie sich den Link erneut senden.',
      resend: 'Link erneut senden',
      resent: 'Wir haben Ihnen einen neuen Link gesendet.',
    },
    verifyPhone: {
      title: 'Bestätigen Sie Ihre Mobilfunknummer',
      sentTo: 'Geben Sie den Registrierungscode ein, den wir per SMS an {{phone}} gesendet haben.',
      sent: 'Geben Sie den Registrierungscode ein, den wir per SMS an Ihr Mobiltelefon gesendet haben.',
      submit: 'Bestätigen',
      resend: 'Neuen Code senden',
      resent: 'Wir haben Ihnen einen neuen Code gesendet.',
    },
  },
  recaptcha: {
    notice:
      'Diese Website ist durch reCAPTCHA geschützt. Es gelten die <privacy>Datenschutzerklärung</privacy> und die <terms>Nutzungsbedingungen</terms> von Google.',
  },
  loginCode: {
    title: 'Mit einem Code anmelden',
    intro: 'Wir senden Ihnen einen Einmalcode an Ihre E-Mail-Adresse. Ein Passwort ist nicht nötig.',
    request: 'Code senden',
    codeIntro: 'Geben Sie den Code ein, den wir an Ihre E-Mail-Adresse gesendet haben.',
    confirm: 'Anmelden',
    newCode: 'Neuen Code senden',
  },
  confirmEmail: {
    title: 'E-Mail-Adresse bestätigen',
    confirmAddress: 'Bitte bestätigen Sie, dass <strong>{{email}}</strong> Ihre E-Mail-Adresse ist.',
    submit: 'Bestätigen',
    confirmed: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.',
    invalid: 'Dieser Bestätigungslink ist ungültig oder abgelaufen.',
    newLinkPending: 'Wir können Ihnen einen neuen Link senden.',
    newLinkLogin:
      'Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an, dann senden wir Ihnen einen neuen Link.',
    resend: 'Neuen Link senden',
    resent: 'Wir haben Ihnen einen neuen Link gesendet. Bitte prüfen Sie Ihr Postfach.',
    noKey:
      'Wir haben Ihnen eine E-Mail mit einem Bestätigungslink gesendet. Öffnen Sie diesen Link, um Ihre Adresse zu bestätigen.',
  },
  passwordReset: {
    title: 'Passwort zurücksetzen',
    intro:
      'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen dann einen Link, mit dem Sie ein neues Passwort festlegen können.',
    submit: 'Link senden',
    sent: 'Falls ein Konto für {{email}} existiert, haben wir einen Link zum Zurücksetzen des Passworts gesendet. Bitte prüfen Sie Ihr Postfach.',
  },
  passwordRecovery: {
    title: 'Neues Passwort festlegen',
    forUser: 'Für das Konto {{email}}.',
    password: 'Neues Passwort',
    passwordConfirm: 'Neues Passwort wiederholen',
    submit: 'Passwort ändern',
    invalid: 'Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen.',
    requestNew: 'Neuen Link anfordern',
    done: 'Ihr Passwort wurde geändert. Sie können sich jetzt damit anmelden.',
  },
  reauthenticate: {
    title: 'Bestätigen Sie Ihre Identität',
    intro: 'Geben Sie Ihr Passwort ein, um fortzufahren.',
    introUser: 'Geben Sie das Passwort von {{email}} ein, um fortzufahren.',
    submit: 'Bestätigen',
    useMfa: 'Stattdessen Authenticator-App verwenden',
    cancel: 'Abbrechen',
  },
  mfa: {
    title: 'Zwei-Faktor-Authentifizierung',
    authenticateIntro: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
    recoveryIntro: 'Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder Code funktioniert nur einmal.',
    totpCode: 'Code der Authenticator-App',
    recoveryCode: 'Wiederherstellungscode',
    useRecovery: 'Wiederherstellungscode verwenden',
    submit: 'Überprüfen',
    usePassword: 'Stattdessen Passwort verwenden',
    lapsed:
      'Ihre Anmeldung ist abgelaufen oder wurde beendet, daher kann dieser Code nicht mehr geprüft werden. Bitte melden Sie sich erneut an.',
    overview: {
      intro:
        'Schützen Sie Ihr Konto mit einem zweiten Schritt bei der Anmeldung: einem Code aus einer Authenticator-App.',
      totp: 'Authenticator-App',
      totpActive: 'Aktiv',
      totpInactive: 'Nicht eingerichtet',
      activate: 'Aktivieren',
      deactivate: 'Deaktivieren',
      deactivateConfirm:
        'Authenticator-App deaktivieren? Für die Anmeldung genügt dann Ihr Passwort, und Ihre Wiederherstellungscodes werden ungültig.',
      deactivated: 'Die Authenticator-App ist deaktiviert.',
      recoveryCodes: 'Wiederherstellungscodes',
      recoveryLeft: '{{unused}} von {{total}} Codes übrig',
      recoveryNone: 'Verfügbar, sobald die Authenticator-App aktiv ist.',
      recoveryMissing: 'Noch keine Wiederherstellungscodes.',
      view: 'Anzeigen',
      regenerate: 'Neu erzeugen',
      generate: 'Erzeugen',
    },
    activate: {
      title: 'Authenticator-App aktivieren',
      step1:
        'Scannen Sie diesen QR-Code mit Ihrer Authenticator-App oder geben Sie den Schlüssel manuell ein.',
      qr: 'QR-Code zur Einrichtung der Authenticator-App',
      secret: 'Schlüssel',
      copy: 'Schlüssel kopieren',
      step2: 'Geben Sie anschließend den 6-stelligen Code ein, den die App anzeigt.',
      submit: 'Aktivieren',
      active: 'Die Authenticator-App ist bereits aktiv.',
      done: 'Die Authenticator-App ist aktiv.',
      back: 'Zurück zur Zwei-Faktor-Authentifizierung',
    },
    recovery: {
      title: 'Wiederherstellungscodes',
      intro:
        'Bewahren Sie diese Codes an einem sicheren Ort auf. Falls Sie Ihr Telefon verlieren, können Sie sich mit jedem Code einmal anstelle der Authenticator-App anmelden.',
      left: '{{unused}} von {{total}} Codes unbenutzt',
      list: 'Unbenutzte Wiederherstellungscodes',
      copy: 'Alle kopieren',
      download: 'Herunterladen',
      regenerate: 'Neu erzeugen',
      regenerateConfirm: 'Neue Wiederherstellungscodes erzeugen? Die bisherigen Codes werden ungültig.',
      regenerated: 'Neue Wiederherstellungscodes wurden erzeugt.',
      none: 'Sie haben noch keine Wiederherstellungscodes.',
      generate: 'Codes erzeugen',
      fileName: 'wiederherstellungscodes.txt',
      back: 'Zurück zur Zwei-Faktor-Authentifizierung',
    },
  },
  sso: {
    signingIn: 'Sie werden angemeldet …',
    providerSignup: {
      title: 'Registrierung abschließen',
      intro:
        'Sie melden sich zum ersten Mal mit {{provider}} an. Bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu erstellen.',
      introGeneric: 'Bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu erstellen.',
      lapsed:
        'Hier wartet keine Registrierung auf ihren Abschluss: Sie ist abgelaufen oder wurde bereits abgeschlossen. Melden Sie sich erneut über Ihren Anbieter an, um neu zu beginnen.',
      submit: 'Konto erstellen',
    },
  },
};
