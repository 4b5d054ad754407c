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
  copy: {
    success: 'Copied to clipboard',
    failure: 'Failed to copy',
  },
};
