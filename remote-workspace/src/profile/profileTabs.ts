/** The Profile page's tabs (spec section 2), by their id in the URL (`/profile/:tab`). */
export const PROFILE_TABS = ['profile', 'preferences', 'ssh-keys', 'authentication', 'accounts'] as const;
export type ProfileTabId = (typeof PROFILE_TABS)[number];
export const DEFAULT_PROFILE_TAB: ProfileTabId = 'profile';

/** The tab a URL segment names; none or an unknown one is Profile. */
export function profileTab(segment: string | undefined): ProfileTabId {
  return (PROFILE_TABS as readonly string[]).includes(segment ?? '')
    ? (segment as ProfileTabId)
    : DEFAULT_PROFILE_TAB;
}

export const profilePath = (tab: ProfileTabId) => `/profile/${tab}`;
