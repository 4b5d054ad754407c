/** Texts of the Invitation screen (namespace `authInvitation`). */
export const invitationEn = {
  title: 'Invitation',
  loading: 'Loading the invitation…',
  loadFailed: 'This invitation could not be loaded.',
  retry: 'Try again',
  unknown: 'This invitation link is not valid. Check the link or ask for a new invitation.',
  lead: '{{invitedBy}} invited you to join the workspace {{workspaceName}}.',
  details: 'Invitation details',
  workspace: 'Workspace',
  invitedBy: 'Invited by',
  email: 'Invited e-mail',
  role: 'Role',
  validUntil: 'Valid until',
  status: {
    VALID: 'Open',
    ACCEPTED: 'Accepted',
    EXPIRED: 'Expired',
  },
  statusLabel: 'Status',
  roles: {
    Administrative: 'Administrative',
    Billing: 'Billing',
    Technical: 'Technical',
  },
  accepted: 'This invitation has already been accepted.',
  acceptedHint: 'If you accepted it, the workspace is in your list of workspaces.',
  goHome: 'Go to the portal',
  expired: 'This invitation has expired. Ask the workspace administrator to send you a new one.',
  signedOut: 'Log in or sign up with {{email}} to accept the invitation. You will come back here afterwards.',
  logIn: 'Log in',
  signUp: 'Sign up',
  otherEmail:
    'You are signed in as {{current}}, but the invitation was sent to {{email}}. Only {{email}} can accept it.',
  accept: 'Accept invitation',
  confirmTitle: 'Join this workspace?',
  /** HTML (the confirm dialog sanitises it); the values are escaped when put in */
  confirmText:
    'You will join <strong>{{workspaceName}}</strong> as {{role}}. {{invitedBy}} and the other administrators of the workspace will see your name, e-mail address and mobile number.',
  join: 'Join',
  accepting: 'Accepting…',
  joined: 'You joined {{workspaceName}}.',
  openWorkspace: 'Open workspace',
};
