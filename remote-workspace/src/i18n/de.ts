import type { Translation } from '@portal/shared';
import type { workspaceEn } from './en';

/** German texts of the workspace screens (namespace `workspace`); Sie form throughout. */
export const workspaceDe: Translation<typeof workspaceEn> = {
  profile: {
    title: 'Profil',
    tabs: 'Bereiche des Profils',
    tab: {
      profile: 'Profil',
      preferences: 'Einstellungen',
      'ssh-keys': 'SSH-Schlüssel',
      authentication: 'Anmeldung',
      accounts: 'Konten',
    },
  },
};
