import { createHash } from 'node:crypto';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  ExperienceContextShippingPreference,
  type Order,
  OrdersController,
  type PaymentTokenResponse,
  PaypalExperienceUserAction,
  PaypalPaymentTokenUsageType,
  PaypalWalletContextShippingPreference,
  VaultController,
  VaultTokenRequestType,
  VaultUserAction,
} from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { fromCents } from '../money.js';
import type { PayPalConfig } from './config.js';
import { WebhookSignatureError } from './driver.js';

/**
 * Real PayPal (README, "Payments: real keys"): Orders v2 through the official server SDK
 * `@paypal/paypal-server-sdk`, beside the card driver (Stripe or the sandbox). The browser shows
 * PayPal's buttons (`@paypal/react-paypal-js` with the published client id); their `createOrder`
 * is our `startPayment` (an order of the amount, `custom_id` and `invoice_id` our payment's uid,
 * `PayPal-Request-Id` our idempotency key), their `onApprove` our `capturePayPalPayment`. A capture
 * and PayPal's `PAYMENT.CAPTURE.*` webhooks (verified with `verify-webhook-signature`) reach the
 * ledger through the path the card webhooks take, keyed by the order id: applied once.
 *
 * The SDK has no setting for another host; `PAYPAL_API_BASE_URL` (tests: a local fake of PayPal's
 * REST endpoints) rewrites each request's origin in the SDK's axios adapter
 * (`unstable_httpClientOptions.adapter`). The SDK has no webhooks controller either: the signature
 * check is a plain request to `/v1/notifications/verify-webhook-signature` with the SDK's OAuth token.
 */

export interface PayPalOrderView {
  id: string;
  /** `CREATED`, `PAYER_ACTION_REQUIRED`, `APPROVED`, `COMPLETED`, `VOIDED`, … */
  status: string;
  /** Where the buyer approves it without the buttons (`payer-action` or `approve` link). */
  approveUrl: string | null;
  /** The order's capture, once there is one. */
  capture: PayPalCaptureView | null;
}

export interface PayPalCaptureView {
  id: string;
  /** `COMPLETED`, `DECLINED`, `PENDING`, `FAILED`, `REFUNDED`, `PARTIALLY_REFUNDED`. */
  status: string;
  /** Decimal string, as PayPal has it. */
  amount: string;
  currency: string;
  /** Our payment's uid. */
  customId: string | null;
}

/** What `captureOrder` answers: the capture, or why there is none. */
export type PayPalCaptureResult =
  | { kind: 'capture'; capture: PayPalCaptureView }
  /** The buyer's funding source was declined (`INSTRUMENT_DECLINED`) or the order not approved. */
  | { kind: 'declined'; issue: string };

export interface PayPalSetupTokenView {
  id: string;
  /** `CREATED`, `PAYER_ACTION_REQUIRED`, `APPROVED`. */
  status: string;
  /** PayPal's page where the buyer approves it without the buttons. */
  approveUrl: string | null;
}

/** A vaulted PayPal account: the token and customer stay on the server; the rest is shown. */
export interface PayPalPaymentTokenView {
  id: string;
  customerId: string;
  email: string;
  payerId: string;
  /** ISO 3166-1 alpha-2 of the payer's address, when PayPal tells it. */
  country: string;
}

export interface PayPalWebhookEvent {
  id: string;
  eventType: string;
  // biome-ignore lint/suspicious/noExplicitAny: PayPal's JSON, read field by field by the service.
  resource: any;
}

/** The headers PayPal signs a delivery with (lower case, as Fastify has them). */
export const PAYPAL_SIGNATURE_HEADERS = {
  transmissionId: 'paypal-transmission-id',
  transmissionTime: 'paypal-transmission-time',
  transmissionSig: 'paypal-transmission-sig',
  certUrl: 'paypal-cert-url',
  authAlgo: 'paypal-auth-algo',
} as const;

const HOSTS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' };

/** The SDK's requests sent to `base` instead of PayPal's host. */
function rebasedAdapter(base: string): AxiosAdapter {
  const http = axios.getAdapter('http');
  return (config: InternalAxiosRequestConfig) => {
    if (config.url) {
      const url = new URL(config.url);
      config.url = `${base}${url.pathname}${url.search}`;
    }
    return http(config);
  };
}

/** PayPal-Request-Id takes at most 108 characters: a longer key is sent as its SHA-256. */
export const paypalRequestId = (key: string) =>
  key.length <= 108 ? key : createHash('sha256').update(key).digest('hex');

function issueOf(error: ApiError): string {
  // biome-ignore lint/suspicious/noExplicitAny: PayPal's error JSON
  const result = error.result as any;
  let body: unknown = result;
  if (!body && typeof error.body === 'string') {
    try {
      body = JSON.parse(error.body);
    } catch {
      body = null;
    }
  }
  // biome-ignore lint/suspicious/noExplicitAny: PayPal's error JSON
  const details = (body as any)?.details;
  return String(
    details?.[0]?.issue ?? (body as { name?: string } | null)?.name ?? `HTTP_${error.statusCode}`,
  );
}

/** The one purchase unit of our orders: the payment's uid as reference, custom and invoice id. */
const purchaseUnit = (input: {
  paymentUid: string;
  description: string;
  softDescriptor: string;
  currency: string;
  amountCents: bigint;
}) => ({
  referenceId: input.paymentUid,
  customId: input.paymentUid,
  invoiceId: input.paymentUid,
  description: input.description.slice(0, 127),
  softDescriptor: input.softDescriptor.slice(0, 22),
  amount: { currencyCode: input.currency.toUpperCase(), value: fromCents(input.amountCents) },
});

export class PayPalDriver {
  readonly client: Client;
  private readonly orders: OrdersController;
  private readonly vault: VaultController;
  private readonly base: string;
  private token: { value: string; until: number } | null = null;

  constructor(private readonly config: PayPalConfig) {
    this.base = config.apiBaseUrl ?? HOSTS[config.environment];
    this.client = new Client({
      clientCredentialsAuthCredentials: {
        oAuthClientId: config.clientId,
        oAuthClientSecret: config.clientSecret,
      },
      environment: config.environment === 'live' ? Environment.Production : Environment.Sandbox,
      timeout: 20_000,
      ...(config.apiBaseUrl
        ? { unstable_httpClientOptions: { adapter: rebasedAdapter(config.apiBaseUrl) } }
        : {}),
    });
    this.orders = new OrdersController(this.client);
    this.vault = new VaultController(this.client);
  }

  /** An order to capture at once; the same `requestId` answers the same order (PayPal-Request-Id). */
  async createOrder(input: {
    amountCents: bigint;
    currency: string;
    paymentUid: string;
    requestId: string;
    description: string;
    softDescriptor: string;
    brandName: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PayPalOrderView> {
    const { result } = await this.orders.createOrder({
      paypalRequestId: paypalRequestId(input.requestId),
      prefer: 'return=representation',
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [purchaseUnit(input)],
        paymentSource: {
          paypal: {
            experienceContext: {
              brandName: input.brandName.slice(0, 127),
              shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              userAction: PaypalExperienceUserAction.PayNow,
              returnUrl: input.returnUrl,
              cancelUrl: input.cancelUrl,
            },
          },
        },
      },
    });
    return orderView(result);
  }

  async getOrder(id: string): Promise<PayPalOrderView> {
    const { result } = await this.orders.getOrder({ id });
    return orderView(result);
  }

  /**
   * Captures an approved order (PayPal-Request-Id: a retry answers the same capture). A declined
   * funding source answers `declined`; an order captured already answers its capture.
   */
  async captureOrder(id: string, requestId: string): Promise<PayPalCaptureResult> {
    try {
      const { result } = await this.orders.captureOrder({
        id,
        paypalRequestId: paypalRequestId(requestId),
        prefer: 'return=representation',
      });
      const capture = orderView(result).capture;
      if (!capture) return { kind: 'declined', issue: String(result.status ?? 'NO_CAPTURE') };
      return { kind: 'capture', capture };
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 422) throw error;
      const issue = issueOf(error);
      if (issue === 'ORDER_ALREADY_CAPTURED') {
        const order = await this.getOrder(id);
        if (order.capture) return { kind: 'capture', capture: order.capture };
      }
      return { kind: 'declined', issue };
    }
  }

  // --- Vault v3: a PayPal account saved as a payment method ------------------------------------

  /**
   * A setup token for saving the buyer's PayPal account (`usage_type` MERCHANT: we charge it later
   * without the buyer), for PayPal's buttons (`createVaultSetupToken`) or its approve link.
   */
  async createSetupToken(input: {
    /** PayPal's customer of the workspace, once it has one: its tokens stay together. */
    customerId: string | null;
    requestId: string;
    description: string;
    brandName: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PayPalSetupTokenView> {
    const { result } = await this.vault.createSetupToken({
      paypalRequestId: paypalRequestId(input.requestId),
      body: {
        ...(input.customerId ? { customer: { id: input.customerId } } : {}),
        paymentSource: {
          paypal: {
            description: input.description.slice(0, 128),
            usageType: PaypalPaymentTokenUsageType.Merchant,
            permitMultiplePaymentTokens: false,
            experienceContext: {
              brandName: input.brandName.slice(0, 127),
              shippingPreference: ExperienceContextShippingPreference.NoShipping,
              userAction: VaultUserAction.Continue,
              returnUrl: input.returnUrl,
              cancelUrl: input.cancelUrl,
            },
          },
        },
      },
    });
    return {
      id: String(result.id),
      status: String(result.status ?? 'CREATED'),
      approveUrl: result.links?.find((l) => l.rel === 'approve')?.href ?? null,
    };
  }

  /** The payment token of an approved setup token (PayPal-Request-Id: a retry answers the same token). */
  async createPaymentToken(setupTokenId: string, requestId: string): Promise<PayPalPaymentTokenView> {
    const { result } = await this.vault.createPaymentToken({
      paypalRequestId: paypalRequestId(requestId),
      body: { paymentSource: { token: { id: setupTokenId, type: VaultTokenRequestType.SetupToken } } },
    });
    return paymentTokenView(result);
  }

  /** Deletes a payment token at PayPal; one PayPal no longer has counts as deleted. */
  async deletePaymentToken(id: string): Promise<void> {
    try {
      await this.vault.deletePaymentToken(id);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) return;
      throw error;
    }
  }

  /**
   * Pays with a saved PayPal account: an order with `payment_source.paypal.vault_id`, which PayPal
   * completes without the buyer (captured at once; one left approved is captured here).
   * PayPal-Request-Id per payment: a retry answers the same order, never a second charge.
   */
  async chargeVaulted(input: {
    vaultId: string;
    amountCents: bigint;
    currency: string;
    paymentUid: string;
    requestId: string;
    description: string;
    softDescriptor: string;
  }): Promise<{ orderId: string | null; result: PayPalCaptureResult }> {
    let order: PayPalOrderView;
    try {
      const { result } = await this.orders.createOrder({
        paypalRequestId: paypalRequestId(input.requestId),
        prefer: 'return=representation',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [purchaseUnit(input)],
          paymentSource: { paypal: { vaultId: input.vaultId } },
        },
      });
      order = orderView(result);
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 422) throw error;
      return { orderId: null, result: { kind: 'declined', issue: issueOf(error) } };
    }
    if (order.capture) return { orderId: order.id, result: { kind: 'capture', capture: order.capture } };
    if (order.status === 'APPROVED')
      return { orderId: order.id, result: await this.captureOrder(order.id, `capture-${input.requestId}`) };
    return { orderId: order.id, result: { kind: 'declined', issue: order.status } };
  }

  /**
   * A webhook delivery checked by PayPal (`verify-webhook-signature` with `PAYPAL_WEBHOOK_ID`);
   * throws `WebhookSignatureError` unless PayPal answers SUCCESS.
   */
  async verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PayPalWebhookEvent> {
    if (!this.config.webhookId) throw new WebhookSignatureError('PAYPAL_WEBHOOK_ID is not set');
    const header = (name: string) => {
      const value = headers[name];
      return typeof value === 'string' && value.length > 0 ? value : null;
    };
    const h = PAYPAL_SIGNATURE_HEADERS;
    const signed = {
      transmission_id: header(h.transmissionId),
      transmission_time: header(h.transmissionTime),
      transmission_sig: header(h.transmissionSig),
      cert_url: header(h.certUrl),
      auth_algo: header(h.authAlgo),
    };
    const missing = Object.entries(signed).find(([, value]) => value === null);
    if (missing) throw new WebhookSignatureError(`the ${missing[0]} header is missing`);
    let event: PayPalWebhookEvent & Record<string, unknown>;
    try {
      const json = JSON.parse(rawBody);
      event = { ...json, id: String(json.id), eventType: String(json.event_type), resource: json.resource };
      if (!json || typeof json !== 'object' || !json.id || !json.event_type) throw new Error('not an event');
    } catch {
      throw new WebhookSignatureError('the body is not a PayPal event');
    }
    const response = await fetch(`${this.base}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
      // the event as delivered, verbatim (PayPal compares it with what it signed)
      body: `{"auth_algo":${JSON.stringify(signed.auth_algo)},"cert_url":${JSON.stringify(signed.cert_url)},"transmission_id":${JSON.stringify(signed.transmission_id)},"transmission_sig":${JSON.stringify(signed.transmission_sig)},"transmission_time":${JSON.stringify(signed.transmission_time)},"webhook_id":${JSON.stringify(this.config.webhookId)},"webhook_event":${rawBody}}`,
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`PayPal verify-webhook-signature answered ${response.status}`);
    const answer = (await response.json()) as { verification_status?: string };
    if (answer.verification_status !== 'SUCCESS')
      throw new WebhookSignatureError(`PayPal answered ${answer.verification_status ?? 'nothing'}`);
    return { id: event.id, eventType: event.eventType, resource: event.resource };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const token = await this.client.clientCredentialsAuthManager.fetchToken();
    const seconds = Number(token.expiresIn ?? 300n);
    this.token = { value: token.accessToken, until: Date.now() + Math.max(seconds - 60, 30) * 1000 };
    return token.accessToken;
  }
}

function paymentTokenView(token: PaymentTokenResponse): PayPalPaymentTokenView {
  const paypal = token.paymentSource?.paypal;
  return {
    id: String(token.id),
    customerId: String(token.customer?.id ?? ''),
    email: String(paypal?.emailAddress ?? ''),
    payerId: String(paypal?.payerId ?? ''),
    country: String(paypal?.address?.countryCode ?? ''),
  };
}

function orderView(order: Order): PayPalOrderView {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
  return {
    id: String(order.id),
    status: String(order.status ?? 'CREATED'),
    approveUrl: link?.href ?? null,
    capture: capture
      ? {
          id: String(capture.id),
          status: String(capture.status ?? 'PENDING'),
          amount: String(capture.amount?.value ?? unit?.amount?.value ?? '0'),
          currency: String(capture.amount?.currencyCode ?? unit?.amount?.currencyCode ?? ''),
          customId: capture.customId ?? unit?.customId ?? null,
        }
      : null,
  };
}
