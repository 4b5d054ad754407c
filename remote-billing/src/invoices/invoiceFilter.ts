import type { InvoiceFilter, InvoiceStatus } from '../gql/graphql';

export const INVOICE_STATUSES: readonly InvoiceStatus[] = ['PAID', 'OPEN', 'OVERDUE'];

/** The filter as the form holds it: statuses and the days of the period (`YYYY-MM-DD` or ''). */
export interface InvoiceFilterValues {
  status: InvoiceStatus[];
  from: string;
  to: string;
}

export const NO_FILTER: InvoiceFilterValues = { status: [], from: '', to: '' };

/** What is wrong with the filter, by field (the i18n key of the message); empty when it is good. */
export type FilterProblems = Partial<Record<'from' | 'to', 'invoices.badDate' | 'invoices.fromAfterTo'>>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCDate() === Number(match[3]);
}

/** The problems of the period: a day that is not one, or From after To (named on To). */
export function filterProblems(values: InvoiceFilterValues): FilterProblems {
  const problems: FilterProblems = {};
  if (values.from && !isDay(values.from)) problems.from = 'invoices.badDate';
  if (values.to && !isDay(values.to)) problems.to = 'invoices.badDate';
  if (!problems.from && !problems.to && values.from && values.to && values.from > values.to)
    problems.to = 'invoices.fromAfterTo';
  return problems;
}

/** The api's `InvoiceFilter` of good values; null when nothing is filtered. */
export function toInvoiceFilter(values: InvoiceFilterValues): InvoiceFilter | null {
  const filter: InvoiceFilter = {};
  if (values.status.length > 0 && values.status.length < INVOICE_STATUSES.length)
    filter.status = INVOICE_STATUSES.filter((s) => values.status.includes(s));
  if (values.from) filter.from = values.from;
  if (values.to) filter.to = values.to;
  return Object.keys(filter).length > 0 ? filter : null;
}

export const isFiltered = (values: InvoiceFilterValues) =>
  values.status.length > 0 || values.from !== '' || values.to !== '';
