import type { IntentStatus } from './intents.js';

/**
 * The payments driver (ARCHITECTURE.md, "Drivers"): Stripe when `STRIPE_SECRET_KEY`,
 * `STRIPE_PUBLISHABLE_KEY` and `STRIPE_WEBHOOK_SECRET` are set (`stripe-driver.ts`), else the
 * embedded sandbox that follows the same protocol (`sandbox.ts`). The browser confirms intents with
 * their client secret (Stripe's Payment Element, or the sandbox's REST endpoints); money is settled
 * only by a verified webhook event (`service.ts`), applied to the ledger once per PaymentIntent id.
 *
 * Both drivers read intents in Stripe's JSON shape (`fromStripeJson`), so one mapping serves the
 * webhook events of both.
 */
export interface IntentErrorView {
  code: string;
  declineCode: string | null;
  message: string;
  /** The card field it is about (`number`, `exp_month`, `cvc`), when it is one. */
  param: string | null;
}

export interface NextActionView {
  /** `redirect_to_url` (the sandbox's 3-D Secure or PayPal page, Stripe's redirects) or `use_stripe_sdk`. */
  type: 'redirect_to_url' | 'use_stripe_sdk' | 'paypal_approval';
  url: string | null;
}

export interface IntentView {
  object: 'payment_intent' | 'setup_intent';
  id: string;
  clientSecret: string;
  status: IntentStatus;
  paymentMethod: string | null;
  nextAction: NextActionView | null;
  lastError: IntentErrorView | null;
  metadata: Record<string, string>;
}

export interface PaymentIntentView extends IntentView {
  object: 'payment_intent';
  /** Minor units. */
  amount: bigint;
  /** Upper case, as the ledger has it. */
  currency: string;
  statementDescriptor: string;
}

export interface PaymentMethodView {
  id: string;
  type: 'card' | 'paypal';
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  paypal: { payerId: string; email: string; country: string } | null;
}

export interface CreatePaymentIntent {
  /** Minor units, above zero. */
  amount: bigint;
  /** ISO 4217, any case. */
  currency: string;
  /** The provider's customer of the workspace. */
  customer: string;
  /** `card` (a new or saved card) or `paypal`. */
  method: 'card' | 'paypal';
  /** A saved method to charge (`pm_…`), or none: the browser gives one. */
  paymentMethod?: string;
  /** Keep the new card for later payments (Stripe's `setup_future_usage`). */
  saveCard?: boolean;
  description: string;
  /** At most 22 characters (card networks' limit). */
  statementDescriptor: string;
  /** `contractUid`, `paymentUid`. */
  metadata: Record<string, string>;
  /** The same key answers the same intent (Stripe's `Idempotency-Key`): a retried request creates one. */
  idempotencyKey: string;
  /** Where a redirect (3-D Secure, PayPal) returns; already checked. */
  returnUrl: string;
}

export interface WebhookEvent {
  id: string;
  type: string;
  created: number;
  object: PaymentIntentView | IntentView | null;
  /** The event's `data.object` as delivered (a refund's JSON for `refund.*`). */
  data?: unknown;
}

export interface PaymentsDriver {
  readonly kind: 'STRIPE' | 'SANDBOX';
  /** The provider's customer for a workspace, created on first use (the caller stores it). */
  createCustomer(workspace: { contractUid: string; name: string }): Promise<string>;
  createPaymentIntent(input: CreatePaymentIntent): Promise<PaymentIntentView>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentView>;
  cancelPaymentIntent(id: string, reason: 'requested_by_customer' | 'abandoned'): Promise<PaymentIntentView>;
  /** For saving a card without a payment (the browser confirms it; the card never reaches us). */
  createSetupIntent(input: {
    customer: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<IntentView>;
  retrieveSetupIntent(id: string): Promise<IntentView>;
  retrievePaymentMethod(id: string): Promise<PaymentMethodView>;
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

// biome-ignore lint/suspicious/noExplicitAny: Stripe's JSON, read field by field.
type Json = any;

const STATUSES: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
];

/** Stripe's JSON of a PaymentIntent or SetupIntent (from the API, a webhook, the sandbox) as a view. */
export function fromStripeJson(json: Json): PaymentIntentView | IntentView | null {
  if (!json || (json.object !== 'payment_intent' && json.object !== 'setup_intent')) return null;
  // Stripe's other statuses (requires_confirmation, requires_capture) are not used by the portal's
  // flows; they read as waiting for the customer.
  const status: IntentStatus = STATUSES.includes(json.status) ? json.status : 'requires_payment_method';
  const error = json.last_payment_error ?? json.last_setup_error ?? null;
  const next = json.next_action ?? null;
  const base: IntentView = {
    object: json.object,
    id: String(json.id),
    clientSecret: String(json.client_secret ?? ''),
    status,
    paymentMethod:
      typeof json.payment_method === 'string' ? json.payment_method : (json.payment_method?.id ?? null),
    nextAction: next
      ? next.type === 'redirect_to_url'
        ? { type: 'redirect_to_url', url: next.redirect_to_url?.url ?? null }
        : next.type === 'paypal_approval'
          ? { type: 'paypal_approval', url: next.paypal_approval?.url ?? null }
          : { type: 'use_stripe_sdk', url: null }
      : null,
    lastError: error
      ? {
          code: String(error.code ?? error.type ?? 'payment_failed'),
          declineCode: error.decline_code ?? null,
          message: String(error.message ?? 'The payment failed.'),
          param: error.param ?? null,
        }
      : null,
    metadata: { ...(json.metadata ?? {}) },
  };
  if (json.object === 'setup_intent') return base;
  return {
    ...base,
    object: 'payment_intent',
    amount: BigInt(json.amount),
    currency: String(json.currency).toUpperCase(),
    statementDescriptor: String(json.statement_descriptor ?? ''),
  };
}
