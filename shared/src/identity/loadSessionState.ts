import type { SessionState } from '../contract/PortalContext';
import { authInfo } from './authInfo';
import { getConfig, getSession } from './client';

/**
 * The auth data loaded before anything else at start-up (spec section 2). Never rejects: if the
 * identity service is unreachable the app still mounts, signed out, with the failure recorded.
 */
export async function loadSessionState(): Promise<SessionState> {
  const [auth, config] = await Promise.all([getSession(), getConfig()]);
  return {
    loaded: true,
    isAuthenticated: authInfo(auth).isAuthenticated,
    auth: auth.status === 0 ? null : auth,
    config,
  };
}
