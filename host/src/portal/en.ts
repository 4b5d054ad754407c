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
  cookies: {
    button: 'Cookie Policy',
    dialogTitle: 'Cookie settings',
    intro:
      'We use cookies and similar storage. Necessary ones keep the portal working; the others help us improve it and measure our marketing, and are used only if you allow them. You can change your choice at any time with the Cookie Policy button.',
    necessary: 'Necessary',
    necessaryDescription: 'Sign-in session, security tokens and this choice. Always on.',
    analytics: 'Analytics',
    analyticsDescription: 'Session analytics that show us how the portal is used, so we can improve it.',
    marketing: 'Marketing',
    marketingDescription:
      'Marks visits that come from our websites and completed sign-ups, to measure our campaigns.',
    save: 'Save',
    acceptAll: 'Accept all',
    rejectOptional: 'Reject optional',
    customise: 'Customise',
    close: 'Close',
    bannerLabel: 'Cookie notice',
    bannerText:
      'We use necessary cookies to run the portal. With your permission we also use analytics and marketing cookies.',
  },
  routeError: {
    title: 'Something went wrong',
    body: 'This page could not be opened.',
    home: 'Go to Home',
  },
};
