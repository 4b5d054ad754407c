import { asc, eq } from 'drizzle-orm';
import { legacyServices } from '../db/schema.js';
import type { GraphQLContext } from '../graphql/context.js';
import { userError } from '../graphql/errors.js';
import type { InvoiceStatus, QueryResolvers } from '../graphql/generated/resolvers.js';
import { requireBillingWorkspace } from './access.js';
import { utcDate } from './ledger.js';
import { fromCents, toCents } from './money.js';
import { invoicePage, legacyInvoices, unbilledByService } from './repository.js';

/** Bad input, naming the argument it is about (`extensions.field`); nothing is read or changed. */
const invalidInput = (message: string, field: string) => userError(message, 'INVALID_INPUT', field);

export const BILLING_MESSAGES = {
  first: 'first must be a whole number from 1 to 100.',
  after: 'after must be the endCursor of a previous page.',
  period: 'The period must end on or after the day it starts (from ≤ to).',
} as const;

export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 25;

/** Keyset cursor: the last invoice's date and number, opaque to the client. */
export const encodeCursor = (date: string, number: string) =>
  Buffer.from(JSON.stringify([date, number])).toString('base64url');

function decodeCursor(cursor: string): { date: string; number: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length <= 100
    ) {
      return { date: value[0], number: value[1] };
    }
  } catch {
    // answered below
  }
  throw invalidInput(BILLING_MESSAGES.after, 'after');
}

/** The first of the month after `today` (UTC): when the next invoice is issued. */
export function nextInvoiceDate(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

const today = (ctx: GraphQLContext) => utcDate(ctx.now());

export const billingQueries = {
  invoices: async (_parent, { contractUid, filter, first, after }, ctx) => {
    const size = first ?? DEFAULT_PAGE;
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE)
      throw invalidInput(BILLING_MESSAGES.first, 'first');
    const cursor = after ? decodeCursor(after) : null;
    const from = filter?.from ?? null;
    const to = filter?.to ?? null;
    if (from && to && from > to) throw invalidInput(BILLING_MESSAGES.period, 'filter.from');
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'view');
    const page = await invoicePage(
      ctx.db,
      workspace.id,
      { statuses: (filter?.status ?? []) as InvoiceStatus[], from, to, first: size, after: cursor },
      today(ctx),
    );
    const last = page.items.at(-1);
    return { ...page, endCursor: last ? encodeCursor(last.dateInvoiced, last.number) : null };
  },

  upcomingCharges: async (_parent, { contractUid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'view');
    const services = await unbilledByService(ctx.db, workspace.id);
    const total = services.reduce((sum, s) => sum + toCents(s.amount)!, 0n);
    return {
      contractUid,
      currency: workspace.currency,
      nextInvoiceDate: nextInvoiceDate(today(ctx)),
      services,
      total: fromCents(total),
    };
  },

  legacyContract: async (_parent, { contractUid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'view');
    if (workspace.kind !== 'STD') return null;
    const [services, invoices] = await Promise.all([
      ctx.db
        .select()
        .from(legacyServices)
        .where(eq(legacyServices.workspaceId, workspace.id))
        .orderBy(asc(legacyServices.position), asc(legacyServices.title)),
      legacyInvoices(ctx.db, workspace.id, today(ctx)),
    ]);
    return {
      contractUid,
      number: workspace.number,
      currency: workspace.currency,
      services: services.map((s) => ({
        uid: s.id,
        title: s.title,
        description: s.description,
        monthly: s.monthly,
        monthlyCurrency: s.monthlyCurrency,
      })),
      monthlyTotal: fromCents(services.reduce((sum, s) => sum + toCents(s.monthly)!, 0n)),
      invoices,
    };
  },
} satisfies QueryResolvers;
