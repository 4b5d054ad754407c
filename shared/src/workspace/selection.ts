import { workspaceLogo } from '../format/names';

/** What selection needs of a workspace; the portal's full shape is `PortalWorkspace`. */
export interface SelectableWorkspace {
  contractUid: string;
  workspaceName: string;
  kind: string;
  account: { name: string } | null;
  employee: ReadonlyArray<{ uid: string }>;
}

/** The fields the client adds (spec section 3). */
export interface ClientWorkspaceFields {
  /** the employee the user acts as: the first one unless chosen; null when the list is empty */
  activeEmployeeUid: string | null;
  /** the first 2 characters of the workspace name */
  logo: string;
}

export type WithClientFields<W> = W & ClientWorkspaceFields;

export interface WorkspaceSelection<W extends SelectableWorkspace> {
  /** sorted by account name */
  workspaces: ReadonlyArray<WithClientFields<W>>;
  /** one of `workspaces`, null only when the list is empty (or not loaded) */
  current: WithClientFields<W> | null;
}

/** What is kept in local storage (spec section 9: `workspaceUid`, `workspaceEmployeeUid`). */
export interface StoredChoice {
  workspaceUid: string | null;
  workspaceEmployeeUid: string | null;
}

/** The cabinet kind (spec section 4: preferred when nothing else decides). */
export const CABINET_KIND = 'CAB';

export const EMPTY_SELECTION: WorkspaceSelection<never> = { workspaces: [], current: null };

/** Made on first use, not when the module loads: a Collator is costly, and the sign-in pages never sort. */
let collator: Intl.Collator | undefined;

/** By account name, case- and accent-insensitively, numbers in numeric order; ties keep API order. */
export function sortByAccountName<W extends SelectableWorkspace>(list: readonly W[]): W[] {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const { compare } = collator;
  return [...list].sort((a, b) => compare(a.account?.name ?? '', b.account?.name ?? ''));
}

function isEmployeeOf(workspace: SelectableWorkspace, uid: string | null | undefined): uid is string {
  return !!uid && workspace.employee.some((e) => e.uid === uid);
}

/** The client's fields on a workspace: the first candidate employee that belongs to it, else the first. */
export function withClientFields<W extends SelectableWorkspace>(
  workspace: W,
  ...preferredEmployees: (string | null | undefined)[]
): WithClientFields<W> {
  const active = preferredEmployees.find((uid) => isEmployeeOf(workspace, uid));
  return {
    ...workspace,
    activeEmployeeUid: active ?? workspace.employee[0]?.uid ?? null,
    logo: workspaceLogo(workspace.workspaceName),
  };
}

/**
 * Spec section 4, after the list loads: sorted by account name; the current workspace stays if
 * it is still listed, else the stored one, else the first cabinet (CAB) workspace, else the first.
 * Each workspace keeps the active employee it had (if still an employee); the chosen one, if it
 * is the stored workspace, takes the stored employee; otherwise the first employee.
 */
export function applyWorkspaceList<W extends SelectableWorkspace>(
  previous: WorkspaceSelection<W>,
  list: readonly W[],
  stored: StoredChoice,
): WorkspaceSelection<W> {
  const sorted = sortByAccountName(list);
  const listed = (uid: string | null | undefined) => sorted.find((w) => w.contractUid === uid);
  const chosen =
    listed(previous.current?.contractUid) ??
    listed(stored.workspaceUid) ??
    sorted.find((w) => w.kind === CABINET_KIND) ??
    sorted[0];
  const before = new Map(previous.workspaces.map((w) => [w.contractUid, w.activeEmployeeUid]));
  const workspaces = sorted.map((w) =>
    withClientFields(
      w,
      before.get(w.contractUid),
      w === chosen && w.contractUid === stored.workspaceUid ? stored.workspaceEmployeeUid : null,
    ),
  );
  return { workspaces, current: workspaces[sorted.indexOf(chosen as W)] ?? null };
}

export function findWorkspace<W extends SelectableWorkspace>(
  selection: WorkspaceSelection<W>,
  contractUid: string | null | undefined,
): WithClientFields<W> | undefined {
  return contractUid ? selection.workspaces.find((w) => w.contractUid === contractUid) : undefined;
}

/** Makes a listed workspace the current one; an unknown one changes nothing (the same object back). */
export function selectWorkspace<W extends SelectableWorkspace>(
  selection: WorkspaceSelection<W>,
  contractUid: string,
): WorkspaceSelection<W> {
  const next = findWorkspace(selection, contractUid);
  if (!next || next === selection.current) return selection;
  return { ...selection, current: next };
}

/**
 * Spec sections 4 and 5: the active employee can only be an employee of the current workspace;
 * anything else changes nothing (the same object back).
 */
export function setActiveEmployee<W extends SelectableWorkspace>(
  selection: WorkspaceSelection<W>,
  employeeUid: string,
): WorkspaceSelection<W> {
  const current = selection.current;
  if (!current || !isEmployeeOf(current, employeeUid) || current.activeEmployeeUid === employeeUid)
    return selection;
  const updated = { ...current, activeEmployeeUid: employeeUid };
  return {
    workspaces: selection.workspaces.map((w) => (w === current ? updated : w)),
    current: updated,
  };
}

/**
 * Spec section 4: refetching one workspace replaces it in the list (re-sorted, its account name may
 * have changed) and keeps its active employee while that is still an employee. A workspace that is
 * not listed changes nothing: a new workspace arrives with a refetch of the whole list.
 */
export function replaceWorkspace<W extends SelectableWorkspace>(
  selection: WorkspaceSelection<W>,
  fresh: W,
): WorkspaceSelection<W> {
  const old = findWorkspace(selection, fresh.contractUid);
  if (!old) return selection;
  const updated = withClientFields(fresh, old.activeEmployeeUid);
  const workspaces = sortByAccountName(selection.workspaces.map((w) => (w === old ? updated : w)));
  return { workspaces, current: selection.current === old ? updated : selection.current };
}

/** What to store for a selection (nothing to store without a current workspace). */
export function storedChoiceOf(selection: WorkspaceSelection<SelectableWorkspace>): StoredChoice | null {
  const current = selection.current;
  if (!current) return null;
  return { workspaceUid: current.contractUid, workspaceEmployeeUid: current.activeEmployeeUid };
}
