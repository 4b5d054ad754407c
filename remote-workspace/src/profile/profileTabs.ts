/** The Profile page's tabs (spec section 2), by their id in the URL (`/profile/:tab`). */
export const PROFILE_TABS = ['profile', 'preferences', 'ssh-keys', 'authentication', 'accounts'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const DEFAULT_PROFILE_TAB: ProfileTab = 'profile';

/** The tab a URL segment names; none or an unknown one is Profile. */
export function profileTab(segment: string | undefined): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(segment ?? '')
    ? (segment as ProfileTab)
    : DEFAULT_PROFILE_TAB;
}

export const profilePath = (tab: ProfileTab) => `/profile/${tab}`;
