import type { ConfirmOptions } from './ConfirmDialog';

export interface ConfirmRequest extends ConfirmOptions {
  /**
   * Runs when the user confirms, with the confirm button loading meanwhile; the answer is true once
   * it finished. If it returns (or resolves to) false, the dialog stays open for another try or a
   * cancel; telling the user what went wrong is the action's job. If it throws, the dialog closes
   * and `confirm` rejects with that error, so no failure is swallowed.
   */
  action?: () => unknown;
}

/** The `confirm` of the portal contract: true if the user confirmed, false if they cancelled. */
export type ConfirmFn = (request?: ConfirmRequest) => Promise<boolean>;

export interface PendingConfirm {
  id: number;
  request: ConfirmRequest;
}

export interface ConfirmStore {
  confirm: ConfirmFn;
  /** the request on screen: the oldest one not answered yet */
  current: () => PendingConfirm | null;
  subscribe: (listener: () => void) => () => void;
  /** answers the request `id`; an unknown or answered id is ignored */
  settle: (id: number, confirmed: boolean) => void;
  /** rejects the request `id` with the error its action threw */
  fail: (id: number, error: unknown) => void;
}

/**
 * The requests behind the one confirm dialog of the page. Requests made while one is open wait
 * their turn, so two screens asking at once each get their answer.
 */
export function createConfirmStore(): ConfirmStore {
  type Entry = PendingConfirm & { resolve: (confirmed: boolean) => void; reject: (error: unknown) => void };
  let queue: Entry[] = [];
  const listeners = new Set<() => void>();
  let nextId = 1;
  const take = (id: number): Entry | undefined => {
    const entry = queue.find((pending) => pending.id === id);
    if (!entry) return undefined;
    queue = queue.filter((pending) => pending !== entry);
    for (const listener of listeners) listener();
    return entry;
  };
  return {
    confirm: (request = {}) =>
      new Promise<boolean>((resolve, reject) => {
        queue = [...queue, { id: nextId++, request, resolve, reject }];
        for (const listener of listeners) listener();
      }),
    current: () => queue[0] ?? null,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settle: (id, confirmed) => take(id)?.resolve(confirmed),
    fail: (id, error) => take(id)?.reject(error),
  };
}
