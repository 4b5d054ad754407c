/** Texts of the shared UI and the shell's fallbacks. */
export const commonEn = {
  notBuiltYet: {
    title: '{{page}}',
    body: 'This page is not built yet.',
  },
  remoteFallback: {
    title: '{{section}} is unavailable',
    body: 'This part of the portal could not be loaded. The rest of the portal keeps working.',
    retry: 'Retry',
  },
  loading: 'Loading…',
  errors: {
    /** spec section 8, verbatim */
    network: 'Network Error: {{detail}}',
    /** the api's permission message (spec section 8), verbatim */
    permissionDenied: 'You do not have permission to perform this action',
  },
  copy: {
    success: 'Copied to clipboard',
    failure: 'Failed to copy',
  },
};
