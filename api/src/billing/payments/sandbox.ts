import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type CardInput, digitsOf, TEST_CARDS } from './cards.js';
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
import {
  type Intent,
  type IntentAction,
  IntentStateError,
  newPaymentIntent,
  newSetupIntent,
  type PaymentIntent,
  transition,
  type WebhookEventType,
} from './intents.js';
import { sandboxEvents, sandboxIntents, sandboxPaymentMethods } from './tables.js';
import { SIGNATURE_HEADER, signPayload, verifySignature } from './webhook-signature.js';

/**
 * The embedded sandbox: Stripe's protocol played by the api itself (README, "Sandbox REST protocol").
 * Intents, payment methods and the webhook outbox live in the portal's database (`sandbox_*`), as
 * they would at Stripe; the browser confirms through `routes.ts` with the client secret. Every
 * transition writes its events to the outbox in the same transaction, then delivers them signed to
 * the webhook handler (`deliver`), the same function the HTTP route calls; an undelivered event is
 * delivered again by `deliverPending` (at start and after a failure), so nothing is lost.
 */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
  }
  toJson() {
    return {
      error: { type: 'invalid_request_error', code: this.code, message: this.message, param: this.param },
    };
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const TEST_NUMBERS = new Set<string>(Object.values(TEST_CARDS));
/** What a PayPal payment canceled on the approval page says. */
export const PAYPAL_CANCELED = 'You canceled the payment at PayPal. Nothing was charged.';

type Stored = Intent & { idempotencyKey?: string; customer: string; methodKind: 'card' | 'paypal' };

/** JSON can't carry a bigint: the amount is stored as a string. */
const toStored = (intent: Stored) => ({
  ...intent,
  ...(intent.object === 'payment_intent' ? { amount: intent.amount.toString() } : {}),
});
const fromStored = (state: Record<string, unknown>): Stored =>
  (state.object === 'payment_intent'
    ? { ...state, amount: BigInt(state.amount as string) }
    : state) as unknown as Stored;

export interface SandboxOptions {
  db: Db;
  now: () => number;
  /** Signs deliveries; the webhook route verifies with the same secret. */
  webhookSecret: string;
  /** Where the sandbox's pages live: '' for the api's own origin (the portal's). */
  baseUrl?: string;
}

export type Deliver = (rawBody: string, signature: string) => Promise<void>;

export class SandboxDriver implements PaymentsDriver {
  readonly kind = 'SANDBOX' as const;
  private deliverTo: Deliver | null = null;
  /** Tests and the e2e dev tool hold deliveries to see what a kill or a slow provider leaves. */
  holdDeliveries = false;

  constructor(private readonly options: SandboxOptions) {}

  private get db() {
    return this.options.db;
  }

  /** The webhook handler the sandbox delivers to (set by the payments service). */
  connect(deliver: Deliver): void {
    this.deliverTo = deliver;
  }

  // --- the driver ------------------------------------------------------------------------------

  async createCustomer(): Promise<string> {
    return id('cus');
  }

  async createPaymentIntent(input: CreatePaymentIntent): Promise<PaymentIntentView> {
    const existing = await this.findByKey(input.idempotencyKey);
    if (existing) return this.view(existing) as PaymentIntentView;
    const now = this.options.now();
    const intentId = id('pi');
    let intent: Stored = {
      ...newPaymentIntent({
        id: intentId,
        secret: randomBytes(12).toString('hex'),
        amount: input.amount,
        currency: input.currency,
        statementDescriptor: input.statementDescriptor,
        description: input.description,
        metadata: input.metadata,
        now,
      }),
      idempotencyKey: input.idempotencyKey,
      customer: input.customer,
      methodKind: input.method,
    };
    if (input.method === 'paypal') {
      // PayPal asks for approval at once: the approval page is the next action.
      intent = {
        ...intent,
        paymentMethod: id('pm'),
        status: 'requires_action',
        nextAction: { type: 'use_stripe_sdk' },
      };
    } else if (input.paymentMethod) {
      intent = { ...intent, paymentMethod: input.paymentMethod };
    }
    await this.db.insert(sandboxIntents).values({
      id: intent.id,
      object: 'payment_intent',
      customer: input.customer,
      methodKind: input.method,
      state: toStored(intent),
      returnUrl: input.returnUrl,
      createdAt: new Date(now),
    });
    return this.view(intent) as PaymentIntentView;
  }

  async retrievePaymentIntent(intentId: string): Promise<PaymentIntentView> {
    return this.view(await this.load(intentId)) as PaymentIntentView;
  }

  async cancelPaymentIntent(
    intentId: string,
    reason: 'requested_by_customer' | 'abandoned',
  ): Promise<PaymentIntentView> {
    const intent = await this.apply(intentId, { type: 'cancel', reason });
    return this.view(intent) as PaymentIntentView;
  }

  async createSetupIntent(input: {
    customer: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<IntentView> {
    const existing = await this.findByKey(input.idempotencyKey);
    if (existing) return this.view(existing);
    const now = this.options.now();
    const intent: Stored = {
      ...newSetupIntent({
        id: id('seti'),
        secret: randomBytes(12).toString('hex'),
        metadata: input.metadata,
        now,
      }),
      idempotencyKey: input.idempotencyKey,
      customer: input.customer,
      methodKind: 'card',
    };
    await this.db.insert(sandboxIntents).values({
      id: intent.id,
      object: 'setup_intent',
      customer: input.customer,
      methodKind: 'card',
      state: toStored(intent),
      createdAt: new Date(now),
    });
    return this.view(intent);
  }

  async retrieveSetupIntent(intentId: string): Promise<IntentView> {
    return this.view(await this.load(intentId));
  }

  async retrievePaymentMethod(pmId: string): Promise<PaymentMethodView> {
    const [row] = await this.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, pmId));
    if (!row) throw new SandboxError(404, 'resource_missing', `No such PaymentMethod: '${pmId}'`);
    return { id: row.id, type: row.type, card: row.card, paypal: row.paypal };
  }

  async detachPaymentMethod(pmId: string): Promise<void> {
    await this.db
      .update(sandboxPaymentMethods)
      .set({ customer: null })
      .where(eq(sandboxPaymentMethods.id, pmId));
  }

  verifyWebhook(rawBody: string, header: string | undefined): WebhookEvent {
    const problem = verifySignature(
      rawBody,
      header,
      this.options.webhookSecret,
      Math.floor(this.options.now() / 1000),
    );
    if (problem) throw new WebhookSignatureError(problem);
    const json = JSON.parse(rawBody);
    return {
      id: json.id,
      type: json.type,
      created: json.created,
      object: fromStripeJson(json.data?.object),
      data: json.data?.object,
    };
  }

  // --- what the browser calls (routes.ts) --------------------------------------------------------

  /** The intent, if `clientSecret` is its own (the browser's credential). */
  async withSecret(intentId: string, clientSecret: unknown): Promise<Stored> {
    if (typeof clientSecret !== 'string' || clientSecret === '')
      throw new SandboxError(
        400,
        'parameter_missing',
        'Missing required param: client_secret.',
        'client_secret',
      );
    const intent = await this.load(intentId);
    if (intent.clientSecret !== clientSecret)
      throw new SandboxError(
        401,
        'client_secret_invalid',
        'The client_secret provided does not match the client_secret associated with the intent.',
        'client_secret',
      );
    return intent;
  }

  /** Confirms with a new card (its number only decides the outcome; the sandbox keeps brand, last 4, expiry). */
  async confirm(
    intentId: string,
    clientSecret: unknown,
    body: { card?: CardInput; paymentMethod?: string },
  ): Promise<Stored> {
    const intent = await this.withSecret(intentId, clientSecret);
    let action: IntentAction;
    if (body.card) {
      action = { type: 'confirm', card: body.card, paymentMethodId: id('pm') };
    } else {
      const pmId = body.paymentMethod ?? intent.paymentMethod;
      if (!pmId)
        throw new SandboxError(
          400,
          'parameter_missing',
          'Missing required param: payment_method_data or payment_method.',
          'payment_method_data',
        );
      const [pm] = await this.db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, pmId));
      if (!pm?.card || pm.customer !== intent.customer)
        throw new SandboxError(400, 'resource_missing', `No such PaymentMethod: '${pmId}'`, 'payment_method');
      action = {
        type: 'confirm_saved',
        paymentMethodId: pm.id,
        card: pm.card,
        ...(pm.testNumber ? { cardNumberForOutcome: pm.testNumber } : {}),
      };
    }
    return this.apply(intentId, action, body.card);
  }

  /** The 3-D Secure page's or PayPal approval page's answer. */
  async authenticate(intentId: string, clientSecret: unknown, outcome: 'approve' | 'fail'): Promise<Stored> {
    await this.withSecret(intentId, clientSecret);
    return this.apply(intentId, { type: 'authenticate', outcome });
  }

  async returnUrlOf(intentId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ returnUrl: sandboxIntents.returnUrl })
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, intentId));
    return row?.returnUrl ?? null;
  }

  async setReturnUrl(intentId: string, returnUrl: string): Promise<void> {
    await this.db.update(sandboxIntents).set({ returnUrl }).where(eq(sandboxIntents.id, intentId));
  }

  async methodKindOf(intentId: string): Promise<'card' | 'paypal'> {
    return (await this.load(intentId)).methodKind;
  }

  /** Stripe's JSON of an intent, as the REST endpoints and the webhook events carry it. */
  json(intent: Stored): Record<string, unknown> {
    const base = this.options.baseUrl ?? '';
    const secret = encodeURIComponent(intent.clientSecret);
    const next =
      intent.status !== 'requires_action'
        ? null
        : intent.methodKind === 'paypal'
          ? {
              type: 'paypal_approval',
              paypal_approval: {
                url: `${base}/sandbox/paypal/checkout/${intent.id}?client_secret=${secret}`,
              },
            }
          : {
              type: 'redirect_to_url',
              redirect_to_url: { url: `${base}/sandbox/stripe/3ds/${intent.id}?client_secret=${secret}` },
            };
    const error = intent.lastError
      ? {
          type: intent.lastError.type,
          code: intent.lastError.code,
          decline_code: intent.lastError.declineCode ?? null,
          message: intent.lastError.message,
          param: intent.lastError.field
            ? { number: 'number', expiry: 'exp_month', cvc: 'cvc' }[intent.lastError.field]
            : null,
        }
      : null;
    const common = {
      id: intent.id,
      object: intent.object,
      status: intent.status,
      client_secret: intent.clientSecret,
      payment_method: intent.paymentMethod,
      next_action: next,
      metadata: intent.metadata,
      created: Math.floor(intent.createdAt / 1000),
      livemode: false,
    };
    if (intent.object === 'setup_intent')
      return { ...common, customer: intent.customer, last_setup_error: error };
    return {
      ...common,
      amount: Number(intent.amount),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      statement_descriptor: intent.statementDescriptor,
      cancellation_reason: intent.cancellationReason,
      last_payment_error: error,
    };
  }

  // --- the outbox ----------------------------------------------------------------------------

  /** Delivers every undelivered event, oldest first; answers how many were delivered. */
  async deliverPending(intentId?: string): Promise<number> {
    if (this.holdDeliveries || !this.deliverTo) return 0;
    const rows = await this.db
      .select()
      .from(sandboxEvents)
      .where(
        and(isNull(sandboxEvents.deliveredAt), intentId ? eq(sandboxEvents.intentId, intentId) : undefined),
      )
      .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id));
    let delivered = 0;
    for (const row of rows) {
      const signature = signPayload(
        row.payload,
        this.options.webhookSecret,
        Math.floor(this.options.now() / 1000),
      );
      try {
        await this.deliverTo(row.payload, signature);
      } catch {
        await this.db
          .update(sandboxEvents)
          .set({ attempts: sql`${sandboxEvents.attempts} + 1` })
          .where(eq(sandboxEvents.id, row.id));
        break; // in order: the rest waits for the next round
      }
      await this.db
        .update(sandboxEvents)
        .set({ deliveredAt: new Date(this.options.now()), attempts: sql`${sandboxEvents.attempts} + 1` })
        .where(eq(sandboxEvents.id, row.id));
      delivered++;
    }
    return delivered;
  }

  /** The signed delivery of a stored event, as the sandbox would send it (tests redeliver with it). */
  async signedEvent(eventId: string): Promise<{ payload: string; signature: string } | null> {
    const [row] = await this.db.select().from(sandboxEvents).where(eq(sandboxEvents.id, eventId));
    if (!row) return null;
    return {
      payload: row.payload,
      signature: signPayload(row.payload, this.options.webhookSecret, Math.floor(this.options.now() / 1000)),
    };
  }

  // --- inside -------------------------------------------------------------------------------------

  private async findByKey(key: string): Promise<Stored | null> {
    const [row] = await this.db
      .select({ state: sandboxIntents.state })
      .from(sandboxIntents)
      .where(sql`${sandboxIntents.state}->>'idempotencyKey' = ${key}`);
    return row ? fromStored(row.state) : null;
  }

  private async load(intentId: string): Promise<Stored> {
    const [row] = await this.db
      .select({ state: sandboxIntents.state })
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, intentId));
    if (!row) {
      const kind = intentId.startsWith('seti_') ? 'SetupIntent' : 'PaymentIntent';
      throw new SandboxError(404, 'resource_missing', `No such ${kind}: '${intentId}'`, 'intent');
    }
    return fromStored(row.state);
  }

  private view(intent: Stored): PaymentIntentView | IntentView {
    return fromStripeJson(this.json(intent))!;
  }

  /**
   * One transition, stored with its events in one transaction (a payment that goes to `processing`
   * settles at once: the sandbox's processor answers immediately), then delivered.
   */
  private async apply(intentId: string, action: IntentAction, card?: CardInput): Promise<Stored> {
    const now = this.options.now();
    const result = await this.db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      const [row] = await tx
        .select({ state: sandboxIntents.state })
        .from(sandboxIntents)
        .where(eq(sandboxIntents.id, intentId))
        .for('update');
      if (!row) throw new SandboxError(404, 'resource_missing', `No such intent: '${intentId}'`, 'intent');
      const current = fromStored(row.state);
      let next: Stored;
      const events: { type: WebhookEventType; state: Stored }[] = [];
      try {
        const step = transition<Intent>(current, action, now);
        next = { ...current, ...step.intent } as Stored;
        if (current.methodKind === 'paypal' && action.type === 'authenticate' && action.outcome === 'fail')
          next = {
            ...next,
            lastError: { type: 'card_error', code: 'paypal_canceled', message: PAYPAL_CANCELED },
          };
        for (const type of step.events) events.push({ type, state: next });
        if (next.status === 'processing') {
          const settled = transition<Intent>(next, { type: 'settle' }, now);
          next = { ...next, ...settled.intent } as Stored;
          for (const type of settled.events) events.push({ type, state: next });
        }
      } catch (error) {
        if (error instanceof IntentStateError)
          throw new SandboxError(400, error.code, error.message, 'intent');
        throw error;
      }
      // A new card that passed the form's checks becomes a payment method of the customer when it is
      // saved (SetupIntent) or used: the sandbox keeps brand, last 4 and expiry (and a test number).
      if (card && next.card && next.paymentMethod && next.paymentMethod !== current.paymentMethod) {
        const digits = digitsOf(card.number);
        await tx
          .insert(sandboxPaymentMethods)
          .values({
            id: next.paymentMethod,
            customer: current.customer,
            type: 'card',
            card: next.card,
            testNumber: TEST_NUMBERS.has(digits) ? digits : null,
            createdAt: new Date(now),
          })
          .onConflictDoNothing();
      }
      if (current.methodKind === 'paypal' && next.paymentMethod && next.status === 'succeeded') {
        await tx
          .insert(sandboxPaymentMethods)
          .values({
            id: next.paymentMethod,
            customer: current.customer,
            type: 'paypal',
            card: null,
            paypal: { payerId: 'SANDBOXPAYER', email: 'buyer@example.com', country: 'DE' },
            createdAt: new Date(now),
          })
          .onConflictDoNothing();
      }
      await tx
        .update(sandboxIntents)
        .set({ state: toStored(next) })
        .where(eq(sandboxIntents.id, intentId));
      if (events.length > 0) {
        const created = Math.floor(now / 1000);
        await tx.insert(sandboxEvents).values(
          events.map(({ type, state }, index) => {
            const eventId = id('evt');
            return {
              id: eventId,
              type,
              intentId,
              payload: JSON.stringify({
                id: eventId,
                object: 'event',
                type,
                created,
                livemode: false,
                data: { object: this.json(state) },
              }),
              // in order within one transition
              createdAt: new Date(now + index),
            };
          }),
        );
      }
      return next;
    });
    await this.deliverPending(intentId);
    return result;
  }
}

export type { PaymentIntent };
export { SIGNATURE_HEADER };
