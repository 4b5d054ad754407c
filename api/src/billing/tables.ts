import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { invoices, money, sqlList, workspaces } from '../db/schema.js';

/**
 * The ledger's accounts, per workspace (README, "Billing"):
 * - `cash`: money the customer has on account (payments in, allocations to invoices and refunds out);
 * - `receivable`: what issued invoices still ask for, per invoice (`invoice_id` set);
 * - `unbilled`: charges since the last invoice;
 * - `bonus`: bonus credit granted and not yet applied.
 */
export const LEDGER_ACCOUNTS = ['cash', 'receivable', 'unbilled', 'bonus'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** Why an entry was written: each business event writes one or more entries in one transaction. */
export const LEDGER_KINDS = [
  'charge',
  'invoice',
  'payment',
  'allocation',
  'bonus',
  'bonus_applied',
  'refund',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * A settled payment received for a workspace (card, PayPal, bank transfer). `idempotency_key` is the
 * payment's identity at its provider (a PaymentIntent id, a webhook's object id): unique, so however
 * often its event arrives the payment and its ledger entries are written once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** How it was paid, as the customer reads it: "Card ending 4242", "PayPal", "Bank transfer". */
    method: text('method').notNull(),
    /** Who paid: the user's name, or the channel for payments without one. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_workspace_id').on(table.workspaceId),
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * The ledger: append-only, signed amounts per account (see `LEDGER_ACCOUNTS`). Balances are sums of
 * entries, never stored. Entries of one event share `kind` and are written in one transaction.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    /**
     * What a charge is for: `compute:<instance uid>`, `service:<uid>`, `legacy:<legacy service uid>`,
     * `other`. Every `unbilled` entry has one: an invoice line takes its source's charges out.
     */
    source: text('source'),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_workspace_account').on(table.workspaceId, table.account),
    index('ledger_entries_invoice_id').on(table.invoiceId),
    check('ledger_entries_account', sql`${table.account} in (${sqlList(LEDGER_ACCOUNTS)})`),
    check('ledger_entries_kind', sql`${table.kind} in (${sqlList(LEDGER_KINDS)})`),
    check('ledger_entries_not_zero', sql`${table.amount} <> 0`),
    check(
      'ledger_entries_receivable_has_invoice',
      sql`(${table.account} = 'receivable') = (${table.invoiceId} is not null)`,
    ),
  ],
);

/** The lines of an invoice, as issued. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull().default('1'),
    unitPrice: money('unit_price').notNull(),
    /** Net: quantity × unit price, rounded to the cent. */
    amount: money('amount').notNull(),
  },
  (table) => [unique('invoice_lines_position').on(table.invoiceId, table.position)],
);

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
