import type { InstanceFieldsFragment } from '../gql/graphql';

export type InstanceRow = InstanceFieldsFragment;
export type SortColumn = 'name' | 'system' | 'location' | 'charges' | 'status';
export interface Sort {
  column: SortColumn;
  direction: 'ascending' | 'descending';
}

/** Rows per page: a first page of 50 paints at once however many instances the workspace has. */
export const PAGE_SIZE = 50;

// the order a customer scans statuses in: what is coming first, then what runs, then what is off
const STATUS_ORDER = { INSTALLING: 0, ACTIVE: 1, INACTIVE: 2 } as const;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: InstanceRow, b: InstanceRow, column: SortColumn): number {
  switch (column) {
    case 'name':
      return collator.compare(a.name, b.name);
    case 'system':
      return collator.compare(a.system, b.system);
    case 'location':
      return collator.compare(a.location.city, b.location.city);
    case 'charges':
      return Number(a.charges) - Number(b.charges);
    case 'status':
      return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  }
}

/**
 * The rows to show: those whose name contains the filter (case- and accent-insensitive), sorted by
 * the column (ties by name, so the order is stable as events arrive). Pure.
 */
export function visibleInstances(rows: readonly InstanceRow[], filter: string, sort: Sort): InstanceRow[] {
  const needle = normalise(filter.trim());
  const kept = needle ? rows.filter((row) => normalise(row.name).includes(needle)) : [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return kept.sort((a, b) => sign * compare(a, b, sort.column) || collator.compare(a.name, b.name));
}

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The page `page` (0-based, clamped to the last one) of `rows`. */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(current * size, (current + 1) * size), page: current, pages };
}
