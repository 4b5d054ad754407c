import type { WorkspaceState } from '@portal/shared';
import type { Client } from '@urql/core';
import { useSyncExternalStore } from 'react';
import type { WorkspaceController } from './workspaceController';

/** The workspace state and the current client, re-rendering when either changes. */
export function useWorkspaceController(controller: WorkspaceController): {
  workspaces: WorkspaceState;
  client: Client;
} {
  const workspaces = useSyncExternalStore(controller.store.subscribe, controller.store.getState);
  const client = useSyncExternalStore(controller.subscribeClient, controller.client);
  return { workspaces, client };
}
