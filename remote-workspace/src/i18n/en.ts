/**
 * Texts of the workspace screens (namespace `workspace`). Each screen keeps its keys under its own
 * top-level key: `profile` (the Profile page), others for the workspace administration.
 */
export const workspaceEn = {
  profile: {
    title: 'Profile',
    tabs: 'Profile sections',
    tab: {
      profile: 'Profile',
      preferences: 'Preferences',
      'ssh-keys': 'SSH keys',
      authentication: 'Authentication',
      accounts: 'Accounts',
    },
  },
};
