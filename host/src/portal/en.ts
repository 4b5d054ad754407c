export const shellEn = {
  appName: 'Customer Portal',
  nav: {
    label: 'Main navigation',
    home: 'Home',
    dashboard: 'Dashboard',
    billing: 'Billing',
    support: 'Support',
    products: 'Products',
    solutions: 'Solutions',
    howTo: 'How To',
    profile: 'Profile',
    settings: 'Settings',
    open: 'Open navigation',
    close: 'Close navigation',
  },
  home: {
    title: 'Welcome',
    body: 'Your customer portal for servers, billing and support.',
  },
  userMenu: {
    label: 'Account menu of {{name}}',
    signedInAs: 'Signed in as {{name}}',
    fallbackName: 'Account',
    signIn: 'Sign in',
    signOut: 'Sign out',
    signOutFailed: 'Signing out did not work. Please try again.',
  },
  progress: 'Loading page',
  errors: {
    unknownFlow: 'Unknown path for flow',
  },
  routeError: {
    title: 'Something went wrong',
    body: 'This page could not be opened.',
    home: 'Go to Home',
  },
};
