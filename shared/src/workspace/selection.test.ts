import { describe, expect, it } from 'vitest';
import type { PortalWorkspaceFragment } from '../gql/graphql';
import {
  applyWorkspaceList,
  EMPTY_SELECTION,
  replaceWorkspace,
  type StoredChoice,
  selectWorkspace,
  setActiveEmployee,
  sortByAccountName,
  storedChoiceOf,
  type WorkspaceSelection,
  withClientFields,
} from './selection';
import { workspace } from './testWorkspaces';

type Selection = WorkspaceSelection<PortalWorkspaceFragment>;
const NOTHING_STORED: StoredChoice = { workspaceUid: null, workspaceEmployeeUid: null };
const empty: Selection = EMPTY_SELECTION;

const a = workspace('A', { account: 'Alpha' });
const b = workspace('B', { account: 'beta', kind: 'CAB', employees: ['b1', 'b2'] });
const c = workspace('C', { account: 'Gamma', kind: 'CAB' });
const d = workspace('D', { account: 'Delta' });

const uids = (s: Selection) => s.workspaces.map((w) => w.contractUid);
const load = (list: PortalWorkspaceFragment[], stored = NOTHING_STORED, previous = empty) =>
  applyWorkspaceList(previous, list, stored);

describe('sortByAccountName', () => {
  it('sorts by account name, ignoring case and accents, numbers in order', () => {
    const list = [
      workspace('1', { account: 'Zeta' }),
      workspace('2', { account: 'éclair' }),
      workspace('3', { account: 'Account 10' }),
      workspace('4', { account: 'account 9' }),
    ];
    expect(sortByAccountName(list).map((w) => w.contractUid)).toEqual(['4', '3', '2', '1']);
  });

  it('keeps the order of equal names and does not touch the input', () => {
    const list = [workspace('x', { account: 'Same' }), workspace('y', { account: 'same' })];
    expect(sortByAccountName(list).map((w) => w.contractUid)).toEqual(['x', 'y']);
    expect(list.map((w) => w.contractUid)).toEqual(['x', 'y']);
  });
});

describe('withClientFields', () => {
  it('adds the first employee and a 2-character logo', () => {
    const w = withClientFields(workspace('W', { name: 'Nimbus Labs', employees: ['e1', 'e2'] }));
    expect(w.activeEmployeeUid).toBe('e1');
    expect(w.logo).toBe('Ni');
  });

  it('takes the first preferred employee that belongs to the workspace', () => {
    const w = workspace('W', { employees: ['e1', 'e2', 'e3'] });
    expect(withClientFields(w, 'stranger', null, 'e3', 'e2').activeEmployeeUid).toBe('e3');
  });

  it('has no active employee without employees', () => {
    expect(withClientFields(workspace('W', { employees: [] })).activeEmployeeUid).toBeNull();
  });
});

describe('applyWorkspaceList (after the list loads)', () => {
  it('sorts the list by account name', () => {
    expect(uids(load([d, c, b, a]))).toEqual(['A', 'B', 'D', 'C']);
  });

  it('keeps the current workspace while it is still listed', () => {
    const first = selectWorkspace(load([a, b, c]), 'C');
    expect(
      load([a, b, c, d], { workspaceUid: 'A', workspaceEmployeeUid: null }, first).current?.contractUid,
    ).toBe('C');
  });

  it('else takes the stored workspace', () => {
    const previous = selectWorkspace(load([a, b, d]), 'D');
    expect(
      load([a, b, c], { workspaceUid: 'A', workspaceEmployeeUid: null }, previous).current?.contractUid,
    ).toBe('A');
  });

  it('else the first cabinet (CAB) workspace, by account name', () => {
    expect(load([c, a, b, d]).current?.contractUid).toBe('B');
  });

  it('a stored workspace that is no longer listed falls through to the first CAB', () => {
    expect(load([a, c, d], { workspaceUid: 'gone', workspaceEmployeeUid: null }).current?.contractUid).toBe(
      'C',
    );
  });

  it('else the first workspace', () => {
    expect(load([d, a]).current?.contractUid).toBe('A');
  });

  it('an empty list has no current workspace', () => {
    const previous = load([a]);
    expect(load([], NOTHING_STORED, previous)).toEqual({ workspaces: [], current: null });
  });

  it('the current one is the listed object (one source of truth)', () => {
    const s = load([a, b]);
    expect(s.workspaces).toContain(s.current);
  });

  it('adds activeEmployeeUid (the first employee) and logo to every workspace', () => {
    const s = load([a, b]);
    expect(s.workspaces.map((w) => [w.contractUid, w.activeEmployeeUid, w.logo])).toEqual([
      ['A', 'A-e1', 'Wo'],
      ['B', 'b1', 'Wo'],
    ]);
  });

  it('the stored workspace takes the stored employee when that is one of its employees', () => {
    const s = load([a, b], { workspaceUid: 'B', workspaceEmployeeUid: 'b2' });
    expect(s.current?.activeEmployeeUid).toBe('b2');
  });

  it('a stored employee who is not in the stored workspace is ignored', () => {
    const s = load([a, b], { workspaceUid: 'B', workspaceEmployeeUid: 'A-e1' });
    expect(s.current?.activeEmployeeUid).toBe('b1');
  });

  it('the stored employee does not apply to another workspace chosen instead', () => {
    const s = load([a, b], { workspaceUid: 'gone', workspaceEmployeeUid: 'b2' });
    expect(s.current?.contractUid).toBe('B');
    expect(s.current?.activeEmployeeUid).toBe('b1');
  });

  it('a reload keeps each workspace’s active employee while still an employee', () => {
    const previous = setActiveEmployee(load([a, b]), 'b2');
    const again = load([a, b], { workspaceUid: 'B', workspaceEmployeeUid: 'b1' }, previous);
    expect(again.current?.activeEmployeeUid).toBe('b2');
    const b2Left = workspace('B', { account: 'beta', kind: 'CAB', employees: ['b1', 'b3'] });
    expect(load([a, b2Left], NOTHING_STORED, previous).current?.activeEmployeeUid).toBe('b1');
  });
});

describe('selectWorkspace', () => {
  it('makes a listed workspace current', () => {
    expect(selectWorkspace(load([a, b]), 'A').current?.contractUid).toBe('A');
  });

  it('changes nothing for a workspace that is not listed, or is current already', () => {
    const s = load([a, b]);
    expect(selectWorkspace(s, 'Z')).toBe(s);
    expect(selectWorkspace(s, 'B')).toBe(s);
    expect(selectWorkspace(empty, 'A')).toBe(empty);
  });
});

describe('setActiveEmployee', () => {
  it('sets an employee of the current workspace, in the list too', () => {
    const s = setActiveEmployee(load([a, b]), 'b2');
    expect(s.current?.activeEmployeeUid).toBe('b2');
    expect(s.workspaces.find((w) => w.contractUid === 'B')?.activeEmployeeUid).toBe('b2');
    expect(s.workspaces).toContain(s.current);
  });

  it('refuses an employee of another workspace, an unknown one, or with no current workspace', () => {
    const s = load([a, b]);
    expect(setActiveEmployee(s, 'A-e1')).toBe(s);
    expect(setActiveEmployee(s, 'nobody')).toBe(s);
    expect(setActiveEmployee(empty, 'b1')).toBe(empty);
  });

  it('changes nothing when the employee is active already', () => {
    const s = load([a, b]);
    expect(setActiveEmployee(s, 'b1')).toBe(s);
  });
});

describe('replaceWorkspace (refetch of one workspace)', () => {
  it('replaces the workspace and keeps its active employee', () => {
    const s = setActiveEmployee(load([a, b]), 'b2');
    const fresh = workspace('B', { account: 'beta', kind: 'CAB', employees: ['b1', 'b2'], amount: '-5.00' });
    const next = replaceWorkspace(s, fresh);
    expect(next.current?.balance.amount).toBe('-5.00');
    expect(next.current?.activeEmployeeUid).toBe('b2');
    expect(next.workspaces).toContain(next.current);
  });

  it('falls back to the first employee when the active one is gone', () => {
    const s = setActiveEmployee(load([a, b]), 'b2');
    const next = replaceWorkspace(s, workspace('B', { account: 'beta', kind: 'CAB', employees: ['b9'] }));
    expect(next.current?.activeEmployeeUid).toBe('b9');
  });

  it('keeps the current workspace when another one is replaced, and re-sorts', () => {
    const s = load([a, b]);
    const renamed = workspace('A', { account: 'Zulu' });
    const next = replaceWorkspace(s, renamed);
    expect(uids(next)).toEqual(['B', 'A']);
    expect(next.current).toBe(s.current);
  });

  it('ignores a workspace that is not listed', () => {
    const s = load([a]);
    expect(replaceWorkspace(s, d)).toBe(s);
  });
});

describe('storedChoiceOf', () => {
  it('is the current workspace and its active employee', () => {
    expect(storedChoiceOf(setActiveEmployee(load([a, b]), 'b2'))).toEqual({
      workspaceUid: 'B',
      workspaceEmployeeUid: 'b2',
    });
  });

  it('is nothing without a current workspace', () => {
    expect(storedChoiceOf(empty)).toBeNull();
  });
});
