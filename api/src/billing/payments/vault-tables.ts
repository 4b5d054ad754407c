import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paymentMethods, workspaces } from '../../db/schema.js';

/**
 * PayPal Vault v3 (README, "PayPal vault"): what the portal keeps of a PayPal account saved as a
 * payment method. PayPal keeps the account; we keep its payment token and PayPal's customer id here,
 * server side only (the contract's `PaymentMethod` shows the payer's e-mail and country, never these).
 */

/** A setup token we asked PayPal for ("Connect PayPal"), by workspace: only its workspace completes it. */
export const paypalVaultSetups = pgTable(
  'paypal_vault_setups',
  {
    setupTokenId: text('setup_token_id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The method it became, once the payment token was created (completing again answers it). */
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('paypal_vault_setups_workspace').on(table.workspaceId)],
);

/** A PayPal payment token (`usage_type` MERCHANT) behind a `payment_methods` row of type PAYPAL. */
export const paypalPaymentTokens = pgTable(
  'paypal_payment_tokens',
  {
    paymentMethodId: uuid('payment_method_id')
      .primaryKey()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** PayPal's payment token id (the `vault_id` of an order). */
    paymentTokenId: text('payment_token_id').notNull().unique(),
    /** PayPal's customer the token belongs to. */
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Deleted at PayPal (by us on removal, or PayPal's `VAULT.PAYMENT-TOKEN.DELETED`). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('paypal_payment_tokens_workspace').on(table.workspaceId)],
);
