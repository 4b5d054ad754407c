import type { InstanceAction, InstanceStatus } from './tables.js';

/**
 * Which row action each status allows (spec section 4 leaves it open; decided like Linode and
 * DigitalOcean, see api/README.md "Compute"):
 *
 * | status     | no action under way       | an action under way |
 * | ---------- | ------------------------- | ------------------- |
 * | INSTALLING | DELETE                    | none                |
 * | ACTIVE     | STOP, RESTART, DELETE     | none                |
 * | INACTIVE   | START, DELETE             | none                |
 *
 * Deleting a machine that is still being installed is allowed (Linode and DigitalOcean allow it): a
 * wrong image or location is fixed by deleting at once, not by waiting. While an action is under way
 * nothing else is allowed: its result decides what comes next.
 */
export const ACTIONS_BY_STATUS: Readonly<Record<InstanceStatus, readonly InstanceAction[]>> = {
  INSTALLING: ['DELETE'],
  ACTIVE: ['STOP', 'RESTART', 'DELETE'],
  INACTIVE: ['START', 'DELETE'],
};

export function allowedActions(
  status: InstanceStatus,
  pendingAction: InstanceAction | null | undefined,
  /** A resize is under way (Settings › Resize): nothing else until it has finished. */
  resizing = false,
): InstanceAction[] {
  if (pendingAction || resizing) return [];
  return [...ACTIONS_BY_STATUS[status]];
}

/** What a completed action leaves the instance in (DELETE: the instance is gone). */
export const STATUS_AFTER: Readonly<Record<Exclude<InstanceAction, 'DELETE'>, InstanceStatus>> = {
  START: 'ACTIVE',
  STOP: 'INACTIVE',
  RESTART: 'ACTIVE',
};

/** The words of the refusals (and of the portal's row actions). */
export const ACTION_LABELS: Readonly<Record<InstanceAction, string>> = {
  START: 'Start',
  STOP: 'Stop',
  RESTART: 'Restart',
  DELETE: 'Delete',
};
export const STATUS_LABELS: Readonly<Record<InstanceStatus, string>> = {
  INSTALLING: 'Installing',
  INACTIVE: 'Inactive',
  ACTIVE: 'Active',
};
const PENDING_LABELS: Readonly<Record<InstanceAction, string>> = {
  START: 'starting',
  STOP: 'stopping',
  RESTART: 'restarting',
  DELETE: 'being deleted',
};

/** Why `action` is refused, or null when the status allows it. */
export function actionRefusal(
  status: InstanceStatus,
  pendingAction: InstanceAction | null | undefined,
  action: InstanceAction,
  resizing = false,
): string | null {
  if (allowedActions(status, pendingAction, resizing).includes(action)) return null;
  if (resizing)
    return `${ACTION_LABELS[action]} is not possible while the instance is being resized. Wait until it has finished.`;
  if (pendingAction) {
    return `${ACTION_LABELS[action]} is not possible while the instance is ${PENDING_LABELS[pendingAction]}. Wait until it has finished.`;
  }
  return `${ACTION_LABELS[action]} is not possible while the instance is ${STATUS_LABELS[status]}.`;
}
