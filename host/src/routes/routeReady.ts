import { loadChrome } from '../shell/chrome';
import type { HostWorkspaces } from '../workspace/deferredWorkspaceController';
import { inMinimalFrame, type PortalRoute } from './routeTable';

/**
 * What a page the guard let through needs before it renders (the guard loader's `ready`): outside
 * the sign-in pages' minimal frame, the chrome (unless full-screen), the GraphQL stack (whose
 * remote pages may query the api even for a visitor) and, for Home, its chunk. The sign-in pages
 * need none of them (issue 14).
 */
export function routeReady(workspaces: Pick<HostWorkspaces, 'ensure'>) {
  return (route: PortalRoute): Promise<unknown> | undefined =>
    inMinimalFrame(route)
      ? undefined
      : Promise.all([
          route.meta.fullScreen ? undefined : loadChrome(),
          workspaces.ensure(),
          'host' in route.page ? import('../home/HomePage') : undefined,
        ]);
}
