import type { MeState, WorkspaceState } from '@portal/shared';
import type { Client } from '@urql/core';
import { useSyncExternalStore } from 'react';
import type { HostWorkspaces } from './deferredWorkspaceController';

/** The workspace state, the user and the current client, re-rendering when any changes. */
export function useWorkspaceController(controller: HostWorkspaces): {
  workspaces: WorkspaceState;
  me: MeState;
  client: Client | undefined;
} {
  const workspaces = useSyncExternalStore(controller.store.subscribe, controller.store.getState);
  const me = useSyncExternalStore(controller.me.subscribe, controller.me.getState);
  const client = useSyncExternalStore(controller.subscribeClient, controller.client);
  return { workspaces, me, client };
}
