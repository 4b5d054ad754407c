import type { CardDetails, IntentError, IntentStatus, WebhookEventType } from './intents.js';

/**
 * The payments driver (ARCHITECTURE.md, "Drivers"): Stripe when `STRIPE_SECRET_KEY`,
 * `STRIPE_PUBLISHABLE_KEY` and `STRIPE_WEBHOOK_SECRET` are set, else the embedded sandbox that
 * follows the same protocol (`intents.ts`, `cards.ts`, `webhook-signature.ts`). The browser confirms
 * intents with their client secret (Stripe's Payment Element, or the sandbox's card form); money is
 * settled only by a verified webhook event, which the billing service applies to the ledger once per
 * PaymentIntent id (`applyPayment`'s idempotency key).
 *
 * Interface only in this slice: the implementations and the webhook route come next (README, "Billing").
 */
export interface IntentView {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  paymentMethod: string | null;
  card: CardDetails | null;
  lastError: IntentError | null;
}

export interface PaymentIntentView extends IntentView {
  /** Minor units. */
  amount: bigint;
  currency: string;
  statementDescriptor: string;
  metadata: Record<string, string>;
}

export interface CreatePaymentIntent {
  /** Minor units, above zero. */
  amount: bigint;
  /** ISO 4217, any case. */
  currency: string;
  /** The provider's customer of the workspace. */
  customer: string;
  /** A saved method to charge (`pm_…`), or none: the browser gives one. */
  paymentMethod?: string;
  description: string;
  /** At most 22 characters (card networks' limit). */
  statementDescriptor: string;
  /** `contractUid`, `invoiceUids` (comma-separated), `kind` (`invoices`, `all_due`, `top_up`). */
  metadata: Record<string, string>;
  /** The same key answers the same intent (Stripe's `Idempotency-Key`): a retried request creates one. */
  idempotencyKey: string;
}

export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  created: number;
  object: PaymentIntentView | IntentView;
}

export interface PaymentsDriver {
  readonly kind: 'stripe' | 'sandbox';
  /** What the browser needs to load the card form (Stripe's publishable key, or the sandbox's). */
  readonly publishableKey: string;
  /** The provider's customer for a workspace, created on first use. */
  ensureCustomer(workspace: { contractUid: string; name: string; email: string }): Promise<string>;
  createPaymentIntent(input: CreatePaymentIntent): Promise<PaymentIntentView>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentView>;
  cancelPaymentIntent(id: string): Promise<PaymentIntentView>;
  /** For saving a card without a payment (the browser confirms it; the card never reaches us). */
  createSetupIntent(input: { customer: string; idempotencyKey: string }): Promise<IntentView>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /**
   * A webhook delivery, verified by signature against the raw body; throws `WebhookSignatureError`
   * (the route answers 400, logs, applies nothing) when it is not one of ours.
   */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): WebhookEvent;
}

export class WebhookSignatureError extends Error {
  constructor(readonly problem: string) {
    super(`webhook signature: ${problem}`);
  }
}
