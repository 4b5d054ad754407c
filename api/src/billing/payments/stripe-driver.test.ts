import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { readPaymentsConfig } from './config.js';
import { WebhookSignatureError } from './driver.js';
import { SandboxDriver } from './sandbox.js';
import { createPaymentsDriver, StripeDriver } from './stripe-driver.js';

// The Stripe driver without Stripe's host (unreachable here): the selection by configuration, the
// webhook verification with the SDK's own test header, and the mapping of Stripe's objects and of
// the requests the driver makes (a fake client records them).

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_51Portal',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51Portal',
  STRIPE_WEBHOOK_SECRET: 'whsec_portal_test',
};
const noDb = {} as Db;

describe('payments configuration', () => {
  it('selects Stripe with all three keys, the sandbox with none, and refuses some', () => {
    const problems: string[] = [];
    const stripe = readPaymentsConfig(
      { ...KEYS, PAYPAL_CLIENT_ID: 'pp-client', PAYPAL_CLIENT_SECRET: 'pp-secret' },
      problems,
    );
    expect(problems).toEqual([]);
    expect(stripe).toMatchObject({
      stripe: { secretKey: KEYS.STRIPE_SECRET_KEY, publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY },
      paypalClientId: 'pp-client',
    });
    expect(createPaymentsDriver(stripe, { db: noDb, now: Date.now })).toBeInstanceOf(StripeDriver);

    const sandbox = readPaymentsConfig({}, problems);
    expect(sandbox.stripe).toBeNull();
    expect(sandbox.sandboxWebhookSecret).toMatch(/^whsec_sandbox_[0-9a-f]{48}$/);
    // a random secret per process: nobody outside can sign a delivery
    expect(readPaymentsConfig({}, problems).sandboxWebhookSecret).not.toBe(sandbox.sandboxWebhookSecret);
    expect(createPaymentsDriver(sandbox, { db: noDb, now: Date.now })).toBeInstanceOf(SandboxDriver);
    expect(problems).toEqual([]);

    readPaymentsConfig({ STRIPE_SECRET_KEY: KEYS.STRIPE_SECRET_KEY }, problems);
    expect(problems).toEqual([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three for Stripe, or none for the sandbox',
    ]);
    const wrong: string[] = [];
    readPaymentsConfig(
      {
        STRIPE_SECRET_KEY: 'pk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'secret',
      },
      wrong,
    );
    expect(wrong).toHaveLength(3);
  });
});

describe('PayPal configuration', () => {
  it('switches PayPal on with its client id and secret, publishes only the id, and refuses one alone', () => {
    const problems: string[] = [];
    expect(readPaymentsConfig({}, problems)).toMatchObject({ paypal: null, paypalClientId: null });
    const on = readPaymentsConfig(
      { PAYPAL_CLIENT_ID: 'pp-client', PAYPAL_CLIENT_SECRET: 'pp-secret', PAYPAL_WEBHOOK_ID: 'WH-1' },
      problems,
    );
    expect(problems).toEqual([]);
    expect(on).toMatchObject({
      paypal: {
        clientId: 'pp-client',
        clientSecret: 'pp-secret',
        environment: 'sandbox',
        webhookId: 'WH-1',
        apiBaseUrl: null,
      },
      paypalClientId: 'pp-client',
    });
    expect(
      readPaymentsConfig(
        { PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b', PAYPAL_ENVIRONMENT: 'live' },
        problems,
      ).paypal?.environment,
    ).toBe('live');
    expect(problems).toEqual([]);

    const alone = readPaymentsConfig({ PAYPAL_CLIENT_ID: 'pp-client' }, problems);
    expect(alone).toMatchObject({ paypal: null, paypalClientId: null });
    readPaymentsConfig(
      { PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b', PAYPAL_ENVIRONMENT: 'production' },
      problems,
    );
    readPaymentsConfig(
      { PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b', PAYPAL_API_BASE_URL: 'api-m.paypal.com/v2' },
      problems,
    );
    expect(problems).toEqual([
      "PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both for PayPal, or neither for the sandbox's PayPal",
      'PAYPAL_ENVIRONMENT: sandbox or live',
      'PAYPAL_API_BASE_URL: an origin like https://api-m.sandbox.paypal.com',
    ]);
  });
});

describe('StripeDriver', () => {
  const sdk = new Stripe(KEYS.STRIPE_SECRET_KEY);
  const driver = new StripeDriver(
    { secretKey: KEYS.STRIPE_SECRET_KEY, webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET },
    sdk,
  );
  const intent = {
    id: 'pi_3Portal',
    object: 'payment_intent',
    amount: 4250,
    currency: 'eur',
    status: 'requires_action',
    client_secret: 'pi_3Portal_secret_abc',
    payment_method: 'pm_1Card',
    statement_descriptor_suffix: 'PORTAL INV 000103',
    next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
    last_payment_error: null,
    metadata: { contractUid: 'c-1', paymentUid: 'p-1' },
  };

  it('verifies a webhook with the SDK and maps its PaymentIntent', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1_790_000_000,
      data: { object: { ...intent, status: 'succeeded', next_action: null } },
    });
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: KEYS.STRIPE_WEBHOOK_SECRET });
    const event = driver.verifyWebhook(payload, header);
    expect(event).toMatchObject({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      object: {
        object: 'payment_intent',
        id: 'pi_3Portal',
        status: 'succeeded',
        amount: 4250n,
        currency: 'EUR',
        paymentMethod: 'pm_1Card',
        metadata: { paymentUid: 'p-1' },
      },
    });

    const forged = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(() => driver.verifyWebhook(payload, forged)).toThrow(WebhookSignatureError);
    expect(() => driver.verifyWebhook(payload, undefined)).toThrow(WebhookSignatureError);
    expect(() => driver.verifyWebhook(`${payload} `, header)).toThrow(WebhookSignatureError);
  });

  it('creates intents with the idempotency key, and maps 3-D Secure, errors and methods', async () => {
    const calls: { params: unknown; options: unknown }[] = [];
    const fake = {
      paymentIntents: {
        create: async (params: unknown, options: unknown) => {
          calls.push({ params, options });
          return intent;
        },
      },
      paymentMethods: {
        retrieve: async () => ({
          id: 'pm_1Card',
          type: 'card',
          card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
        }),
      },
      setupIntents: {
        retrieve: async () => ({
          id: 'seti_1',
          object: 'setup_intent',
          status: 'requires_payment_method',
          client_secret: 'seti_1_secret_x',
          payment_method: null,
          last_setup_error: {
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
          metadata: { contractUid: 'c-1' },
        }),
      },
    } as unknown as Stripe;
    const withFake = new StripeDriver({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x' }, fake);
    const view = await withFake.createPaymentIntent({
      amount: 4250n,
      currency: 'EUR',
      customer: 'cus_1',
      method: 'card',
      paymentMethod: 'pm_1Card',
      description: 'Payment of invoice INV-2026-000103',
      statementDescriptor: 'PORTAL INV 000103',
      metadata: { contractUid: 'c-1', paymentUid: 'p-1' },
      idempotencyKey: 'ws:key-1',
      returnUrl: '/x',
    });
    expect(calls).toEqual([
      {
        params: {
          amount: 4250,
          currency: 'eur',
          customer: 'cus_1',
          allowed_payment_method_types: ['card'],
          payment_method: 'pm_1Card',
          description: 'Payment of invoice INV-2026-000103',
          statement_descriptor_suffix: 'PORTAL INV 000103',
          metadata: { contractUid: 'c-1', paymentUid: 'p-1' },
        },
        options: { idempotencyKey: 'ws:key-1' },
      },
    ]);
    expect(view).toMatchObject({
      status: 'requires_action',
      nextAction: { type: 'use_stripe_sdk', url: null },
      clientSecret: 'pi_3Portal_secret_abc',
      amount: 4250n,
    });
    expect(await withFake.retrievePaymentMethod('pm_1Card')).toEqual({
      id: 'pm_1Card',
      type: 'card',
      card: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 },
      paypal: null,
    });
    expect(await withFake.retrieveSetupIntent('seti_1')).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      lastError: {
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
  });
});
