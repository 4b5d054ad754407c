import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ComputePlan } from '../../graphql/generated/resolvers.js';
import { ComputeRefusal, type ComputeService, type ComputeWorkspace } from '../service.js';
import { type ComputeInstanceRow, computeInstances } from '../tables.js';
import type { DeployCredentials } from './credentials.js';
import { rememberSshKeys } from './credentials.js';

export const RESIZE_MESSAGES = {
  samePlan: 'The instance already has this plan: choose a larger one.',
  smaller: (what: string) =>
    `This plan has less ${what} than the current one: an instance can only be resized to a larger plan.`,
  notOff: 'Power off the instance before resizing it (Stop), then resize.',
  busy: 'Resize is not possible while an action is under way. Wait until it has finished.',
  rebuildStatus: (status: string) => `Rebuild is not possible while the instance is ${status}.`,
  rebuildBusy: 'Rebuild is not possible while an action is under way. Wait until it has finished.',
  changed: 'The instance changed meanwhile. Try again.',
} as const;

/** Why `to` is no larger plan than `from` (vCPU, RAM and disk may only grow; at least one grows), or null. */
export function resizeRefusal(from: ComputePlan, to: ComputePlan): string | null {
  if (from.uid === to.uid) return RESIZE_MESSAGES.samePlan;
  if (to.diskGb < from.diskGb) return RESIZE_MESSAGES.smaller('disk');
  if (to.memoryMb < from.memoryMb) return RESIZE_MESSAGES.smaller('RAM');
  if (to.vcpus < from.vcpus) return RESIZE_MESSAGES.smaller('vCPU');
  if (to.diskGb === from.diskGb && to.memoryMb === from.memoryMb && to.vcpus === from.vcpus) {
    return RESIZE_MESSAGES.samePlan;
  }
  return null;
}

/** Why the status does not allow a resize now, or null (the instance must be off, nothing under way). */
export function resizeStatusRefusal(
  row: Pick<ComputeInstanceRow, 'status' | 'pendingAction' | 'resizingToPlanId'>,
) {
  if (row.pendingAction || row.resizingToPlanId) return RESIZE_MESSAGES.busy;
  if (row.status !== 'INACTIVE') return RESIZE_MESSAGES.notOff;
  return null;
}

export function rebuildStatusRefusal(
  row: Pick<ComputeInstanceRow, 'status' | 'pendingAction' | 'resizingToPlanId'>,
) {
  if (row.pendingAction || row.resizingToPlanId) return RESIZE_MESSAGES.rebuildBusy;
  if (row.status === 'INSTALLING') return RESIZE_MESSAGES.rebuildStatus('Installing');
  return null;
}

/** Claims the (off) instance for a resize and starts it; the driver reports the result. */
export async function startResize(
  compute: ComputeService,
  workspace: ComputeWorkspace,
  row: ComputeInstanceRow,
  planUid: string,
): Promise<ComputeInstanceRow> {
  const refusal = resizeStatusRefusal(row);
  if (refusal) throw new ComputeRefusal(refusal, 'ACTION_NOT_ALLOWED');
  const [claimed] = await compute.db
    .update(computeInstances)
    .set({ resizingToPlanId: planUid, lastError: null })
    .where(
      and(
        eq(computeInstances.id, row.id),
        isNull(computeInstances.deletedAt),
        isNull(computeInstances.pendingAction),
        isNull(computeInstances.resizingToPlanId),
        eq(computeInstances.status, 'INACTIVE'),
        eq(computeInstances.planId, row.planId),
      ),
    )
    .returning();
  if (!claimed) throw new ComputeRefusal(RESIZE_MESSAGES.changed, 'ACTION_NOT_ALLOWED');
  compute.driver.resize(row.id, planUid);
  compute.publish(workspace.contractUid, row.id, false);
  return claimed;
}

/**
 * Reinstalls the instance with `imageUid`: it becomes INSTALLING at once (the disk is wiped) and the
 * driver deploys it again, which ends ACTIVE or, failed, INACTIVE.
 */
export async function startRebuild(
  compute: ComputeService,
  workspace: ComputeWorkspace,
  row: ComputeInstanceRow,
  imageUid: string,
  credentials: DeployCredentials,
): Promise<ComputeInstanceRow> {
  const refusal = rebuildStatusRefusal(row);
  if (refusal) throw new ComputeRefusal(refusal, 'ACTION_NOT_ALLOWED');
  const claimed = await compute.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(computeInstances)
      .set({ status: 'INSTALLING', imageId: imageUid, lastError: null })
      .where(
        and(
          eq(computeInstances.id, row.id),
          isNull(computeInstances.deletedAt),
          isNull(computeInstances.pendingAction),
          isNull(computeInstances.resizingToPlanId),
          inArray(computeInstances.status, ['ACTIVE', 'INACTIVE']),
        ),
      )
      .returning();
    if (updated) await rememberSshKeys(tx as unknown as Db, row.id, credentials.keys);
    return updated;
  });
  if (!claimed) throw new ComputeRefusal(RESIZE_MESSAGES.changed, 'ACTION_NOT_ALLOWED');
  compute.driver.deploy({
    uid: claimed.id,
    name: claimed.name,
    imageUid,
    locationUid: claimed.locationId,
    planUid: claimed.planId,
    rootPassword: credentials.rootPassword,
    sshKeys: credentials.keys.map((key) => key.publicKey),
  });
  compute.publish(workspace.contractUid, row.id, false);
  return claimed;
}
