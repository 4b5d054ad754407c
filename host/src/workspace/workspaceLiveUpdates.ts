import type { Notification, WorkspaceState } from '@portal/shared';
import type { Client } from '@urql/core';
import { pipe, subscribe } from 'wonka';
import { MeChangedDocument, NotificationsDocument, WorkspaceChangedDocument } from '../gql/graphql';

export interface WorkspaceLiveUpdates {
  /** re-reads who is signed in, the client and the current workspace, and (re)subscribes as needed */
  sync(): void;
  dispose(): void;
}

/**
 * The live part of the workspace state (issue 4): while someone is signed in, `notifications`
 * feeds the toaster and `workspaceChanged(contractUid)` follows the current workspace. An event
 * needs no handling here: graphcache writes it into the cached Workspace and FundBalance (keyed
 * by contractUid), the workspace store's watched `allWorkspaces` re-emits, and the store replaces
 * the workspace keeping its client fields (active employee, logo): the drawer's balance and unread
 * count change without a refetch. `meChanged` likewise: graphcache writes the user into the cached
 * `me`, the me store re-emits, and the preferences saved in another tab apply here. Errors go through the client's error handling like any call.
 *
 * Framework-free, owned by the workspace controller, so it follows the session and the per-user
 * client even when no component is mounted.
 */
export function createWorkspaceLiveUpdates({
  client,
  workspaces,
  signedIn,
  notify,
}: {
  client: () => Pick<Client, 'subscription'>;
  workspaces: () => WorkspaceState;
  signedIn: () => boolean;
  notify: (notification: Notification) => void;
}): WorkspaceLiveUpdates {
  let notificationsOn: { client: unknown; stop: () => void } | undefined;
  let workspaceOn: { client: unknown; contractUid: string; stop: () => void } | undefined;

  const stopAll = () => {
    notificationsOn?.stop();
    notificationsOn = undefined;
    workspaceOn?.stop();
    workspaceOn = undefined;
  };

  return {
    sync() {
      if (!signedIn()) return stopAll();
      const current = client();
      if (notificationsOn?.client !== current) {
        notificationsOn?.stop();
        const { unsubscribe } = pipe(
          current.subscription(NotificationsDocument, {}),
          subscribe((result) => {
            const notification = result.data?.notifications;
            if (notification) notify({ type: notification.type, message: notification.message });
          }),
        );
        const me = pipe(
          current.subscription(MeChangedDocument, {}),
          subscribe(() => {}),
        );
        notificationsOn = {
          client: current,
          stop: () => {
            unsubscribe();
            me.unsubscribe();
          },
        };
      }
      const contractUid = workspaces().current?.contractUid;
      if (workspaceOn && (workspaceOn.client !== current || workspaceOn.contractUid !== contractUid)) {
        workspaceOn.stop();
        workspaceOn = undefined;
      }
      if (contractUid && !workspaceOn) {
        const { unsubscribe } = pipe(
          current.subscription(WorkspaceChangedDocument, { contractUid }),
          subscribe(() => {}),
        );
        workspaceOn = { client: current, contractUid, stop: unsubscribe };
      }
    },
    dispose: stopAll,
  };
}
