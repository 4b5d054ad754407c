import { usePortal } from '@portal/shared';
import { useCallback } from 'react';
import { useMutation } from 'urql';
import { type InstanceAction, InstanceActionDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import type { InstanceRow } from './instanceList';

/**
 * Runs a life-cycle action on an instance. Delete asks first, through the portal's confirm dialog,
 * naming the instance (escaped: the dialog renders its text as HTML). The answer carries the
 * pending action; `instanceChanged` brings the result. A refusal is notified with the server's words.
 */
export function useInstanceAction() {
  const { confirm, notify } = usePortal();
  const { t } = useComputeTranslation();
  const [, execute] = useMutation(InstanceActionDocument);

  const send = useCallback(
    async (instance: Pick<InstanceRow, 'uid' | 'contractUid' | 'name'>, action: InstanceAction) => {
      const result = await execute(
        { contractUid: instance.contractUid, uid: instance.uid, action },
        { portalNotify: false },
      );
      if (result.error) {
        const message = result.error.graphQLErrors[0]?.message ?? result.error.message;
        notify({
          type: 'error',
          message: t('actions.failed', { action: t(`action.${action}`), name: instance.name, message }),
        });
        return false;
      }
      return true;
    },
    [execute, notify, t],
  );

  return useCallback(
    async (instance: Pick<InstanceRow, 'uid' | 'contractUid' | 'name'>, action: InstanceAction) => {
      if (action !== 'DELETE') return send(instance, action);
      return confirm({
        title: t('actions.deleteTitle'),
        text: t('actions.deleteText', { name: instance.name, interpolation: { escapeValue: true } }),
        confirmText: t('actions.deleteConfirm'),
        action: () => send(instance, action),
      });
    },
    [confirm, send, t],
  );
}
