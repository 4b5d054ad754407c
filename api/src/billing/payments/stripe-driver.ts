import Stripe from 'stripe';
import type { Db } from '../../db/client.js';
import type { PaymentsConfig } from './config.js';
import {
  type CreatePaymentIntent,
  fromStripeJson,
  type IntentView,
  type PaymentIntentView,
  type PaymentMethodView,
  type PaymentsDriver,
  type WebhookEvent,
  WebhookSignatureError,
} from './driver.js';
import { SandboxDriver } from './sandbox.js';

/**
 * The Stripe driver: the official `stripe` SDK on the server (PaymentIntents with idempotency keys,
 * SetupIntents for saved cards, webhooks verified by `webhooks.constructEvent`). The browser loads
 * `@stripe/stripe-js` from Stripe's host with `runtime-config.json`'s `stripePublishableKey` and
 * confirms with the client secret; 3-D Secure is Stripe's (`next_action: use_stripe_sdk`).
 */
export class StripeDriver implements PaymentsDriver {
  readonly kind = 'STRIPE' as const;
  readonly stripe: Stripe;

  constructor(
    private readonly keys: { secretKey: string; webhookSecret: string },
    stripe?: Stripe,
  ) {
    this.stripe =
      stripe ?? new Stripe(keys.secretKey, { maxNetworkRetries: 2, appInfo: { name: 'portal-api' } });
  }

  async createCustomer(workspace: { contractUid: string; name: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { name: workspace.name, metadata: { contractUid: workspace.contractUid } },
      { idempotencyKey: `customer:${workspace.contractUid}` },
    );
    return customer.id;
  }

  async createPaymentIntent(input: CreatePaymentIntent): Promise<PaymentIntentView> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: Number(input.amount),
        currency: input.currency.toLowerCase(),
        customer: input.customer,
        allowed_payment_method_types: [input.method],
        ...(input.paymentMethod ? { payment_method: input.paymentMethod } : {}),
        ...(input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        description: input.description,
        // card payments take a suffix to the account's descriptor (Stripe refuses a full one)
        statement_descriptor_suffix: input.statementDescriptor.slice(0, 22),
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return this.view(intent) as PaymentIntentView;
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentView> {
    return this.view(await this.stripe.paymentIntents.retrieve(id)) as PaymentIntentView;
  }

  async cancelPaymentIntent(
    id: string,
    reason: 'requested_by_customer' | 'abandoned',
  ): Promise<PaymentIntentView> {
    return this.view(
      await this.stripe.paymentIntents.cancel(id, { cancellation_reason: reason }),
    ) as PaymentIntentView;
  }

  async createSetupIntent(input: {
    customer: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<IntentView> {
    const intent = await this.stripe.setupIntents.create(
      {
        customer: input.customer,
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return this.view(intent);
  }

  async retrieveSetupIntent(id: string): Promise<IntentView> {
    return this.view(await this.stripe.setupIntents.retrieve(id));
  }

  async retrievePaymentMethod(id: string): Promise<PaymentMethodView> {
    return paymentMethodView(await this.stripe.paymentMethods.retrieve(id));
  }

  async detachPaymentMethod(id: string): Promise<void> {
    await this.stripe.paymentMethods.detach(id);
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): WebhookEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', this.keys.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid');
    }
    return {
      id: event.id,
      type: event.type,
      created: event.created,
      object: fromStripeJson(event.data.object),
      data: event.data.object,
    };
  }

  private view(intent: Stripe.PaymentIntent | Stripe.SetupIntent): PaymentIntentView | IntentView {
    return fromStripeJson(intent)!;
  }
}

export function paymentMethodView(pm: Stripe.PaymentMethod): PaymentMethodView {
  return {
    id: pm.id,
    type: pm.type === 'paypal' ? 'paypal' : 'card',
    card: pm.card
      ? { brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year }
      : null,
    paypal: pm.paypal
      ? {
          payerId: pm.paypal.payer_id ?? '',
          email: pm.paypal.payer_email ?? '',
          country: pm.paypal.country ?? '',
        }
      : null,
  };
}

/** Stripe when its three keys are configured, else the embedded sandbox. */
export function createPaymentsDriver(
  config: PaymentsConfig,
  deps: { db: Db; now: () => number },
): StripeDriver | SandboxDriver {
  if (config.stripe) return new StripeDriver(config.stripe);
  return new SandboxDriver({ db: deps.db, now: deps.now, webhookSecret: config.sandboxWebhookSecret });
}
