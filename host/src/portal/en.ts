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
};
