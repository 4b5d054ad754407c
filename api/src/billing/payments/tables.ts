import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money, paymentMethods, sqlList, users, workspaces } from '../../db/schema.js';

/** Stripe's PaymentIntent statuses, upper-cased as the contract has them. */
export const PAYMENT_STATUSES = [
  'REQUIRES_PAYMENT_METHOD',
  'REQUIRES_ACTION',
  'PROCESSING',
  'SUCCEEDED',
  'CANCELED',
] as const;
export type PaymentStatusValue = (typeof PAYMENT_STATUSES)[number];
export const UNFINISHED: readonly PaymentStatusValue[] = [
  'REQUIRES_PAYMENT_METHOD',
  'REQUIRES_ACTION',
  'PROCESSING',
];

export const PAYMENT_PURPOSES = ['INVOICES', 'ALL_DUE', 'TOP_UP'] as const;
export const PAYMENT_PROVIDERS = ['SANDBOX', 'STRIPE', 'PAYPAL'] as const;

/**
 * A payment a customer started (Make a Payment): the provider's PaymentIntent and what it pays.
 * Its status follows the provider's webhook events only (README, "Payments"); the money is in the
 * ledger's `payments` once `payment_intent.succeeded` arrived. At most one unfinished per workspace
 * (a partial unique index): that one is `FundBalance.pendingPayment`.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The client's key: the same key of the same workspace answers this attempt. */
    idempotencyKey: text('idempotency_key').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** `pi_…` */
    intentId: text('intent_id').notNull().unique(),
    clientSecret: text('client_secret').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    invoiceIds: uuid('invoice_ids').array().notNull().default(sql`'{}'::uuid[]`),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    statementDescriptor: text('statement_descriptor').notNull(),
    fullDescription: text('full_description').notNull(),
    methodType: text('method_type', { enum: ['CARD', 'PAYPAL'] }).notNull(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    saveCard: boolean('save_card').notNull().default(false),
    returnUrl: text('return_url').notNull(),
    /** `{type, url}` of the contract's `PaymentNextAction`. */
    nextAction: jsonb('next_action').$type<{ type: string; url: string | null } | null>(),
    lastError: jsonb('last_error').$type<{
      code: string;
      declineCode: string | null;
      message: string;
    } | null>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The payer's name as the invoice shows it ("by whom"). */
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    unique('payment_attempts_key').on(table.workspaceId, table.idempotencyKey),
    index('payment_attempts_workspace').on(table.workspaceId, table.createdAt),
    check('payment_attempts_status', sql`${table.status} in (${sqlList(PAYMENT_STATUSES)})`),
    check('payment_attempts_amount_positive', sql`${table.amount} > 0`),
    uniqueIndex('payment_attempts_one_unfinished')
      .on(table.workspaceId)
      .where(sql`${table.status} in ('REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION', 'PROCESSING')`),
  ],
);

/** The workspace's default payment method (one row per workspace; none: the oldest listed). */
export const paymentMethodDefaults = pgTable('payment_method_defaults', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  paymentMethodId: uuid('payment_method_id')
    .notNull()
    .references(() => paymentMethods.id, { onDelete: 'cascade' }),
});

/** The provider's customer of a workspace (Stripe `cus_…`). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
  },
  (table) => [unique('payment_customers_workspace').on(table.workspaceId, table.provider)],
);

// --- The embedded sandbox's own storage: what Stripe (and PayPal) keep on their side. -------------

/** A sandbox PaymentIntent or SetupIntent (`intents.ts`), its whole state as JSON (amount as a string). */
export const sandboxIntents = pgTable('sandbox_intents', {
  id: text('id').primaryKey(),
  object: text('object', { enum: ['payment_intent', 'setup_intent'] }).notNull(),
  customer: text('customer').notNull(),
  /** `card` or `paypal`. */
  methodKind: text('method_kind', { enum: ['card', 'paypal'] }).notNull(),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  /** Where 3-D Secure or PayPal returns (checked when given). */
  returnUrl: text('return_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A sandbox payment method (`pm_…`): a card's brand, last 4 and expiry, or a PayPal payer. */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customer: text('customer'),
  type: text('type', { enum: ['card', 'paypal'] }).notNull(),
  card: jsonb('card').$type<{ brand: string; last4: string; expMonth: number; expYear: number } | null>(),
  /** Only a Stripe test number (its outcome repeats on every payment); null for any other number. */
  testNumber: text('test_number'),
  paypal: jsonb('paypal').$type<{ payerId: string; email: string; country: string } | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The sandbox's webhook outbox: every event is written with the intent's transition (one
 * transaction), then signed and delivered to the webhook handler; undelivered ones are delivered again
 * at start and after a failure, so a kill -9 loses none.
 */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    intentId: text('intent_id').notNull(),
    /** The exact JSON body delivered (and signed). */
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [index('sandbox_events_undelivered').on(table.deliveredAt, table.createdAt)],
);

/** A sandbox PayPal connection waiting on the approval page. */
export const sandboxPaypalConnections = pgTable('sandbox_paypal_connections', {
  token: text('token').primaryKey(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  payerEmail: text('payer_email').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'canceled'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

/**
 * A refund PayPal reported (`PAYMENT.CAPTURE.REFUNDED`), by its refund id: the ledger's `refund`
 * entry is written by the transaction that inserted this row, so a delivery repeated applies once.
 */
export const paypalRefunds = pgTable('paypal_refunds', {
  refundId: text('refund_id').primaryKey(),
  paymentAttemptId: uuid('payment_attempt_id')
    .notNull()
    .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A refund Stripe reported (`refund.created` / `refund.updated` with status `succeeded`), by its
 * refund id (`re_…`): like `paypal_refunds`, the ledger's `refund` entry is written by the
 * transaction that inserted this row, so a delivery repeated (or created then updated) applies once.
 */
export const stripeRefunds = pgTable('stripe_refunds', {
  refundId: text('refund_id').primaryKey(),
  paymentAttemptId: uuid('payment_attempt_id')
    .notNull()
    .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
