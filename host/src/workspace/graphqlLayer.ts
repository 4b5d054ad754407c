import type { Notification } from '@portal/shared';
import type { SessionStore } from '../session/sessionStore';
import { createHostClient } from './createHostClient';
import type { Place } from './routePlace';
import { createWorkspaceController, type WorkspaceController } from './workspaceController';

/**
 * The host's GraphQL stack, a lazy chunk (issue 14): the client (urql, graphcache, graphql-ws),
 * the workspace and user stores and the live updates. Loaded by the deferred controller once
 * someone is signed in or a page outside /auth/ opens; the sign-in pages never download it.
 */
export function createHostWorkspaceController({
  session,
  notify,
  place,
}: {
  session: SessionStore;
  notify: (notification: Notification) => void;
  /** where the user is now (the router's location) */
  place: () => Place | undefined;
}): WorkspaceController {
  return createWorkspaceController({
    session,
    notify,
    createClient: () => createHostClient({ place, notify }),
  });
}
