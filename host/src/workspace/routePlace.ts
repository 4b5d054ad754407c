import { generatePath } from 'react-router';
import { isWorkspaceRoute, matchPortalRoute, requiresAuth } from '../routes/routeTable';
import type { BeforeExpiryEntry } from '../session/beforeExpiryPath';

/** Where the user is: the router's committed location. */
export interface Place {
  pathname: string;
  search: string;
}

/**
 * Whether the GraphQL client's error handling applies here (spec section 8: nothing happens on a
 * route that does not require auth). Skip-checks routes (Invitation) are open to visitors, so
 * they count as not requiring it; so do the paths that only redirect.
 */
export function requiresAuthAt(place: Place | undefined): boolean {
  const match = place && matchPortalRoute(place.pathname);
  return !!match && requiresAuth(match.route) && !match.route.meta.skipChecks;
}

/** The route name, params and query of a place, for `beforeExpiryPath` (spec section 4). */
export function beforeExpiryEntryAt(place: Place | undefined): BeforeExpiryEntry | null {
  const match = place && matchPortalRoute(place.pathname);
  if (!match) return null;
  const params = Object.fromEntries(
    Object.entries(match.params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const query = Object.fromEntries(new URLSearchParams(place.search));
  return {
    name: match.route.name,
    ...(Object.keys(params).length ? { params } : {}),
    ...(Object.keys(query).length ? { query } : {}),
  };
}

/**
 * The same workspace page for another workspace (switching keeps the user on Billing, on the
 * same tab and query), or null when the place is not a workspace page or already shows it.
 */
export function samePageInWorkspace(place: Place, contractUid: string): string | null {
  const match = matchPortalRoute(place.pathname);
  if (!match || !isWorkspaceRoute(match.route) || match.params.contractUid === contractUid) return null;
  return generatePath(match.pattern, { ...match.params, contractUid }) + place.search;
}
