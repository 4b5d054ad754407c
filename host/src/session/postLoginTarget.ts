import { LOGIN_REDIRECT_URL } from '@portal/shared';
import { isPostLoginPath } from '../routes/routeTable';

/** Where a post-login destination came from, so the caller forgets exactly the one it used. */
export type PostLoginSource = 'redirect' | 'next' | 'beforeExpiry';

export interface PostLoginCandidates {
  /** the `redirect` query of the current URL (raw, untrusted) */
  redirect?: string | null | undefined;
  /** the `next` cookie */
  next?: string | undefined;
  /** the `beforeExpiryPath` entry, already resolved to a path */
  beforeExpiry?: string | undefined;
}

export interface PostLoginTarget {
  path: string;
  source: PostLoginSource | null;
}

/**
 * The saved post-login destination, or Home (spec section 4): a safe `redirect` query first (it
 * is the most specific: the page the user just tried to open), then the `next` cookie, then the
 * path saved before an expiry. Only same-site paths that are not guest-only pages qualify.
 */
export function postLoginTarget(candidates: PostLoginCandidates): PostLoginTarget {
  const order: [PostLoginSource, unknown][] = [
    ['redirect', candidates.redirect],
    ['next', candidates.next],
    ['beforeExpiry', candidates.beforeExpiry],
  ];
  for (const [source, path] of order) {
    if (isPostLoginPath(path)) return { path, source };
  }
  return { path: LOGIN_REDIRECT_URL, source: null };
}

/** The `redirect` query of a search string. */
export function redirectQuery(search: string): string | null {
  return new URLSearchParams(search).get('redirect');
}
