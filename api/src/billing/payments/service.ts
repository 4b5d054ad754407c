import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { paymentMethods, type User, workspaces } from '../../db/schema.js';
import { permissionDenied, userError } from '../../graphql/errors.js';
import type { Payment, PaymentMethod } from '../../graphql/generated/resolvers.js';
import type { PortalPubSub } from '../../graphql/pubsub.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { WorkspaceRow } from '../../workspaces/repository.js';
import { applyPayment, ledgerBalance, lockWorkspace, utcDate } from '../ledger.js';
import { fromCents, parseAmount, toCents } from '../money.js';
import { PROVIDER } from '../pdf.js';
import { workspaceInvoice } from '../repository.js';
import { ledgerEntries } from '../tables.js';
import {
  type IntentView,
  type PaymentIntentView,
  type PaymentsDriver,
  type WebhookEvent,
  WebhookSignatureError,
} from './driver.js';
import { toPayment } from './mapping.js';
import { PAYMENT_MESSAGES as M, MAX_TOP_UP_CENTS, MIN_TOP_UP_CENTS, PAYMENT_EXPIRY_MS } from './messages.js';
import { methodsOfWorkspaces } from './method-list.js';
import type { PayPalCaptureResult, PayPalDriver, PayPalWebhookEvent } from './paypal-driver.js';
import { PayPalVault, VAULT_PENDING_PREFIX } from './paypal-vault.js';
import { checkReturnUrl, withParams } from './return-url.js';
import type { SandboxDriver } from './sandbox.js';
import { SandboxPayPalConnections } from './sandbox-connections.js';
import {
  type PaymentAttemptRow,
  type PaymentStatusValue,
  paymentAttempts,
  paymentCustomers,
  paymentMethodDefaults,
  paypalRefunds,
  stripeRefunds,
  UNFINISHED,
} from './tables.js';

const invalid = (message: string, field: string) => userError(message, 'INVALID_INPUT', field);
const refused = (message: string, field?: string) => userError(message, 'PAYMENT_REFUSED', field);

const STATUS_OF_EVENT: Record<string, PaymentStatusValue> = {
  'payment_intent.processing': 'PROCESSING',
  'payment_intent.requires_action': 'REQUIRES_ACTION',
  'payment_intent.payment_failed': 'REQUIRES_PAYMENT_METHOD',
  'payment_intent.canceled': 'CANCELED',
  'payment_intent.succeeded': 'SUCCEEDED',
};

const toStatus = (status: string): PaymentStatusValue => status.toUpperCase() as PaymentStatusValue;

export interface StartPaymentArgs {
  invoiceUids?: readonly string[] | null;
  allDue?: boolean | null;
  topUpAmount?: string | null;
  paymentMethodUid?: string | null;
  newCard?: boolean | null;
  paypal?: boolean | null;
  saveCard?: boolean | null;
  idempotencyKey: string;
  returnUrl: string;
}

/** Whether a start asks for what an earlier one with its key did (what, how; not amounts owed since). */
function sameRequest(row: PaymentAttemptRow, args: StartPaymentArgs): boolean {
  const purpose = args.topUpAmount != null ? 'TOP_UP' : args.allDue ? 'ALL_DUE' : 'INVOICES';
  if (row.purpose !== purpose) return false;
  if (purpose === 'TOP_UP' && toCents(args.topUpAmount!.trim()) !== toCents(row.amount)) return false;
  if (
    purpose === 'INVOICES' &&
    [...new Set(args.invoiceUids ?? [])].sort().join() !== [...row.invoiceIds].sort().join()
  )
    return false;
  if (args.paymentMethodUid != null) return row.paymentMethodId === args.paymentMethodUid;
  if (row.paymentMethodId !== null) return false;
  return row.methodType === (args.paypal ? 'PAYPAL' : 'CARD') && row.saveCard === (args.saveCard === true);
}

export interface PaymentsServiceOptions {
  db: Db;
  pubsub: PortalPubSub;
  log: FastifyBaseLogger;
  driver: PaymentsDriver;
  now: () => number;
  publicUrl: string;
  /** Real PayPal (`PAYPAL_CLIENT_ID` and `PAYPAL_CLIENT_SECRET`); none: the sandbox's PayPal pages. */
  paypal?: PayPalDriver | null;
  /**
   * Background work. A verified webhook event is applied in its request; with pg-boss (several
   * processes on PostgreSQL) one that fails there becomes a job (`payments.webhook`), stored before
   * the provider hears 200 and retried with backoff by whichever process takes it, and the
   * sandbox's undelivered events are swept every minute. With the one-process queue a failure
   * answers 500 and the provider delivers the event again (its retries are the durable ones there).
   */
  jobs?: JobQueue;
}

/** A verified event, and as it waits in the job queue (JSON: its bigint amounts tagged). */
type VerifiedWebhook =
  | { provider: 'stripe'; event: WebhookEvent }
  | { provider: 'paypal'; event: PayPalWebhookEvent };
type QueuedWebhook = { provider: VerifiedWebhook['provider']; event: string };

const encode = (event: object) =>
  JSON.stringify(event, (_key, value) => (typeof value === 'bigint' ? { $bigint: value.toString() } : value));
const decode = (text: string) =>
  JSON.parse(text, (_key, value) =>
    value && typeof value === 'object' && Object.keys(value).length === 1 && typeof value.$bigint === 'string'
      ? BigInt(value.$bigint)
      : value,
  );

/** A webhook job (taken at the next poll) that fails is tried again 30 s, 1, 2, 4 … minutes later, 8 times. */
const WEBHOOK_RETRIES = { retryLimit: 8, retryDelayS: 30, retryBackoff: true } as const;

type MethodRow = typeof paymentMethods.$inferSelect;

/**
 * Make a Payment and payment methods (README, "Payments"). Authorisation is the resolvers'
 * (`requireBillingWorkspace`); this service checks the input, talks to the driver and keeps
 * `payment_attempts` in step with the provider's webhook events, the only path to the ledger.
 */
export class PaymentsService {
  /** PayPal Vault v3 (saved PayPal accounts), with real PayPal only. */
  readonly vault: PayPalVault | null;

  constructor(readonly options: PaymentsServiceOptions) {
    this.vault = options.paypal
      ? new PayPalVault({
          db: options.db,
          log: options.log,
          paypal: options.paypal,
          now: options.now,
          publish: (contractUid) => this.publish(contractUid),
        })
      : null;
    const sandbox = this.sandbox;
    sandbox?.connect((raw, signature) => this.receiveWebhook(raw, signature).then(() => undefined));
    if (this.queue)
      void this.queue.define<QueuedWebhook>(
        'payments.webhook',
        (job) => this.apply({ provider: job.provider, event: decode(job.event) } as VerifiedWebhook),
        WEBHOOK_RETRIES,
      );
  }

  private apply(job: VerifiedWebhook): Promise<void> {
    return job.provider === 'paypal' ? this.applyPayPalEvent(job.event) : this.handleEvent(job.event);
  }

  /** A verified event, applied now; a failure is retried by the queue (pg-boss) or thrown (500). */
  private async process(job: VerifiedWebhook): Promise<void> {
    try {
      await this.apply(job);
    } catch (error) {
      if (!this.queue) throw error;
      this.log.warn({ err: error, event: job.event.id }, 'payments: webhook failed, queued for retry');
      await this.queue.send<QueuedWebhook>('payments.webhook', {
        provider: job.provider,
        event: encode(job.event),
      });
    }
  }

  /** The job queue webhooks go through: pg-boss only (see `PaymentsServiceOptions.jobs`). */
  private get queue(): JobQueue | null {
    return this.options.jobs?.kind === 'pg-boss' ? this.options.jobs : null;
  }

  get driver(): PaymentsDriver {
    return this.options.driver;
  }

  get paypal(): PayPalDriver | null {
    return this.options.paypal ?? null;
  }

  get sandbox(): SandboxDriver | null {
    return this.options.driver.kind === 'SANDBOX' ? (this.options.driver as SandboxDriver) : null;
  }

  private get db() {
    return this.options.db;
  }

  private get log() {
    return this.options.log;
  }

  private now() {
    return this.options.now();
  }

  /** At start: what the sandbox did not deliver before a stop (or a kill) is delivered now. */
  async start(): Promise<void> {
    const sandbox = this.sandbox;
    const delivered = (await sandbox?.deliverPending()) ?? 0;
    if (delivered > 0) this.log.info({ delivered }, 'payments: sandbox events delivered after a restart');
    // with several processes, one of them sweeps what a failed delivery left, every minute
    if (sandbox && this.queue)
      await this.queue.every('payments.sandbox-redeliver', { intervalMs: 60_000 }, async () => {
        await sandbox.deliverPending();
      });
  }

  private publish(contractUid: string, paymentUid?: string) {
    this.options.pubsub.publish('workspaceChanged', contractUid, { contractUid });
    if (paymentUid) this.options.pubsub.publish('paymentChanged', contractUid, { uid: paymentUid });
  }

  // --- the webhook -----------------------------------------------------------------------------

  /**
   * A delivery from the provider (HTTP route) or the sandbox (in process): verified by signature
   * (throws `WebhookSignatureError`: nothing applied), then applied once.
   */
  async receiveWebhook(rawBody: string, signature: string | undefined): Promise<WebhookEvent> {
    const event = this.driver.verifyWebhook(rawBody, signature);
    await this.process({ provider: 'stripe', event });
    return event;
  }

  async handleEvent(event: WebhookEvent): Promise<void> {
    if (event.type === 'refund.created' || event.type === 'refund.updated') {
      await this.refundStripe(event);
      return;
    }
    const status = STATUS_OF_EVENT[event.type];
    const intent = event.object;
    if (!status || !intent || intent.object !== 'payment_intent') return; // not about a payment
    const pi = intent as PaymentIntentView;
    const [attempt] = await this.db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, pi.id));
    if (!attempt) {
      this.log.warn({ intent: pi.id, event: event.id }, 'payments: webhook for an unknown payment ignored');
      return;
    }
    const [workspace] = await this.db.select().from(workspaces).where(eq(workspaces.id, attempt.workspaceId));
    if (!workspace) return;
    if (status === 'SUCCEEDED') {
      if (pi.currency !== workspace.currency) {
        this.log.error(
          { intent: pi.id, currency: pi.currency },
          'payments: a payment in another currency not applied',
        );
        return;
      }
      const result = await applyPayment(this.db, {
        workspace: { id: workspace.id, currency: workspace.currency },
        idempotencyKey: pi.id,
        amountCents: pi.amount,
        currency: pi.currency,
        method: await this.methodLabel(attempt, pi.paymentMethod),
        createdBy: attempt.createdByName,
        invoiceIds: attempt.invoiceIds,
        at: new Date(this.now()),
      });
      this.log.info({ intent: pi.id, event: event.id, applied: result.applied }, 'payments: payment settled');
      if (attempt.saveCard && attempt.paymentMethodId === null && pi.paymentMethod)
        await this.saveMethod(workspace, pi.paymentMethod, false).catch((error: unknown) =>
          this.log.warn({ err: error, intent: pi.id }, 'payments: the card used could not be saved'),
        );
    }
    // A finished payment stays finished (events may arrive late or twice).
    if (attempt.status === 'SUCCEEDED' || (attempt.status === 'CANCELED' && status !== 'SUCCEEDED')) {
      if (status === 'SUCCEEDED') this.publish(workspace.contractUid, attempt.id);
      return;
    }
    const finished = status === 'SUCCEEDED' || status === 'CANCELED';
    await this.db
      .update(paymentAttempts)
      .set({
        status,
        nextAction: status === 'REQUIRES_ACTION' ? this.nextActionOf(pi, attempt) : null,
        lastError:
          status === 'REQUIRES_PAYMENT_METHOD' && pi.lastError
            ? {
                code: pi.lastError.code,
                declineCode: pi.lastError.declineCode,
                message: pi.lastError.message,
              }
            : status === 'CANCELED'
              ? attempt.lastError
              : null,
        ...(finished ? { finishedAt: new Date(this.now()) } : {}),
      })
      .where(eq(paymentAttempts.id, attempt.id));
    this.publish(workspace.contractUid, attempt.id);
  }

  private nextActionOf(pi: IntentView, attempt: PaymentAttemptRow): PaymentAttemptRow['nextAction'] {
    if (!pi.nextAction) return null;
    if (pi.nextAction.type === 'use_stripe_sdk') return { type: 'USE_STRIPE_SDK', url: null };
    if (pi.nextAction.type === 'paypal_approval' || attempt.methodType === 'PAYPAL')
      return { type: 'PAYPAL_APPROVAL', url: pi.nextAction.url };
    return { type: 'REDIRECT_TO_URL', url: pi.nextAction.url };
  }

  /** "Card ending 4242", "PayPal": how the invoice names the payment. */
  private async methodLabel(attempt: PaymentAttemptRow, pmId: string | null): Promise<string> {
    if (attempt.methodType === 'PAYPAL') return 'PayPal';
    if (attempt.paymentMethodId) {
      const [row] = await this.db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.id, attempt.paymentMethodId));
      if (row?.cardLast4) return `Card ending ${row.cardLast4}`;
    }
    if (pmId) {
      const pm = await this.driver.retrievePaymentMethod(pmId).catch(() => null);
      if (pm?.card) return `Card ending ${pm.card.last4}`;
    }
    return 'Card';
  }

  // --- payments --------------------------------------------------------------------------------

  async startPayment(
    workspace: WorkspaceRow,
    user: User,
    args: StartPaymentArgs,
  ): Promise<PaymentAttemptRow> {
    const key = args.idempotencyKey.trim();
    if (!/^[A-Za-z0-9_-]{8,100}$/.test(key)) throw invalid(M.idempotencyKey, 'idempotencyKey');
    const returnUrl = checkReturnUrl(args.returnUrl, this.options.publicUrl);
    if (!returnUrl) throw invalid(M.returnUrl, 'returnUrl');

    const whats = [args.invoiceUids != null, args.allDue === true, args.topUpAmount != null].filter(Boolean);
    if (whats.length !== 1) throw invalid(M.what, 'invoiceUids');
    const hows = [args.paymentMethodUid != null, args.newCard === true, args.paypal === true].filter(Boolean);
    if (hows.length !== 1) throw invalid(M.how, 'paymentMethodUid');
    if (args.saveCard && !args.newCard) throw invalid(M.saveCard, 'saveCard');

    // The same key answers the same payment, before anything else is read: a retry after it
    // succeeded finds its invoices paid, and must still get the payment, not a refusal.
    const same = await this.byKey(workspace.id, key);
    if (same) {
      if (!sameRequest(same, args)) throw invalid(M.idempotencyReused, 'idempotencyKey');
      return same;
    }

    const today = utcDate(this.now());
    let purpose: PaymentAttemptRow['purpose'];
    let amountCents: bigint;
    let invoiceIds: string[] = [];
    let description: string;
    let descriptor: string;
    if (args.topUpAmount != null) {
      const parsed = parseAmount(args.topUpAmount);
      if (!parsed.ok) {
        const message = {
          format: M.topUpFormat,
          decimals: M.topUpDecimals,
          not_positive: M.topUpPositive,
          too_large: M.topUpMax,
        }[parsed.problem];
        throw invalid(message, 'topUpAmount');
      }
      if (parsed.cents < MIN_TOP_UP_CENTS) throw invalid(M.topUpMin, 'topUpAmount');
      if (parsed.cents > MAX_TOP_UP_CENTS) throw invalid(M.topUpMax, 'topUpAmount');
      purpose = 'TOP_UP';
      amountCents = parsed.cents;
      description = 'Top-up of the account balance';
      descriptor = 'PORTAL CLOUD TOP-UP';
    } else if (args.allDue) {
      const balance = await ledgerBalance(this.db, workspace.id, today);
      amountCents = toCents(balance.amountDue)!;
      if (amountCents <= 0n) throw invalid(M.nothingDue, 'allDue');
      purpose = 'ALL_DUE';
      description = 'Payment of the amount due';
      descriptor = 'PORTAL CLOUD PAYMENT';
    } else {
      const uids = [...new Set(args.invoiceUids ?? [])];
      if (uids.length === 0) throw invalid(M.noInvoices, 'invoiceUids');
      const found = [];
      for (const uid of uids) {
        const invoice = await workspaceInvoice(this.db, workspace.id, uid, today);
        if (!invoice) throw permissionDenied();
        if (!invoice.isSelectableForPayment || toCents(invoice.amountDue)! <= 0n)
          throw invalid(M.invoicePaid(invoice.number), 'invoiceUids');
        found.push(invoice);
      }
      found.sort((a, b) => a.number.localeCompare(b.number));
      purpose = 'INVOICES';
      invoiceIds = found.map((invoice) => invoice.uid);
      amountCents = found.reduce((sum, invoice) => sum + toCents(invoice.amountDue)!, 0n);
      const numbers = found.map((invoice) => invoice.number);
      description = `Payment of invoice${numbers.length > 1 ? 's' : ''} ${numbers.join(', ')}`;
      descriptor =
        numbers.length === 1
          ? `PORTAL INV ${numbers[0]!.replace(/\D/g, '').slice(-6)}`
          : 'PORTAL CLOUD INVOICES';
    }

    let method: MethodRow | null = null;
    if (args.paymentMethodUid != null)
      method = await this.listedMethod(workspace, args.paymentMethodUid, 'paymentMethodUid');
    const methodType: 'CARD' | 'PAYPAL' = args.paypal || method?.methodType === 'PAYPAL' ? 'PAYPAL' : 'CARD';

    // one unfinished payment per workspace: a new one replaces one not confirmed yet
    const [open] = await this.db
      .select()
      .from(paymentAttempts)
      .where(
        and(eq(paymentAttempts.workspaceId, workspace.id), inArray(paymentAttempts.status, [...UNFINISHED])),
      );
    if (open?.status === 'PROCESSING') throw refused(M.processing);
    if (open) await this.cancelAttempt(workspace, open, 'requested_by_customer', M.processing);

    const uid = randomUUID();
    const viaPayPal = methodType === 'PAYPAL' && this.paypal !== null;
    // a saved PayPal account (vault): charged without the buyer once confirmed (capturePayPalPayment)
    const vaulted = viaPayPal && method !== null && (await this.vault?.tokenOf(method.id)) != null;
    const intent: PaymentIntentView = vaulted
      ? {
          object: 'payment_intent',
          id: `${VAULT_PENDING_PREFIX}${uid}`,
          clientSecret: '',
          status: 'requires_payment_method',
          paymentMethod: null,
          nextAction: null,
          lastError: null,
          metadata: { paymentUid: uid },
          amount: amountCents,
          currency: workspace.currency,
          statementDescriptor: descriptor.slice(0, 22),
        }
      : viaPayPal
        ? await this.createPayPalOrder({
            uid,
            amountCents,
            currency: workspace.currency,
            requestId: `${workspace.id}:${key}`,
            description,
            descriptor,
            returnUrl,
          })
        : await this.driver.createPaymentIntent({
            amount: amountCents,
            currency: workspace.currency,
            customer: await this.customerOf(workspace),
            method: methodType === 'PAYPAL' ? 'paypal' : 'card',
            ...(method && methodType === 'CARD' ? { paymentMethod: method.methodId } : {}),
            ...(args.saveCard ? { saveCard: true } : {}),
            description,
            statementDescriptor: descriptor.slice(0, 22),
            metadata: { contractUid: workspace.contractUid, paymentUid: uid },
            idempotencyKey: `${workspace.id}:${key}`,
            returnUrl,
          });
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    const row = {
      id: uid,
      workspaceId: workspace.id,
      idempotencyKey: key,
      provider: viaPayPal ? ('PAYPAL' as const) : this.driver.kind,
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      status: toStatus(intent.status),
      purpose,
      invoiceIds,
      amount: fromCents(amountCents),
      currency: workspace.currency,
      statementDescriptor: intent.statementDescriptor || descriptor.slice(0, 22),
      fullDescription: description,
      methodType,
      paymentMethodId: method?.id ?? null,
      saveCard: args.saveCard === true,
      returnUrl,
      nextAction: null as PaymentAttemptRow['nextAction'],
      lastError: null,
      createdBy: user.id,
      createdByName: name,
      createdAt: new Date(this.now()),
    };
    row.nextAction =
      intent.status === 'requires_action' ? this.nextActionOf(intent, row as PaymentAttemptRow) : null;
    const [inserted] = await this.db.insert(paymentAttempts).values(row).onConflictDoNothing().returning();
    if (!inserted) {
      // a concurrent start with the same key won: it holds the same intent (the provider's
      // idempotency key), answer it
      const winner = await this.byKey(workspace.id, key);
      if (winner) return winner;
      // another payment of the workspace started meanwhile: ours is dropped at the provider
      if (!viaPayPal)
        await this.driver.cancelPaymentIntent(intent.id, 'requested_by_customer').catch(() => undefined);
      throw refused(M.processing);
    }
    this.publish(workspace.contractUid, inserted.id);
    return inserted;
  }

  private async byKey(workspaceId: string, key: string): Promise<PaymentAttemptRow | null> {
    const [row] = await this.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.workspaceId, workspaceId), eq(paymentAttempts.idempotencyKey, key)));
    return row ?? null;
  }

  async attempt(workspace: WorkspaceRow, uid: string): Promise<PaymentAttemptRow> {
    const [row] = /^[0-9a-f-]{36}$/i.test(uid)
      ? await this.db
          .select()
          .from(paymentAttempts)
          .where(and(eq(paymentAttempts.id, uid), eq(paymentAttempts.workspaceId, workspace.id)))
      : [];
    if (!row) throw permissionDenied();
    return row;
  }

  async pending(workspace: WorkspaceRow): Promise<PaymentAttemptRow | null> {
    const [row] = await this.db
      .select()
      .from(paymentAttempts)
      .where(
        and(eq(paymentAttempts.workspaceId, workspace.id), inArray(paymentAttempts.status, [...UNFINISHED])),
      );
    return row ?? null;
  }

  /** The payment as the provider has it now (a missed event is caught up here), to confirm again. */
  async resume(workspace: WorkspaceRow, uid: string): Promise<PaymentAttemptRow> {
    const row = await this.attempt(workspace, uid);
    if (!UNFINISHED.includes(row.status)) return row;
    if (row.provider === 'PAYPAL') return this.resumePayPal(workspace, row);
    await this.sandbox?.deliverPending(row.intentId);
    const intent = await this.driver.retrievePaymentIntent(row.intentId);
    const status = toStatus(intent.status);
    if (status !== row.status && status !== 'SUCCEEDED') {
      // Succeeded only through the webhook (money); the rest follows the provider.
      await this.db
        .update(paymentAttempts)
        .set({
          status,
          nextAction: status === 'REQUIRES_ACTION' ? this.nextActionOf(intent, row) : null,
          ...(status === 'CANCELED' ? { finishedAt: new Date(this.now()) } : {}),
        })
        .where(eq(paymentAttempts.id, row.id));
    }
    return this.attempt(workspace, uid);
  }

  // --- real PayPal (Orders v2) -----------------------------------------------------------------

  /** A PayPal order for a payment, in the shape of a PaymentIntent waiting for the buyer. */
  private async createPayPalOrder(input: {
    uid: string;
    amountCents: bigint;
    currency: string;
    requestId: string;
    description: string;
    descriptor: string;
    returnUrl: string;
  }): Promise<PaymentIntentView> {
    const back = new URL(input.returnUrl, this.options.publicUrl).href;
    let order: Awaited<ReturnType<PayPalDriver['createOrder']>>;
    try {
      order = await this.paypal!.createOrder({
        amountCents: input.amountCents,
        currency: input.currency,
        paymentUid: input.uid,
        requestId: input.requestId,
        description: input.description,
        softDescriptor: input.descriptor,
        brandName: PROVIDER.name,
        returnUrl: withParams(back, { payment: input.uid }),
        cancelUrl: withParams(back, { payment: input.uid, paypal: 'canceled' }),
      });
    } catch (error) {
      this.log.error({ err: error, payment: input.uid }, 'payments: PayPal did not create the order');
      throw refused(M.paypalUnreachable);
    }
    return {
      object: 'payment_intent',
      id: order.id,
      // what the browser needs to go on: PayPal's buttons take the order id
      clientSecret: order.id,
      status: 'requires_action',
      paymentMethod: null,
      nextAction: { type: 'paypal_approval', url: order.approveUrl },
      lastError: null,
      metadata: { paymentUid: input.uid },
      amount: input.amountCents,
      currency: input.currency,
      statementDescriptor: input.descriptor.slice(0, 22),
    };
  }

  /**
   * The buyer approved the order in PayPal's buttons: capture it (PayPal-Request-Id per payment, so
   * a retry answers the same capture) and settle it like a webhook would, once per order.
   */
  async capturePayPal(workspace: WorkspaceRow, uid: string): Promise<PaymentAttemptRow> {
    const row = await this.attempt(workspace, uid);
    if (row.provider !== 'PAYPAL' || !this.paypal) throw invalid(M.paypalNotPayPal, 'uid');
    if (row.status === 'SUCCEEDED') return row;
    if (row.status === 'CANCELED') throw refused(M.paypalFinished);
    if (row.intentId.startsWith(VAULT_PENDING_PREFIX)) return this.chargeVaulted(workspace, row);
    let result: PayPalCaptureResult;
    try {
      result = await this.paypal.captureOrder(row.intentId, `capture-${row.id}`);
    } catch (error) {
      this.log.error({ err: error, payment: row.id }, 'payments: PayPal did not capture the order');
      throw refused(M.paypalUnreachable);
    }
    await this.settlePayPal(row, result, `capture:${row.intentId}`);
    return this.attempt(workspace, uid);
  }

  /**
   * A payment with a saved PayPal account, confirmed: an order with the account's `vault_id` that
   * PayPal captures without the buyer (PayPal-Request-Id per payment: a retry is the same order),
   * settled like any capture, once per order.
   */
  private async chargeVaulted(workspace: WorkspaceRow, row: PaymentAttemptRow): Promise<PaymentAttemptRow> {
    const vaultId = await this.vault!.tokenOf(row.paymentMethodId);
    if (!vaultId) throw invalid(M.methodRemoved, 'uid');
    let charged: Awaited<ReturnType<PayPalDriver['chargeVaulted']>>;
    try {
      charged = await this.paypal!.chargeVaulted({
        vaultId,
        amountCents: toCents(row.amount)!,
        currency: row.currency,
        paymentUid: row.id,
        requestId: `vault-order-${row.id}`,
        description: row.fullDescription,
        softDescriptor: row.statementDescriptor,
      });
    } catch (error) {
      this.log.error({ err: error, payment: row.id }, 'payments: PayPal did not charge the saved account');
      throw refused(M.paypalUnreachable);
    }
    const current = charged.orderId ? await this.adoptOrder(row, charged.orderId) : row;
    await this.settlePayPal(current, charged.result, `capture:${current.intentId}`);
    return this.attempt(workspace, row.id);
  }

  /** A vaulted payment gets its PayPal order id (once): the ledger settles it under that id. */
  private async adoptOrder(row: PaymentAttemptRow, orderId: string): Promise<PaymentAttemptRow> {
    if (!row.intentId.startsWith(VAULT_PENDING_PREFIX)) return row;
    await this.db
      .update(paymentAttempts)
      .set({ intentId: orderId, clientSecret: orderId })
      .where(and(eq(paymentAttempts.id, row.id), eq(paymentAttempts.intentId, row.intentId)));
    const [fresh] = await this.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, row.id));
    return fresh!;
  }

  /** Resume of a PayPal payment: the order as PayPal has it (captured meanwhile: settled; approved: captured). */
  private async resumePayPal(workspace: WorkspaceRow, row: PaymentAttemptRow): Promise<PaymentAttemptRow> {
    if (!this.paypal || row.intentId.startsWith(VAULT_PENDING_PREFIX)) return row;
    const order = await this.paypal.getOrder(row.intentId).catch((error: unknown) => {
      this.log.warn({ err: error, payment: row.id }, 'payments: PayPal did not answer the order');
      return null;
    });
    if (order?.capture)
      await this.settlePayPal(row, { kind: 'capture', capture: order.capture }, `order:${order.id}`);
    else if (order?.status === 'APPROVED') return this.capturePayPal(workspace, row.id);
    return this.attempt(workspace, row.id);
  }

  /** A capture (ours or a webhook's) as the event the card providers send: one path to the ledger. */
  private async settlePayPal(row: PaymentAttemptRow, result: PayPalCaptureResult, eventId: string) {
    const base = {
      object: 'payment_intent' as const,
      id: row.intentId,
      clientSecret: row.clientSecret,
      paymentMethod: null,
      nextAction: null,
      metadata: { paymentUid: row.id },
      statementDescriptor: row.statementDescriptor,
      amount: toCents(row.amount)!,
      currency: row.currency,
      lastError: null,
    };
    const created = Math.floor(this.now() / 1000);
    const status = result.kind === 'capture' ? result.capture.status : 'DECLINED';
    if (result.kind === 'declined' || status === 'DECLINED' || status === 'FAILED') {
      const issue = result.kind === 'declined' ? result.issue : status;
      this.log.info({ payment: row.id, issue }, 'payments: PayPal declined the payment');
      await this.handleEvent({
        id: eventId,
        type: 'payment_intent.payment_failed',
        created,
        object: {
          ...base,
          status: 'requires_payment_method',
          lastError: { code: 'paypal_declined', declineCode: issue, message: M.paypalDeclined, param: null },
        },
      });
      return;
    }
    if (result.capture.status === 'PENDING') {
      await this.handleEvent({
        id: eventId,
        type: 'payment_intent.processing',
        created,
        object: { ...base, status: 'processing' },
      });
      return;
    }
    // COMPLETED (or refunded since: it was paid)
    const cents = toCents(result.capture.amount);
    if (cents === null || cents <= 0n) {
      this.log.error(
        { payment: row.id, amount: result.capture.amount },
        'payments: a PayPal capture without an amount',
      );
      return;
    }
    await this.handleEvent({
      id: eventId,
      type: 'payment_intent.succeeded',
      created,
      object: {
        ...base,
        status: 'succeeded',
        amount: cents,
        currency: result.capture.currency.toUpperCase(),
      },
    });
  }

  /** The PayPal payment an event is about: by its order id, else by our uid (`custom_id`). */
  private async paypalAttempt(orderId: unknown, customId: unknown): Promise<PaymentAttemptRow | null> {
    if (typeof orderId === 'string' && orderId) {
      const [row] = await this.db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, orderId));
      if (row?.provider === 'PAYPAL') return row;
    }
    if (typeof customId === 'string' && /^[0-9a-f-]{36}$/i.test(customId)) {
      const [row] = await this.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, customId));
      if (row?.provider === 'PAYPAL') return row;
    }
    return null;
  }

  /**
   * `POST /api/payments/paypal/webhook`: verified by PayPal (throws `WebhookSignatureError`: 400,
   * nothing applied), then `PAYMENT.CAPTURE.COMPLETED`, `.DENIED`, `.REFUNDED` applied once.
   */
  async receivePayPalWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ id: string; eventType: string }> {
    if (!this.paypal) throw new WebhookSignatureError('PayPal is not configured');
    const event = await this.paypal.verifyWebhook(rawBody, headers);
    await this.process({ provider: 'paypal', event });
    return event;
  }

  /** A verified PayPal event applied once (its request, or the `payments.webhook` job). */
  private async applyPayPalEvent(event: PayPalWebhookEvent): Promise<void> {
    const resource = event.resource ?? {};
    if (event.eventType.startsWith('VAULT.PAYMENT-TOKEN.')) {
      await this.vault?.receiveEvent(event.eventType, resource);
      return;
    }
    const handled = ['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.REFUNDED'];
    if (!handled.includes(event.eventType)) return;
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    let row = await this.paypalAttempt(orderId, resource.custom_id ?? resource.invoice_id);
    // a saved account's payment whose order id our charge did not store yet: settled under it
    if (row && typeof orderId === 'string' && orderId) row = await this.adoptOrder(row, orderId);
    if (!row) {
      this.log.warn(
        { event: event.id, type: event.eventType },
        'payments: PayPal event for an unknown payment ignored',
      );
      return;
    }
    if (event.eventType === 'PAYMENT.CAPTURE.REFUNDED') {
      await this.refundPayPal(row, resource);
      return;
    }
    const capture = {
      id: String(resource.id ?? ''),
      status: event.eventType === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'DECLINED',
      amount: String(resource.amount?.value ?? ''),
      currency: String(resource.amount?.currency_code ?? ''),
      customId: resource.custom_id ?? null,
    };
    await this.settlePayPal(row, { kind: 'capture', capture }, event.id);
    return;
  }

  /** A refund at PayPal: cash out of the ledger once per refund id (`paypal_refunds`). */
  // biome-ignore lint/suspicious/noExplicitAny: PayPal's refund JSON
  private async refundPayPal(row: PaymentAttemptRow, refund: any) {
    const cents = toCents(String(refund.amount?.value ?? ''));
    const currency = String(refund.amount?.currency_code ?? '').toUpperCase();
    const refundId = typeof refund.id === 'string' ? refund.id : '';
    if (!refundId || cents === null || cents <= 0n || currency !== row.currency) {
      this.log.error(
        { payment: row.id, refund: refundId },
        'payments: a PayPal refund not applied (amount, currency)',
      );
      return;
    }
    await this.applyRefund(row, 'PayPal', refundId, cents, currency);
  }

  /**
   * Stripe's refunds (`refund.created`, `refund.updated`): the Refund object is the source of truth
   * (its own status; `charge.refunded` no longer carries the refunds list and fires for pending
   * ones too): a `succeeded` refund of one of our payments is cashed out once per refund id.
   */
  private async refundStripe(event: WebhookEvent) {
    // biome-ignore lint/suspicious/noExplicitAny: Stripe's Refund JSON
    const refund = event.data as any;
    if (refund?.object !== 'refund' || refund.status !== 'succeeded') return;
    const intentId =
      typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
    const [row] = intentId
      ? await this.db
          .select()
          .from(paymentAttempts)
          .where(eq(paymentAttempts.intentId, String(intentId)))
      : [];
    const refundId = typeof refund.id === 'string' ? refund.id : '';
    const cents =
      typeof refund.amount === 'number' && Number.isInteger(refund.amount) ? BigInt(refund.amount) : null;
    const currency = String(refund.currency ?? '').toUpperCase();
    if (!row || row.provider === 'PAYPAL') {
      this.log.warn(
        { event: event.id, refund: refundId },
        'payments: a refund of an unknown payment ignored',
      );
      return;
    }
    if (!refundId || cents === null || cents <= 0n || currency !== row.currency) {
      this.log.error(
        { payment: row.id, refund: refundId },
        'payments: a Stripe refund not applied (amount, currency)',
      );
      return;
    }
    await this.applyRefund(row, 'Stripe', refundId, cents, currency);
  }

  /** Cash out of the ledger once per refund id: the refund's row and its entry in one transaction. */
  private async applyRefund(
    row: PaymentAttemptRow,
    provider: 'PayPal' | 'Stripe',
    refundId: string,
    cents: bigint,
    currency: string,
  ) {
    const [workspace] = await this.db.select().from(workspaces).where(eq(workspaces.id, row.workspaceId));
    if (!workspace) return;
    const table = provider === 'PayPal' ? paypalRefunds : stripeRefunds;
    const applied = await this.db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      await lockWorkspace(tx, workspace.id, workspace.currency);
      const [inserted] = await tx
        .insert(table)
        .values({
          refundId,
          paymentAttemptId: row.id,
          amount: fromCents(cents),
          currency,
          createdAt: new Date(this.now()),
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) return false;
      await tx.insert(ledgerEntries).values({
        workspaceId: workspace.id,
        account: 'cash',
        kind: 'refund',
        amount: fromCents(-cents),
        currency,
        description: `Refund (${provider} ${refundId})`,
        createdAt: new Date(this.now()),
      });
      return true;
    });
    this.log.info({ payment: row.id, refund: refundId, applied }, `payments: ${provider} refund`);
    if (applied) this.publish(workspace.contractUid, row.id);
  }

  async cancel(workspace: WorkspaceRow, uid: string): Promise<PaymentAttemptRow> {
    const row = await this.attempt(workspace, uid);
    if (row.status === 'SUCCEEDED' || row.status === 'CANCELED') throw refused(M.cancelFinished);
    if (row.status === 'PROCESSING') throw refused(M.cancelProcessing);
    await this.cancelAttempt(workspace, row, 'requested_by_customer');
    return this.attempt(workspace, uid);
  }

  private async cancelAttempt(
    workspace: { contractUid: string },
    row: PaymentAttemptRow,
    reason: 'requested_by_customer' | 'abandoned',
    refusal: string = M.cancelProcessing,
  ): Promise<void> {
    try {
      // a PayPal order has no cancel: uncaptured, it expires at PayPal (a capture is refused below)
      if (row.provider !== 'PAYPAL') await this.driver.cancelPaymentIntent(row.intentId, reason);
    } catch (error) {
      this.log.warn({ err: error, intent: row.intentId }, 'payments: the provider did not cancel');
      const intent = await this.driver.retrievePaymentIntent(row.intentId).catch(() => null);
      if (intent && intent.status !== 'canceled') throw refused(refusal);
    }
    await this.db
      .update(paymentAttempts)
      .set({
        status: 'CANCELED',
        nextAction: null,
        finishedAt: new Date(this.now()),
      })
      .where(and(eq(paymentAttempts.id, row.id), inArray(paymentAttempts.status, [...UNFINISHED])));
    this.publish(workspace.contractUid, row.id);
  }

  /** Payments left unfinished for a day are canceled (`abandoned`); answers how many. */
  async expireStale(): Promise<number> {
    const cutoff = new Date(this.now() - PAYMENT_EXPIRY_MS);
    const stale = await this.db
      .select({ attempt: paymentAttempts, contractUid: workspaces.contractUid })
      .from(paymentAttempts)
      .innerJoin(workspaces, eq(workspaces.id, paymentAttempts.workspaceId))
      .where(
        and(
          inArray(paymentAttempts.status, ['REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION']),
          lt(paymentAttempts.createdAt, cutoff),
        ),
      );
    let count = 0;
    for (const { attempt, contractUid } of stale) {
      try {
        await this.cancelAttempt({ contractUid }, attempt, 'abandoned');
        count++;
      } catch (error) {
        this.log.warn({ err: error, payment: attempt.id }, 'payments: an expired payment was not canceled');
      }
    }
    return count;
  }

  toPayment(row: PaymentAttemptRow, contractUid: string): Payment {
    return toPayment(row, contractUid);
  }

  // --- payment methods -------------------------------------------------------------------------

  private async customerOf(workspace: WorkspaceRow): Promise<string> {
    const provider = this.driver.kind;
    const [row] = await this.db
      .select()
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.workspaceId, workspace.id), eq(paymentCustomers.provider, provider)));
    if (row) return row.customerId;
    const customerId = await this.driver.createCustomer({
      contractUid: workspace.contractUid,
      name: workspace.name,
    });
    await this.db
      .insert(paymentCustomers)
      .values({ workspaceId: workspace.id, provider, customerId })
      .onConflictDoNothing();
    const [stored] = await this.db
      .select()
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.workspaceId, workspace.id), eq(paymentCustomers.provider, provider)));
    return stored!.customerId;
  }

  /** A listed (not removed) method of the workspace; another workspace's: the permission error. */
  private async listedMethod(workspace: WorkspaceRow, uid: string, field: string): Promise<MethodRow> {
    const [row] = /^[0-9a-f-]{36}$/i.test(uid)
      ? await this.db.select().from(paymentMethods).where(eq(paymentMethods.id, uid))
      : [];
    if (!row || row.workspaceId !== workspace.id) throw permissionDenied();
    if (row.effectiveTill && row.effectiveTill.getTime() <= this.now()) throw invalid(M.methodRemoved, field);
    return row;
  }

  async listMethods(workspace: WorkspaceRow): Promise<PaymentMethod[]> {
    return (await methodsOfWorkspaces(this.db, [workspace.id], this.now())).get(workspace.id) ?? [];
  }

  async startSetup(workspace: WorkspaceRow): Promise<IntentView> {
    const customer = await this.customerOf(workspace);
    return this.driver.createSetupIntent({
      customer,
      idempotencyKey: `setup:${workspace.id}:${randomUUID()}`,
      metadata: { contractUid: workspace.contractUid },
    });
  }

  async completeSetup(
    workspace: WorkspaceRow,
    setupIntentId: string,
    makeDefault: boolean,
  ): Promise<PaymentMethod> {
    if (!/^seti_[A-Za-z0-9]+$/.test(setupIntentId)) throw invalid(M.setupUnknown, 'setupIntentId');
    const intent = await this.driver.retrieveSetupIntent(setupIntentId).catch(() => null);
    if (!intent) throw invalid(M.setupUnknown, 'setupIntentId');
    if (intent.metadata.contractUid !== workspace.contractUid) throw permissionDenied();
    if (intent.status !== 'succeeded' || !intent.paymentMethod)
      throw invalid(M.setupNotSucceeded, 'setupIntentId');
    const id = await this.saveMethod(workspace, intent.paymentMethod, makeDefault);
    this.publish(workspace.contractUid);
    return (await this.listMethods(workspace)).find((m) => m.uid === id)!;
  }

  /** Stores a provider's method once (by its `pm_…`); the first one, or `makeDefault`, is the default. */
  private async saveMethod(
    workspace: { id: string; contractUid: string; currency?: string },
    pmId: string,
    makeDefault: boolean,
  ): Promise<string> {
    const [existing] = await this.db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.workspaceId, workspace.id),
          eq(paymentMethods.methodId, pmId),
          isNull(paymentMethods.effectiveTill),
        ),
      );
    let id = existing?.id;
    if (!id) {
      const pm = await this.driver.retrievePaymentMethod(pmId);
      const [inserted] = await this.db
        .insert(paymentMethods)
        .values({
          workspaceId: workspace.id,
          methodId: pm.id,
          methodType: pm.type === 'paypal' ? 'PAYPAL' : 'CARD',
          effectiveFrom: new Date(this.now()),
          cardBrand: pm.card?.brand ?? null,
          cardLast4: pm.card?.last4 ?? null,
          cardExpMonth: pm.card?.expMonth ?? null,
          cardExpYear: pm.card?.expYear ?? null,
          paypalCountry: pm.paypal?.country ?? null,
          paypalPayerId: pm.paypal?.payerId ?? null,
          paypalPayerEmail: pm.paypal?.email ?? null,
        })
        .returning({ id: paymentMethods.id });
      id = inserted!.id;
    }
    await this.setDefaultRow(workspace.id, id, makeDefault);
    return id;
  }

  private async setDefaultRow(workspaceId: string, methodId: string, force: boolean) {
    if (force) {
      await this.db
        .insert(paymentMethodDefaults)
        .values({ workspaceId, paymentMethodId: methodId })
        .onConflictDoUpdate({
          target: paymentMethodDefaults.workspaceId,
          set: { paymentMethodId: methodId },
        });
    } else {
      await this.db
        .insert(paymentMethodDefaults)
        .values({ workspaceId, paymentMethodId: methodId })
        .onConflictDoNothing();
    }
  }

  async setDefault(workspace: WorkspaceRow, uid: string): Promise<PaymentMethod[]> {
    const method = await this.listedMethod(workspace, uid, 'uid');
    await this.setDefaultRow(workspace.id, method.id, true);
    this.publish(workspace.contractUid);
    return this.listMethods(workspace);
  }

  async remove(workspace: WorkspaceRow, uid: string): Promise<PaymentMethod[]> {
    const method = await this.listedMethod(workspace, uid, 'uid');
    const listed = await this.listMethods(workspace);
    if (listed.length <= 1) {
      const balance = await ledgerBalance(this.db, workspace.id, utcDate(this.now()));
      if (toCents(balance.amountDue)! > 0n) throw refused(M.lastMethod, 'uid');
    }
    // a saved PayPal account: its payment token is deleted at PayPal first
    const vaulted = (await this.vault?.deleteToken(method.id)) ?? false;
    await this.db
      .update(paymentMethods)
      .set({ effectiveTill: new Date(this.now()) })
      .where(eq(paymentMethods.id, method.id));
    await this.db
      .delete(paymentMethodDefaults)
      .where(
        and(
          eq(paymentMethodDefaults.workspaceId, workspace.id),
          eq(paymentMethodDefaults.paymentMethodId, method.id),
        ),
      );
    if (!vaulted)
      await this.driver
        .detachPaymentMethod(method.methodId)
        .catch((error: unknown) =>
          this.log.warn(
            { err: error, method: method.methodId },
            'payments: the provider did not detach a removed method',
          ),
        );
    this.publish(workspace.contractUid);
    return this.listMethods(workspace);
  }

  /** Real PayPal: a vault setup token for PayPal's buttons (README, "PayPal vault"). */
  async startPayPalVault(workspace: WorkspaceRow, rawReturnUrl: string) {
    const returnUrl = checkReturnUrl(rawReturnUrl, this.options.publicUrl);
    if (!returnUrl) throw invalid(M.returnUrl, 'returnUrl');
    if (!this.vault) throw refused(M.paypalVaultSandbox);
    const back = new URL(returnUrl, this.options.publicUrl).href;
    return this.vault.startSetup(workspace, {
      returnUrl: withParams(back, { paypal: 'vaulted' }),
      cancelUrl: withParams(back, { paypal: 'canceled' }),
    });
  }

  async completePayPalVault(
    workspace: WorkspaceRow,
    setupTokenId: string,
    makeDefault: boolean,
  ): Promise<PaymentMethod> {
    if (!this.vault) throw refused(M.paypalVaultSandbox);
    const id = await this.vault.completeSetup(workspace, setupTokenId, makeDefault);
    const method = (await this.listMethods(workspace)).find((m) => m.uid === id);
    if (!method) throw invalid(M.methodRemoved, 'setupTokenId');
    return method;
  }

  /** PayPal in the sandbox: a page on the api approves the connection (README). */
  async connectPayPal(workspace: WorkspaceRow, user: User, rawReturnUrl: string): Promise<string> {
    const returnUrl = checkReturnUrl(rawReturnUrl, this.options.publicUrl);
    if (!returnUrl) throw invalid(M.returnUrl, 'returnUrl');
    // real PayPal keeps accounts in its vault (startPayPalVault): no sandbox connection beside it
    if (!this.sandbox || this.paypal) throw refused(M.paypalUnavailable);
    return this.connections.open(workspace, user, returnUrl);
  }

  paypalConnection(token: string) {
    return this.connections.find(token);
  }

  /** The approval page's answer; answers where the browser returns. */
  finishPayPalConnection(token: string, approve: boolean): Promise<string | null> {
    return this.connections.finish(token, approve);
  }

  private get connections(): SandboxPayPalConnections {
    return new SandboxPayPalConnections({
      db: this.db,
      now: () => this.now(),
      setDefault: (workspaceId, methodId) => this.setDefaultRow(workspaceId, methodId, false),
      publish: (contractUid) => this.publish(contractUid),
    });
  }

  /** The newest payments of a workspace (tests, dev tools). */
  async attemptsOf(workspaceId: string) {
    return this.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.workspaceId, workspaceId))
      .orderBy(desc(paymentAttempts.createdAt));
  }
}
