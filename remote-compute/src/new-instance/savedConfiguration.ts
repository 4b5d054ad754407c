/** The choices of New instance a visitor made before signing in (never the root password). */
export interface SavedConfiguration {
  imageUid?: string;
  locationUid?: string;
  planUid?: string;
  name?: string;
}

/** sessionStorage: this tab only, gone when it closes; survives the trip through login or sign-up. */
export const SAVED_CONFIGURATION_KEY = 'portal.compute.newInstance';

export function saveConfiguration(values: SavedConfiguration): void {
  const { imageUid, locationUid, planUid, name } = values;
  try {
    sessionStorage.setItem(SAVED_CONFIGURATION_KEY, JSON.stringify({ imageUid, locationUid, planUid, name }));
  } catch {
    // storage full or disabled: the visitor configures again after login
  }
}

export function readConfiguration(): SavedConfiguration | null {
  try {
    const text = sessionStorage.getItem(SAVED_CONFIGURATION_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const field = (key: string) => (typeof parsed[key] === 'string' ? (parsed[key] as string) : undefined);
    return {
      imageUid: field('imageUid'),
      locationUid: field('locationUid'),
      planUid: field('planUid'),
      name: field('name'),
    };
  } catch {
    return null;
  }
}

export function clearConfiguration(): void {
  try {
    sessionStorage.removeItem(SAVED_CONFIGURATION_KEY);
  } catch {
    // nothing to clear
  }
}

/**
 * The login page with the way back, in the shape the host's guard builds it (`loginWithRedirect`):
 * `/auth/login?redirect=<path and query>`.
 */
export function loginPathBackTo(intended: string): string {
  return `/auth/login?${new URLSearchParams({ redirect: intended })}`;
}
