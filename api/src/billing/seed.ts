import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { balances, invoices } from '../db/schema.js';
import { fromCents, toCents, vatOf } from './money.js';
import { invoiceLines, ledgerEntries, type NewLedgerEntry, payments } from './tables.js';

/**
 * The demo's billing (part of `seedDemo`, inside its transaction): terms, invoices with lines,
 * payments and the ledger entries that make every balance, built as rows and written with one
 * multi-row insert per table (chunked), so a workspace with 1,000 invoices seeds in well under a
 * second. Ids are fixed (`seedId`), so every run restores the same rows.
 */

export interface BillingSeedWorkspace {
  id: string;
  currency: 'EUR' | 'USD';
}

export interface SeedInvoice {
  n: number;
  workspace: BillingSeedWorkspace;
  number: string;
  dateInvoiced: string;
  /** Default: 14 days after `dateInvoiced`. */
  dateDue?: string;
  /** The gross total (net + VAT at `vatRate`). */
  gross: string;
  vatRate: string;
  description: string;
  legacy?: boolean;
  /** Settled by a payment: who, when, how; `amount` for a part payment (default: the whole). */
  paid?: { by: string; on: Date; method: string; amount?: string };
}

export interface BillingSeed {
  terms: { workspace: BillingSeedWorkspace; creditLimit?: string; vatRate: string }[];
  invoices: SeedInvoice[];
  /** Money on account (a top-up paid earlier). */
  cash: {
    n: number;
    workspace: BillingSeedWorkspace;
    amount: string;
    by: string;
    on: Date;
    method: string;
  }[];
  bonus: { workspace: BillingSeedWorkspace; amount: string; description: string }[];
  /** Charges since the last invoice, per service. */
  charges: { workspace: BillingSeedWorkspace; source: string; description: string; amount: string }[];
}

const DAY_MS = 24 * 3600 * 1000;
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The net that gives exactly this gross at this VAT rate (the seed states grosses, as customers read them). */
export function netFromGross(grossCents: bigint, ratePercent: string): bigint {
  const rate = toCents(ratePercent)!; // hundredths of a percent
  let net = (grossCents * 10_000n + (10_000n + rate) / 2n) / (10_000n + rate);
  for (let step = 0; step < 4 && net + vatOf(net, ratePercent) !== grossCents; step++) {
    net += net + vatOf(net, ratePercent) < grossCents ? 1n : -1n;
  }
  if (net + vatOf(net, ratePercent) !== grossCents)
    throw new Error(`no net gives ${grossCents} at ${ratePercent}%`);
  return net;
}

/** Fixed ids, as `seedDemo`'s: `table` numbers 12-15 are billing's. */
const id = (table: number, n: number) =>
  `5eed0000-0000-4000-8000-${table.toString(16).padStart(4, '0')}${n.toString(16).padStart(8, '0')}`;

export function buildBillingRows(seed: BillingSeed) {
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const lineRows: (typeof invoiceLines.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  const entries: NewLedgerEntry[] = [];

  for (const inv of seed.invoices) {
    const gross = toCents(inv.gross)!;
    const net = netFromGross(gross, inv.vatRate);
    const invoiceId = id(7, inv.n);
    const dateDue = inv.dateDue ?? addDays(inv.dateInvoiced, 14);
    const issuedAt = new Date(`${inv.dateInvoiced}T00:00:00Z`);
    const { currency } = inv.workspace;
    invoiceRows.push({
      id: invoiceId,
      workspaceId: inv.workspace.id,
      number: inv.number,
      dateInvoiced: inv.dateInvoiced,
      dateDue,
      currency,
      netAmount: fromCents(net),
      vatRate: inv.vatRate,
      vatAmount: fromCents(gross - net),
      amount: inv.gross,
      legacy: inv.legacy ?? false,
    });
    lineRows.push({
      id: id(12, inv.n),
      invoiceId,
      position: 1,
      description: inv.description,
      quantity: '1',
      unitPrice: fromCents(net),
      amount: fromCents(net),
    });
    const base = { workspaceId: inv.workspace.id, currency };
    entries.push({
      ...base,
      account: 'receivable',
      kind: 'invoice',
      amount: inv.gross,
      invoiceId,
      description: `Invoice ${inv.number}`,
      createdAt: issuedAt,
    });
    if (inv.paid) {
      const paidAmount = inv.paid.amount ?? inv.gross;
      const paymentId = id(13, inv.n);
      paymentRows.push({
        id: paymentId,
        workspaceId: inv.workspace.id,
        idempotencyKey: `seed:${inv.number}`,
        amount: paidAmount,
        currency,
        method: inv.paid.method,
        createdBy: inv.paid.by,
        createdAt: inv.paid.on,
      });
      const at = { paymentId, createdAt: inv.paid.on };
      entries.push(
        {
          ...base,
          ...at,
          account: 'cash',
          kind: 'payment',
          amount: paidAmount,
          description: `Payment (${inv.paid.method})`,
        },
        { ...base, ...at, account: 'cash', kind: 'allocation', amount: `-${paidAmount}` },
        { ...base, ...at, account: 'receivable', kind: 'allocation', amount: `-${paidAmount}`, invoiceId },
      );
    }
  }
  for (const top of seed.cash) {
    const paymentId = id(14, top.n);
    paymentRows.push({
      id: paymentId,
      workspaceId: top.workspace.id,
      idempotencyKey: `seed:top-up:${top.n}`,
      amount: top.amount,
      currency: top.workspace.currency,
      method: top.method,
      createdBy: top.by,
      createdAt: top.on,
    });
    entries.push({
      workspaceId: top.workspace.id,
      currency: top.workspace.currency,
      account: 'cash',
      kind: 'payment',
      amount: top.amount,
      paymentId,
      description: `Payment (${top.method})`,
      createdAt: top.on,
    });
  }
  for (const b of seed.bonus) {
    entries.push({
      workspaceId: b.workspace.id,
      currency: b.workspace.currency,
      account: 'bonus',
      kind: 'bonus',
      amount: b.amount,
      description: b.description,
    });
  }
  for (const c of seed.charges) {
    entries.push({
      workspaceId: c.workspace.id,
      currency: c.workspace.currency,
      account: 'unbilled',
      kind: 'charge',
      amount: c.amount,
      source: c.source,
      description: c.description,
    });
  }
  const termRows = seed.terms.map((t) => ({
    workspaceId: t.workspace.id,
    currency: t.workspace.currency,
    vatRate: t.vatRate,
    creditLimit: t.creditLimit ?? '0.00',
  }));
  return { termRows, invoiceRows, lineRows, paymentRows, entries };
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Replaces the billing rows of these workspaces with the seed's. Call it in `seedDemo`'s
 * transaction, after the workspaces exist and before anything that references invoices.
 */
export async function seedBilling(db: Db, workspaceIds: string[], seed: BillingSeed): Promise<void> {
  // ledger entries and invoice lines go with their invoices and payments (cascade)
  await db.delete(ledgerEntries).where(inArray(ledgerEntries.workspaceId, workspaceIds));
  await db.delete(payments).where(inArray(payments.workspaceId, workspaceIds));
  await db.delete(invoices).where(inArray(invoices.workspaceId, workspaceIds));
  await db.delete(balances).where(inArray(balances.workspaceId, workspaceIds));
  const rows = buildBillingRows(seed);
  await db.insert(balances).values(rows.termRows);
  await insertChunked(rows.invoiceRows, (chunk) => db.insert(invoices).values(chunk));
  await insertChunked(rows.lineRows, (chunk) => db.insert(invoiceLines).values(chunk));
  await insertChunked(rows.paymentRows, (chunk) => db.insert(payments).values(chunk));
  await insertChunked(rows.entries, (chunk) => db.insert(ledgerEntries).values(chunk));
}

/** 1,000 invoices, one a day back from `lastDate`, all paid but the newest `unpaid` ones. */
export function manyInvoices(
  workspace: BillingSeedWorkspace,
  options: {
    count: number;
    lastDate: string;
    firstN: number;
    prefix: string;
    payer: string;
    vatRate: string;
  },
): SeedInvoice[] {
  return Array.from({ length: options.count }, (_, i) => {
    const dateInvoiced = addDays(options.lastDate, -(options.count - 1 - i));
    const net = 1_000n + BigInt((i * 379) % 9_000);
    const gross = fromCents(net + vatOf(net, options.vatRate));
    return {
      n: options.firstN + i,
      workspace,
      number: `${options.prefix}-${String(i + 1).padStart(6, '0')}`,
      dateInvoiced,
      gross,
      vatRate: options.vatRate,
      description: `Cloud services ${dateInvoiced}`,
      paid: {
        by: options.payer,
        on: new Date(Date.parse(`${addDays(dateInvoiced, 2)}T09:00:00Z`)),
        method: 'Card ending 4242',
      },
    };
  });
}
