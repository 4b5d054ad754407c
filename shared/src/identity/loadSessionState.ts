import type { SessionState } from '../contract/PortalContext';
import { getConfig, getSession } from './client';

/**
 * The auth data loaded before anything else at start-up (spec section 2). Never rejects: if the
 * identity service is unreachable the app still mounts, signed out, with the failure recorded.
 */
export async function loadSessionState(): Promise<SessionState> {
  const [auth, config] = await Promise.all([getSession(), getConfig()]);
  const isAuthenticated =
    auth.status === 200
      ? Boolean(auth.meta?.is_authenticated)
      : auth.status === 401 && Boolean(auth.meta?.is_authenticated);
  return { loaded: true, isAuthenticated, auth: auth.status === 0 ? null : auth, config };
}
