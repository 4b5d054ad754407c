import type { Translation } from '@portal/shared';
import type { invitationEn } from './en';

/** German texts of the Invitation screen (namespace `authInvitation`); Sie form throughout. */
export const invitationDe: Translation<typeof invitationEn> = {
  title: 'Einladung',
  loading: 'Die Einladung wird geladen …',
  loadFailed: 'Diese Einladung konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  unknown:
    'Dieser Einladungslink ist ungültig. Bitte prüfen Sie den Link oder bitten Sie um eine neue Einladung.',
  lead: '{{invitedBy}} hat Sie eingeladen, dem Workspace {{workspaceName}} beizutreten.',
  details: 'Details der Einladung',
  workspace: 'Workspace',
  invitedBy: 'Eingeladen von',
  email: 'Eingeladene E-Mail-Adresse',
  role: 'Rolle',
  validUntil: 'Gültig bis',
  status: {
    VALID: 'Offen',
    ACCEPTED: 'Angenommen',
    EXPIRED: 'Abgelaufen',
  },
  statusLabel: 'Status',
  roles: {
    Administrative: 'Administration',
    Billing: 'Abrechnung',
    Technical: 'Technik',
  },
  accepted: 'Diese Einladung wurde bereits angenommen.',
  acceptedHint: 'Wenn Sie sie angenommen haben, finden Sie den Workspace in Ihrer Liste der Workspaces.',
  goHome: 'Zum Portal',
  expired:
    'Diese Einladung ist abgelaufen. Bitten Sie den Administrator des Workspaces, Ihnen eine neue Einladung zu senden.',
  signedOut:
    'Melden Sie sich mit {{email}} an oder registrieren Sie sich, um die Einladung anzunehmen. Anschließend kehren Sie hierher zurück.',
  logIn: 'Anmelden',
  signUp: 'Registrieren',
  otherEmail:
    'Diese Einladung gilt für {{email}}, Sie sind jedoch als {{current}} angemeldet. Nur {{email}} kann sie annehmen: Melden Sie sich ab und dann als {{email}} an.',
  switchAccount: 'Abmelden und als {{email}} fortfahren',
  loggingOut: 'Abmelden …',
  logOutFailed: 'Das Abmelden hat nicht geklappt. Bitte versuchen Sie es erneut.',
  accept: 'Einladung annehmen',
  confirmTitle: 'Diesem Workspace beitreten?',
  confirmText:
    'Sie treten <strong>{{workspaceName}}</strong> mit der Rolle {{role}} bei. {{invitedBy}} und die anderen Administratoren des Workspaces sehen Ihren Namen, Ihre E-Mail-Adresse und Ihre Mobilfunknummer.',
  join: 'Beitreten',
  accepting: 'Wird angenommen …',
  joined: 'Sie sind {{workspaceName}} beigetreten.',
  openWorkspace: 'Workspace öffnen',
};
