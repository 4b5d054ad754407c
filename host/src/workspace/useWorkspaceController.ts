import type { MeState, WorkspaceState } from '@portal/shared';
import type { Client } from '@urql/core';
import { useSyncExternalStore } from 'react';
import type { WorkspaceController } from './workspaceController';

/** The workspace state, the user and the current client, re-rendering when any changes. */
export function useWorkspaceController(controller: WorkspaceController): {
  workspaces: WorkspaceState;
  me: MeState;
  client: Client;
} {
  const workspaces = useSyncExternalStore(controller.store.subscribe, controller.store.getState);
  const me = useSyncExternalStore(controller.me.subscribe, controller.me.getState);
  const client = useSyncExternalStore(controller.subscribeClient, controller.client);
  return { workspaces, me, client };
}
