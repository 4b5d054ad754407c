import type { StoredChoice } from './selection';

/** Local-storage keys of spec section 9. */
export const WORKSPACE_UID_KEY = 'workspaceUid';
export const WORKSPACE_EMPLOYEE_UID_KEY = 'workspaceEmployeeUid';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // storage disabled by the browser's privacy settings: nothing is remembered
    return undefined;
  }
}

export function readStoredChoice(): StoredChoice {
  const s = storage();
  return {
    workspaceUid: s?.getItem(WORKSPACE_UID_KEY) ?? null,
    workspaceEmployeeUid: s?.getItem(WORKSPACE_EMPLOYEE_UID_KEY) ?? null,
  };
}

export function storeChoice(choice: StoredChoice): void {
  const s = storage();
  if (!s) return;
  for (const [key, value] of [
    [WORKSPACE_UID_KEY, choice.workspaceUid],
    [WORKSPACE_EMPLOYEE_UID_KEY, choice.workspaceEmployeeUid],
  ] as const) {
    if (value) s.setItem(key, value);
    else s.removeItem(key);
  }
}
