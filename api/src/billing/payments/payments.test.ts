import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ManualScheduler } from '../../compute/scheduler.js';
import type { Database } from '../../db/client.js';
import { DEMO_CONTRACTS, OTHER_CONTRACT_UID } from '../../db/demo.js';
import { invoices, workspaces } from '../../db/schema.js';
import { type DemoSeed, seedDemo } from '../../db/seed.js';
import { tokenContext } from '../../graphql/context.js';
import { PERMISSION_DENIED } from '../../graphql/errors.js';
import { buildSchema } from '../../modules.js';
import { errorMessages, gql, WSA_TOKEN } from '../../test/graphql.js';
import { captureLogs, type LogLine, openTestDatabase, testConfig } from '../../test/helpers.js';
import { Browser, signedInBrowser } from '../../test/identity.js';
import { InvoiceSchedule } from '../invoice-schedule.js';
import { ledgerEntries, payments as ledgerPayments } from '../tables.js';
import { PAYMENT_MESSAGES as M } from './messages.js';
import { DEMO_PENDING_INTENT } from './seed.js';
import { paymentAttempts } from './tables.js';
import { signPayload } from './webhook-signature.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// Make a Payment and payment methods through the real GraphQL round trip and the sandbox's REST
// endpoints and pages, on one seeded app: settlement only by the (signed) webhook, once per intent.

const SECRET = 'whsec_test_sandbox_0123456789';
let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
let logs: LogLine[];
let demo: Browser;

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  const captured = captureLogs();
  logs = captured.lines;
  app = buildApp(testConfig({ PORTAL_DEV_TOOLS: '1', PAYMENTS_SANDBOX_WEBHOOK_SECRET: SECRET }), {
    database,
    logger: captured.logger,
    compute: { scheduler: new ManualScheduler(Date.now()) },
  });
  await app.ready();
  demo = await signedInBrowser(app, database.db, seed.demoUser);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const PAYMENT = `uid contractUid status purpose invoiceUids amount currency statementDescriptor fullDescription
  provider methodType paymentMethodUid intentId clientSecret nextAction { type url }
  lastError { code declineCode message } createdAt expiresAt finishedAt`;
const METHOD = `uid methodId methodType isDefault cardBrand cardLast4 cardExpMonth cardExpYear
  paypalCountry paypalPayerEmail effectiveFrom effectiveTill`;
const START = `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { ${PAYMENT} } }`;
const GET = `query ($c: String!, $uid: ID!) { payment(contractUid: $c, uid: $uid) { ${PAYMENT} } }`;
const PENDING = `query ($c: String!) { pendingPayment(contractUid: $c) { ${PAYMENT} } }`;
const METHODS = `query ($c: String!) { paymentMethods(contractUid: $c) { ${METHOD} } }`;
const BALANCE = `query ($c: String!) { fundBalance(contractUid: $c) { amount amountDue
  paymentMethods { uid isDefault } pendingPayment { uid status amount clientSecret invoiceUid } } }`;

let n = 0;
const key = () => `test-key-${++n}-${Date.now()}`;
const RETURN = '/workspace/x/billing/invoices';

const start = async (contractUid: string, input: Record<string, unknown>, browser = demo) =>
  gql(browser, START, { input: { contractUid, idempotencyKey: key(), returnUrl: RETURN, ...input } });
const started = async (contractUid: string, input: Record<string, unknown>) => {
  const answer = await start(contractUid, input);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.startPayment as Json;
};
const paymentOf = async (contractUid: string, uid: string) =>
  (await gql(demo, GET, { c: contractUid, uid })).body.data.payment as Json;
const balanceOf = async (contractUid: string) =>
  (await gql(demo, BALANCE, { c: contractUid })).body.data.fundBalance as Json;

const card = (number: string, extra: Record<string, unknown> = {}) => ({
  payment_method_data: {
    type: 'card',
    card: { number, exp_month: 12, exp_year: 2030, cvc: '123', ...extra },
  },
});
const confirm = async (payment: Json, body: Record<string, unknown>, kind = 'payment_intents') => {
  const id = payment.intentId ?? payment.setupIntentId;
  const response = await app.inject({
    method: 'POST',
    url: `/sandbox/stripe/v1/${kind}/${id}/confirm`,
    payload: { client_secret: payment.clientSecret, return_url: RETURN, ...body },
  });
  return { status: response.statusCode, body: response.json() as Json };
};
const form = (url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const webhook = (payload: string, signature?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
const settledCount = async (intentId: string) =>
  (await database.db.select().from(ledgerPayments).where(eq(ledgerPayments.idempotencyKey, intentId))).length;
const invoiceId = async (number: string) =>
  (await database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, number)))[0]!.id;
const errorOf = (answer: Json) => answer.body.errors?.[0] as Json;

describe('Make a Payment', () => {
  it('pays a selected invoice with a new card: settled by the webhook once, the invoice paid, published', async () => {
    const c = DEMO_CONTRACTS.legacy;
    // the seeded pending payment: an abandoned 3-D Secure, ready to resume
    const pending = (await gql(demo, PENDING, { c })).body.data.pendingPayment;
    expect(pending).toMatchObject({
      status: 'REQUIRES_ACTION',
      amount: '42.50',
      currency: 'EUR',
      intentId: DEMO_PENDING_INTENT,
      nextAction: {
        type: 'REDIRECT_TO_URL',
        url: expect.stringContaining(`/sandbox/stripe/3ds/${DEMO_PENDING_INTENT}`),
      },
    });
    expect((await balanceOf(c)).pendingPayment).toMatchObject({
      uid: pending.uid,
      status: 'REQUIRES_ACTION',
    });

    // a listener, as every open tab's subscription is (the repeater starts listening at its first next())
    const heard: string[] = [];
    let target = '';
    let heardTarget!: () => void;
    const reached = new Promise<void>((resolve) => {
      heardTarget = resolve;
    });
    const events = app.graphql.pubsub.subscribe('paymentChanged', c);
    void (async () => {
      for await (const event of events) {
        heard.push(event.uid);
        if (target && heard.includes(target)) return heardTarget();
      }
    })();
    const invoice103 = await invoiceId('INV-2026-000103');
    const once = { invoiceUids: [invoice103], newCard: true, idempotencyKey: 'pay-invoice-103-once' };
    const payment = await started(c, once);
    target = payment.uid;
    expect(payment).toMatchObject({
      status: 'REQUIRES_PAYMENT_METHOD',
      purpose: 'INVOICES',
      invoiceUids: [invoice103],
      amount: '42.50',
      currency: 'EUR',
      statementDescriptor: 'PORTAL INV 000103',
      fullDescription: 'Payment of invoice INV-2026-000103',
      provider: 'SANDBOX',
      methodType: 'CARD',
      paymentMethodUid: null,
      clientSecret: expect.stringMatching(/^pi_[a-f0-9]+_secret_[a-f0-9]+$/),
      nextAction: null,
      lastError: null,
      finishedAt: null,
    });
    expect(Date.parse(payment.expiresAt) - Date.parse(payment.createdAt)).toBe(24 * 60 * 60 * 1000);
    // a new payment replaces the one not finished
    expect((await paymentOf(c, pending.uid)).status).toBe('CANCELED');

    const confirmed = await confirm(payment, card('4242 4242 4242 4242'));
    expect(confirmed).toMatchObject({
      status: 200,
      body: {
        id: payment.intentId,
        object: 'payment_intent',
        status: 'succeeded',
        amount: 4250,
        currency: 'eur',
      },
    });
    const after = await paymentOf(c, payment.uid);
    expect(after).toMatchObject({ status: 'SUCCEEDED', lastError: null, finishedAt: expect.any(String) });
    expect(await balanceOf(c)).toMatchObject({ amount: '0.00', amountDue: '0.00', pendingPayment: null });
    const invoicePage = await gql(
      demo,
      `query ($c: String!) { legacyContract(contractUid: $c) { invoices { number status amountDue paymentCreatedBy } } }`,
      { c },
    );
    expect(invoicePage.body.data.legacyContract.invoices).toContainEqual({
      number: 'INV-2026-000103',
      status: 'PAID',
      amountDue: '0.00',
      paymentCreatedBy: 'Demo Customer',
    });
    const [ledgerRow] = await database.db
      .select()
      .from(ledgerPayments)
      .where(eq(ledgerPayments.idempotencyKey, payment.intentId));
    expect(ledgerRow).toMatchObject({ amount: '42.50', currency: 'EUR', method: 'Card ending 4242' });
    // a retry of the click after it succeeded answers the same payment (not "already paid")
    expect(await started(c, once)).toMatchObject({ uid: payment.uid, status: 'SUCCEEDED' });
    // every open tab hears it
    await reached;
    expect(heard).toContain(pending.uid);
    // the same signed event delivered again (a provider's retry): 200, applied once
    const list = (
      await app.inject({ method: 'GET', url: `/_dev/billing/sandbox/events?intentId=${payment.intentId}` })
    ).json() as Json;
    expect(list.events.map((e: Json) => [e.type, e.delivered])).toEqual([
      ['payment_intent.processing', true],
      ['payment_intent.succeeded', true],
    ]);
    const succeeded = list.events[1];
    for (let i = 0; i < 2; i++)
      expect((await webhook(succeeded.payload, succeeded.signature)).statusCode).toBe(200);
    expect(await settledCount(payment.intentId)).toBe(1);
    expect(await balanceOf(c)).toMatchObject({ amount: '0.00' });
  });

  it('refuses a webhook with a bad signature: 400, logged, nothing applied', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const payment = await started(c, { topUpAmount: '11.00', newCard: true });
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: payment.intentId,
          object: 'payment_intent',
          status: 'succeeded',
          amount: 1100,
          currency: 'eur',
        },
      },
    });
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [
      undefined,
      'garbage',
      signPayload(forged, 'whsec_not_ours', now),
      signPayload(forged, SECRET, now - 3600), // a replay from an hour ago
    ]) {
      const answer = await webhook(forged, signature);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: 'Webhook signature verification failed.' });
    }
    expect(
      logs.filter((l) => l.msg === 'payments: webhook refused (bad signature)').length,
    ).toBeGreaterThanOrEqual(4);
    expect(await settledCount(payment.intentId)).toBe(0);
    expect((await paymentOf(c, payment.uid)).status).toBe('REQUIRES_PAYMENT_METHOD');
    // and the right signature is accepted (the handler is the same)
    expect((await webhook(forged, signPayload(forged, SECRET, now))).statusCode).toBe(200);
    expect(await settledCount(payment.intentId)).toBe(1);
  });

  it('a Stripe refund (refund.created, then .updated succeeded) cashes out once per refund id; forged: 400, nothing', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const [attempt] = await database.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.status, 'SUCCEEDED'), eq(paymentAttempts.amount, '11.00')));
    const before = await balanceOf(c);
    const refundEvent = (id: string, type: string, status: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: 're_3PortalRefund1',
            object: 'refund',
            amount: 400,
            currency: 'eur',
            payment_intent: attempt!.intentId,
            status,
          },
        },
      });
    const refunds = async () =>
      (await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'refund'))).filter((e) =>
        e.description.includes('re_3PortalRefund1'),
      );
    const now = Math.floor(Date.now() / 1000);
    // forged: refused, nothing applied
    const forged = refundEvent('evt_refund_0', 'refund.updated', 'succeeded');
    expect((await webhook(forged, signPayload(forged, 'whsec_not_ours', now))).statusCode).toBe(400);
    expect(await refunds()).toEqual([]);
    // pending at creation: nothing yet
    const pending = refundEvent('evt_refund_1', 'refund.created', 'pending');
    expect((await webhook(pending, signPayload(pending, SECRET, now))).statusCode).toBe(200);
    expect(await refunds()).toEqual([]);
    // succeeded, delivered twice: one refund entry
    const done = refundEvent('evt_refund_2', 'refund.updated', 'succeeded');
    for (let i = 0; i < 2; i++)
      expect((await webhook(done, signPayload(done, SECRET, now))).statusCode).toBe(200);
    expect((await refunds()).map((e) => [e.amount, e.currency, e.description])).toEqual([
      ['-4.00', 'EUR', 'Refund (Stripe re_3PortalRefund1)'],
    ]);
    expect(Number((await balanceOf(c)).amount) - Number(before.amount)).toBeCloseTo(-4, 2);
  });

  it('a declined card and a bad card number come back with the reason; another card then pays', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const before = (await balanceOf(c)).amount;
    const payment = await started(c, { topUpAmount: '20.00', newCard: true });
    expect(payment).toMatchObject({
      purpose: 'TOP_UP',
      amount: '20.00',
      statementDescriptor: 'PORTAL CLOUD TOP-UP',
      fullDescription: 'Top-up of the account balance',
    });
    const declined = await confirm(payment, card('4000 0000 0000 9995'));
    expect(declined.body).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    expect((await paymentOf(c, payment.uid)).lastError).toEqual({
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const badNumber = await confirm(payment, card('4242 4242 4242 4241'));
    expect(badNumber.body.last_payment_error).toMatchObject({
      code: 'incorrect_number',
      message: 'Your card number is invalid.',
      param: 'number',
    });
    const pastExpiry = await confirm(payment, card('4242424242424242', { exp_year: 2020 }));
    expect(pastExpiry.body.last_payment_error).toMatchObject({
      message: "Your card's expiration year is in the past.",
      param: 'exp_month',
    });
    expect((await confirm(payment, card('4242424242424242'))).body.status).toBe('succeeded');
    expect(await balanceOf(c)).toMatchObject({ amount: (Number(before) + 20).toFixed(2) });
    // a finished intent cannot be confirmed again
    const again = await confirm(payment, card('4242424242424242'));
    expect(again).toMatchObject({
      status: 400,
      body: { error: { code: 'payment_intent_unexpected_state' } },
    });
    // a wrong client secret is refused
    const wrong = await confirm(
      { ...payment, clientSecret: `${payment.intentId}_secret_nope` },
      card('4242424242424242'),
    );
    expect(wrong).toMatchObject({ status: 401, body: { error: { code: 'client_secret_invalid' } } });
  });

  it('3-D Secure: the challenge page fails, then completes; the return URL gets Stripe’s parameters', async () => {
    const c = DEMO_CONTRACTS.webshop;
    const payment = await started(c, { topUpAmount: '30.00', newCard: true });
    expect(payment.currency).toBe('USD');
    const challenged = await confirm(payment, card('4000 0027 6000 3184'));
    expect(challenged.body).toMatchObject({
      status: 'requires_action',
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: { url: expect.stringContaining('/sandbox/stripe/3ds/') },
      },
    });
    const url = challenged.body.next_action.redirect_to_url.url as string;
    expect(await paymentOf(c, payment.uid)).toMatchObject({
      status: 'REQUIRES_ACTION',
      nextAction: { type: 'REDIRECT_TO_URL', url },
    });
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    expect(page.body).toContain('$30.00');
    expect(page.body).toContain('PORTAL CLOUD TOP-UP');

    const failed = await form(url.split('?')[0]!, { client_secret: payment.clientSecret, outcome: 'fail' });
    expect(failed.statusCode).toBe(303);
    const failedTo = new URL(failed.headers.location as string, 'http://x');
    expect(failedTo.pathname).toBe(RETURN);
    expect(Object.fromEntries(failedTo.searchParams)).toEqual({
      payment_intent: payment.intentId,
      payment_intent_client_secret: payment.clientSecret,
      redirect_status: 'failed',
    });
    expect((await paymentOf(c, payment.uid)).lastError).toMatchObject({
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });

    await confirm(payment, card('4000 0027 6000 3184'));
    const approved = await form(url.split('?')[0]!, {
      client_secret: payment.clientSecret,
      outcome: 'approve',
    });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toContain('redirect_status=succeeded');
    expect((await paymentOf(c, payment.uid)).status).toBe('SUCCEEDED');
    expect(await balanceOf(c)).toMatchObject({ amount: '1230.00' });
    // the page of a finished payment has nothing to confirm
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(409);
  });

  it('an abandoned payment survives a reload: resumed, then canceled; a finished one is not canceled', async () => {
    const c = DEMO_CONTRACTS.webshop;
    const payment = await started(c, { topUpAmount: '45.50', newCard: true });
    await confirm(payment, card('4000002760003184'));
    // "reload": the page asks for the pending payment
    const pending = (await gql(demo, PENDING, { c })).body.data.pendingPayment;
    expect(pending).toMatchObject({ uid: payment.uid, status: 'REQUIRES_ACTION', amount: '45.50' });
    const resumed = await gql(
      demo,
      `mutation ($c: String!, $uid: ID!) { resumePayment(contractUid: $c, uid: $uid) { ${PAYMENT} } }`,
      { c, uid: payment.uid },
    );
    expect(resumed.body.data.resumePayment).toMatchObject({
      uid: payment.uid,
      status: 'REQUIRES_ACTION',
      clientSecret: payment.clientSecret,
      nextAction: { type: 'REDIRECT_TO_URL' },
    });
    const CANCEL = `mutation ($c: String!, $uid: ID!) { cancelPayment(contractUid: $c, uid: $uid) { ${PAYMENT} } }`;
    const canceled = await gql(demo, CANCEL, { c, uid: payment.uid });
    expect(canceled.body.data.cancelPayment).toMatchObject({
      status: 'CANCELED',
      finishedAt: expect.any(String),
    });
    expect((await gql(demo, PENDING, { c })).body.data.pendingPayment).toBeNull();
    const twice = await gql(demo, CANCEL, { c, uid: payment.uid });
    expect(errorOf(twice)).toMatchObject({
      message: M.cancelFinished,
      extensions: { code: 'PAYMENT_REFUSED' },
    });
    expect(await balanceOf(c)).toMatchObject({ amount: '1230.00' });
  });

  it('pays with the saved default card', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const methods = (await gql(demo, METHODS, { c })).body.data.paymentMethods as Json[];
    expect(methods.map((m) => [m.methodType, m.cardLast4 ?? m.paypalPayerEmail, m.isDefault])).toEqual([
      ['CARD', '4242', true],
      ['PAYPAL', 'demo@example.com', false],
    ]);
    const payment = await started(c, { topUpAmount: '15.00', paymentMethodUid: methods[0].uid });
    expect(payment).toMatchObject({ paymentMethodUid: methods[0].uid, methodType: 'CARD' });
    expect((await confirm(payment, { payment_method: 'pm_demo_visa_4242' })).body.status).toBe('succeeded');
    const [row] = await database.db
      .select()
      .from(ledgerPayments)
      .where(eq(ledgerPayments.idempotencyKey, payment.intentId));
    expect(row).toMatchObject({ amount: '15.00', method: 'Card ending 4242', createdBy: 'Demo Customer' });
  });

  it('PayPal: canceled on the approval page with the reason, approved on a second try', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const first = await started(c, { topUpAmount: '25.00', paypal: true });
    expect(first).toMatchObject({
      status: 'REQUIRES_ACTION',
      methodType: 'PAYPAL',
      nextAction: {
        type: 'PAYPAL_APPROVAL',
        url: expect.stringContaining(`/sandbox/paypal/checkout/${first.intentId}`),
      },
    });
    const page = await app.inject({ method: 'GET', url: first.nextAction.url });
    expect(page.body).toContain('Pay with PayPal');
    expect(page.body).toContain('Approve');
    const canceled = await form(`/sandbox/paypal/checkout/${first.intentId}`, {
      client_secret: first.clientSecret,
      outcome: 'fail',
    });
    expect(canceled.headers.location).toContain('redirect_status=failed');
    expect(await paymentOf(c, first.uid)).toMatchObject({
      status: 'REQUIRES_PAYMENT_METHOD',
      lastError: {
        code: 'paypal_canceled',
        message: 'You canceled the payment at PayPal. Nothing was charged.',
      },
    });
    const before = (await balanceOf(c)).amount;
    const second = await started(c, { topUpAmount: '25.00', paypal: true });
    expect((await paymentOf(c, first.uid)).status).toBe('CANCELED');
    const approved = await form(`/sandbox/paypal/checkout/${second.intentId}`, {
      client_secret: second.clientSecret,
      outcome: 'approve',
    });
    expect(approved.headers.location).toContain('redirect_status=succeeded');
    expect((await paymentOf(c, second.uid)).status).toBe('SUCCEEDED');
    expect((await balanceOf(c)).amount).toBe((Number(before) + 25).toFixed(2));
    const [row] = await database.db
      .select()
      .from(ledgerPayments)
      .where(eq(ledgerPayments.idempotencyKey, second.intentId));
    expect(row?.method).toBe('PayPal');
  });

  it('refuses bad input naming the field, and starts nothing', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const [cabinet] = await database.db.select().from(workspaces).where(eq(workspaces.contractUid, c));
    const count = async () =>
      (await database.db.select().from(paymentAttempts).where(eq(paymentAttempts.workspaceId, cabinet!.id)))
        .length;
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ topUpAmount: '12.345', newCard: true }, M.topUpDecimals, 'topUpAmount'],
      [{ topUpAmount: '0', newCard: true }, M.topUpPositive, 'topUpAmount'],
      [{ topUpAmount: '0.00', newCard: true }, M.topUpPositive, 'topUpAmount'],
      [{ topUpAmount: '-5.00', newCard: true }, M.topUpPositive, 'topUpAmount'],
      [{ topUpAmount: 'ten', newCard: true }, M.topUpFormat, 'topUpAmount'],
      [{ topUpAmount: '4.99', newCard: true }, M.topUpMin, 'topUpAmount'],
      [{ topUpAmount: '10000.01', newCard: true }, M.topUpMax, 'topUpAmount'],
      [{ topUpAmount: '99999999999', newCard: true }, M.topUpMax, 'topUpAmount'],
      [{ newCard: true }, M.what, 'invoiceUids'],
      [{ allDue: true, topUpAmount: '10.00', newCard: true }, M.what, 'invoiceUids'],
      [{ topUpAmount: '10.00' }, M.how, 'paymentMethodUid'],
      [{ topUpAmount: '10.00', newCard: true, paypal: true }, M.how, 'paymentMethodUid'],
      [{ topUpAmount: '10.00', paypal: true, saveCard: true }, M.saveCard, 'saveCard'],
      [{ allDue: true, newCard: true }, M.nothingDue, 'allDue'],
      [{ invoiceUids: [], newCard: true }, M.noInvoices, 'invoiceUids'],
      [
        { invoiceUids: [await invoiceId('INV-2026-000201')], newCard: true },
        M.invoicePaid('INV-2026-000201'),
        'invoiceUids',
      ],
      [{ topUpAmount: '10.00', newCard: true, idempotencyKey: 'short' }, M.idempotencyKey, 'idempotencyKey'],
      [
        { topUpAmount: '10.00', newCard: true, returnUrl: 'https://evil.example/x' },
        M.returnUrl,
        'returnUrl',
      ],
      [{ topUpAmount: '10.00', newCard: true, returnUrl: '//evil.example/x' }, M.returnUrl, 'returnUrl'],
      [{ topUpAmount: '10.00', newCard: true, returnUrl: 'javascript:alert(1)' }, M.returnUrl, 'returnUrl'],
    ];
    for (const [input, message, field] of cases) {
      const answer = await start(c, input);
      expect(errorOf(answer), JSON.stringify(input)).toMatchObject({
        message,
        extensions: { code: 'INVALID_INPUT', field },
      });
      expect(answer.body.data).toBeNull();
    }
    // another workspace's invoice: the permission message, as any object not the caller's
    const other = await start(c, { invoiceUids: [await invoiceId('INV-2026-000107')], newCard: true });
    expect(errorMessages(other)).toEqual([PERMISSION_DENIED]);
    const notUuid = await start(c, { invoiceUids: ['nope'], newCard: true });
    expect(errorMessages(notUuid)).toEqual([PERMISSION_DENIED]);
    expect(await count()).toBe(before);
  });

  it('the same idempotency key answers the same payment; another payment with it is refused', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const idempotencyKey = key();
    const first = await gql(demo, START, {
      input: { contractUid: c, topUpAmount: '50.00', newCard: true, idempotencyKey, returnUrl: RETURN },
    });
    const again = await gql(demo, START, {
      input: { contractUid: c, topUpAmount: '50.00', newCard: true, idempotencyKey, returnUrl: RETURN },
    });
    expect(again.body.data.startPayment.uid).toBe(first.body.data.startPayment.uid);
    expect(again.body.data.startPayment.intentId).toBe(first.body.data.startPayment.intentId);
    const different = await gql(demo, START, {
      input: { contractUid: c, topUpAmount: '60.00', newCard: true, idempotencyKey, returnUrl: RETURN },
    });
    expect(errorOf(different)).toMatchObject({
      message: M.idempotencyReused,
      extensions: { field: 'idempotencyKey' },
    });
  });

  it('money moves only with the webhook: held deliveries leave the ledger alone and refuse a new payment', async () => {
    const c = DEMO_CONTRACTS.webshop;
    const before = (await balanceOf(c)).amount;
    const hold = (value: boolean) =>
      app.inject({ method: 'POST', url: '/_dev/billing/sandbox/deliveries', payload: { hold: value } });
    expect((await hold(true)).json()).toEqual({ hold: true, delivered: 0 });
    try {
      const payment = await started(c, { topUpAmount: '12.00', newCard: true });
      expect((await confirm(payment, card('4242424242424242'))).body.status).toBe('succeeded');
      expect((await paymentOf(c, payment.uid)).status).toBe('REQUIRES_PAYMENT_METHOD');
      expect((await balanceOf(c)).amount).toBe(before);
      // the provider has it: a new payment cannot replace it
      const refused = await start(c, { topUpAmount: '13.00', newCard: true });
      expect(errorOf(refused)).toMatchObject({
        message: M.processing,
        extensions: { code: 'PAYMENT_REFUSED' },
      });
      expect((await hold(false)).json()).toEqual({ hold: false, delivered: 2 });
      expect((await paymentOf(c, payment.uid)).status).toBe('SUCCEEDED');
      expect((await balanceOf(c)).amount).toBe((Number(before) + 12).toFixed(2));
    } finally {
      await hold(false);
    }
  });

  it('paymentChanged tells every tab how a payment moves; another customer’s workspace is refused', async () => {
    const c = DEMO_CONTRACTS.webshop;
    const claims = await app.graphql.wsaTokens.verify((await gql(demo, WSA_TOKEN)).body.data.getWSAToken);
    const open = (contractUid: string) =>
      subscribe({
        schema: buildSchema(),
        document: parse(
          'subscription ($c: String!) { paymentChanged(contractUid: $c) { uid status amount } }',
        ),
        variableValues: { c: contractUid },
        contextValue: tokenContext(app.graphql, claims, '127.0.0.1'),
      });
    const refused = (await open(OTHER_CONTRACT_UID)) as Json;
    expect(refused.errors.map((e: Json) => e.message)).toEqual([PERMISSION_DENIED]);

    const events = (await open(c)) as AsyncGenerator<Json>;
    const first = events.next();
    const mastercard = ((await gql(demo, METHODS, { c })).body.data.paymentMethods as Json[])[0];
    const payment = await started(c, { topUpAmount: '19.99', paymentMethodUid: mastercard.uid });
    expect((await first).value.data.paymentChanged).toMatchObject({ uid: payment.uid, amount: '19.99' });
    await confirm(payment, { payment_method: mastercard.methodId });
    const statuses: string[] = [];
    for (let i = 0; i < 10 && !statuses.includes('SUCCEEDED'); i++) {
      const next = await events.next();
      statuses.push(next.value.data.paymentChanged.status);
    }
    expect(statuses.at(-1)).toBe('SUCCEEDED');
    await events.return(undefined);
  });

  it('answers the limits; refuses another customer, an authorized person without a role and no session', async () => {
    const limits = await gql(
      demo,
      `query ($c: String!) { paymentLimits(contractUid: $c) { contractUid currency minTopUp maxTopUp amountDue provider } }`,
      { c: DEMO_CONTRACTS.partner },
    );
    // demo sees the partner workspace as an authorized person: may look
    expect(limits.body.data.paymentLimits).toEqual({
      contractUid: DEMO_CONTRACTS.partner,
      currency: 'USD',
      minTopUp: '5.00',
      maxTopUp: '10000.00',
      amountDue: '15.00',
      provider: 'SANDBOX',
    });
    // … not pay, nor manage methods
    expect(errorMessages(await start(DEMO_CONTRACTS.partner, { allDue: true, newCard: true }))).toEqual([
      PERMISSION_DENIED,
    ]);
    expect(
      errorMessages(
        await gql(
          demo,
          `mutation ($c: String!) { startPaymentMethodSetup(contractUid: $c) { clientSecret } }`,
          {
            c: DEMO_CONTRACTS.partner,
          },
        ),
      ),
    ).toEqual([PERMISSION_DENIED]);
    // another customer's workspace, for every field
    for (const [query, vars] of [
      [PENDING, { c: OTHER_CONTRACT_UID }],
      [METHODS, { c: OTHER_CONTRACT_UID }],
      [GET, { c: OTHER_CONTRACT_UID, uid: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      expect(errorMessages(await gql(demo, query, vars))).toEqual([PERMISSION_DENIED]);
    }
    expect(errorMessages(await start(OTHER_CONTRACT_UID, { allDue: true, newCard: true }))).toEqual([
      PERMISSION_DENIED,
    ]);
    // a payment of another workspace of the caller's, asked for through the wrong workspace
    const [webshopPayment] = await database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.workspaceId, await wsId(DEMO_CONTRACTS.webshop)))
      .limit(1);
    expect(
      errorMessages(await gql(demo, GET, { c: DEMO_CONTRACTS.cabinet, uid: webshopPayment!.id })),
    ).toEqual([PERMISSION_DENIED]);
    const anonymous = new Browser(app);
    expect(errorMessages(await gql(anonymous, PENDING, { c: DEMO_CONTRACTS.cabinet }))).toEqual([
      PERMISSION_DENIED,
    ]);
    expect(
      errorMessages(await start(DEMO_CONTRACTS.cabinet, { allDue: true, newCard: true }, anonymous)),
    ).toEqual([PERMISSION_DENIED]);
  });

  it('a payment unfinished for a day is canceled as abandoned (the dev tool does it for one workspace)', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const payment = await started(c, { topUpAmount: '8.00', newCard: true });
    expect((await app.inject({ method: 'POST', url: '/_dev/billing/payments/expire-stale' })).json()).toEqual(
      {
        expired: 0,
      },
    );
    const expired = await app.inject({
      method: 'POST',
      url: `/_dev/billing/workspaces/${c}/pending-payment/expire`,
    });
    expect(expired.json()).toEqual({ expired: 1 });
    expect((await paymentOf(c, payment.uid)).status).toBe('CANCELED');
    const intent = await app.inject({
      method: 'GET',
      url: `/sandbox/stripe/v1/payment_intents/${payment.intentId}?client_secret=${payment.clientSecret}`,
    });
    expect(intent.json()).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
  });
});

const wsId = async (contractUid: string) =>
  (
    await database.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.contractUid, contractUid))
  )[0]!.id;

describe('payment methods', () => {
  const SETUP = `mutation ($c: String!) { startPaymentMethodSetup(contractUid: $c) { setupIntentId clientSecret provider } }`;
  const COMPLETE = `mutation ($c: String!, $s: String!, $d: Boolean) {
    completePaymentMethodSetup(contractUid: $c, setupIntentId: $s, makeDefault: $d) { ${METHOD} } }`;
  const DEFAULT = `mutation ($c: String!, $uid: ID!) { setDefaultPaymentMethod(contractUid: $c, uid: $uid) { ${METHOD} } }`;
  const REMOVE = `mutation ($c: String!, $uid: ID!) { removePaymentMethod(contractUid: $c, uid: $uid) { ${METHOD} } }`;

  const addCard = async (c: string, number: string, makeDefault?: boolean) => {
    const setup = (await gql(demo, SETUP, { c })).body.data.startPaymentMethodSetup;
    expect(setup).toMatchObject({ provider: 'SANDBOX', setupIntentId: expect.stringMatching(/^seti_/) });
    const confirmed = await confirm(setup, card(number), 'setup_intents');
    expect(confirmed.body).toMatchObject({
      object: 'setup_intent',
      status: 'succeeded',
      payment_method: expect.any(String),
    });
    const done = await gql(demo, COMPLETE, { c, s: setup.setupIntentId, d: makeDefault ?? null });
    expect(done.body.errors).toBeUndefined();
    return { setup, method: done.body.data.completePaymentMethodSetup as Json };
  };

  it('adds cards through SetupIntents, chooses the default, removes one; not the last while an amount is due', async () => {
    const c = DEMO_CONTRACTS.legacy; // no methods in the seed
    expect((await gql(demo, METHODS, { c })).body.data.paymentMethods).toEqual([]);
    const { setup, method: master } = await addCard(c, '5555 5555 5555 4444');
    expect(master).toMatchObject({
      methodType: 'CARD',
      cardBrand: 'mastercard',
      cardLast4: '4444',
      cardExpMonth: 12,
      cardExpYear: 2030,
      isDefault: true, // the first one
      effectiveTill: null,
    });
    // completing twice answers the same method
    const twice = await gql(demo, COMPLETE, { c, s: setup.setupIntentId });
    expect(twice.body.data.completePaymentMethodSetup.uid).toBe(master.uid);
    const { method: visa } = await addCard(c, '4242424242424242', true);
    expect(visa).toMatchObject({ cardBrand: 'visa', isDefault: true });
    let list = (await gql(demo, METHODS, { c })).body.data.paymentMethods as Json[];
    expect(list.map((m) => [m.cardLast4, m.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    list = (await gql(demo, DEFAULT, { c, uid: master.uid })).body.data.setDefaultPaymentMethod;
    expect(list.map((m) => [m.cardLast4, m.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    // removing the default makes the remaining one the default
    list = (await gql(demo, REMOVE, { c, uid: master.uid })).body.data.removePaymentMethod;
    expect(list.map((m) => [m.cardLast4, m.isDefault])).toEqual([['4242', true]]);
    expect((await balanceOf(c)).paymentMethods).toEqual([{ uid: visa.uid, isDefault: true }]);
    // a removed method: refused by name
    expect(errorOf(await gql(demo, REMOVE, { c, uid: master.uid }))).toMatchObject({
      message: M.methodRemoved,
      extensions: { field: 'uid' },
    });
    expect(errorOf(await start(c, { topUpAmount: '10.00', paymentMethodUid: master.uid }))).toMatchObject({
      message: M.methodRemoved,
      extensions: { field: 'paymentMethodUid' },
    });
    // another workspace's method
    const cabinetVisa = (await gql(demo, METHODS, { c: DEMO_CONTRACTS.cabinet })).body.data.paymentMethods[0];
    expect(errorMessages(await gql(demo, DEFAULT, { c, uid: cabinetVisa.uid }))).toEqual([PERMISSION_DENIED]);
    expect(
      errorMessages(await start(c, { topUpAmount: '10.00', paymentMethodUid: cabinetVisa.uid })),
    ).toEqual([PERMISSION_DENIED]);
    // the last one while an amount is due: refused with the reason
    await app.inject({ method: 'POST', url: `/_dev/workspaces/${c}/balance`, payload: { amount: '-10.00' } });
    expect(errorOf(await gql(demo, REMOVE, { c, uid: visa.uid }))).toMatchObject({
      message: M.lastMethod,
      extensions: { code: 'PAYMENT_REFUSED' },
    });
    expect((await gql(demo, METHODS, { c })).body.data.paymentMethods).toHaveLength(1);
    await app.inject({ method: 'POST', url: `/_dev/workspaces/${c}/balance`, payload: { amount: '0.00' } });
    expect((await gql(demo, REMOVE, { c, uid: visa.uid })).body.data.removePaymentMethod).toEqual([]);
  });

  it('refuses a setup that did not succeed, an unknown one and another workspace’s', async () => {
    const c = DEMO_CONTRACTS.webshop;
    const setup = (await gql(demo, SETUP, { c })).body.data.startPaymentMethodSetup;
    expect(errorOf(await gql(demo, COMPLETE, { c, s: setup.setupIntentId }))).toMatchObject({
      message: M.setupNotSucceeded,
      extensions: { field: 'setupIntentId' },
    });
    const declined = await confirm(setup, card('4000000000000002'), 'setup_intents');
    expect(declined.body).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(errorOf(await gql(demo, COMPLETE, { c, s: 'seti_doesnotexist' }))).toMatchObject({
      message: M.setupUnknown,
      extensions: { field: 'setupIntentId' },
    });
    await confirm(setup, card('4242424242424242'), 'setup_intents');
    expect(
      errorMessages(await gql(demo, COMPLETE, { c: DEMO_CONTRACTS.cabinet, s: setup.setupIntentId })),
    ).toEqual([PERMISSION_DENIED]);
  });

  it('connects PayPal through the sandbox approval page, or comes back canceled', async () => {
    const c = DEMO_CONTRACTS.webshop;
    const CONNECT = `mutation ($c: String!, $r: String!) { connectPayPal(contractUid: $c, returnUrl: $r) { approvalUrl } }`;
    const back = `/workspace/${c}/billing/payment-methods`;
    expect(errorOf(await gql(demo, CONNECT, { c, r: 'https://evil.example/' }))).toMatchObject({
      message: M.returnUrl,
      extensions: { field: 'returnUrl' },
    });
    const before = ((await gql(demo, METHODS, { c })).body.data.paymentMethods as Json[]).length;
    const canceled = (await gql(demo, CONNECT, { c, r: back })).body.data.connectPayPal.approvalUrl;
    const cancel = await form(canceled, { outcome: 'cancel' });
    expect(cancel.headers.location).toBe(`${back}?paypal=canceled`);
    expect((await gql(demo, METHODS, { c })).body.data.paymentMethods).toHaveLength(before);

    const approvalUrl = (await gql(demo, CONNECT, { c, r: back })).body.data.connectPayPal
      .approvalUrl as string;
    expect(approvalUrl).toMatch(/^\/sandbox\/paypal\/connect\/PPC-/);
    const page = await app.inject({ method: 'GET', url: approvalUrl });
    expect(page.body).toContain('demo@example.com');
    const approve = await form(approvalUrl, { outcome: 'approve' });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`${back}?paypal=connected`);
    const methods = (await gql(demo, METHODS, { c })).body.data.paymentMethods as Json[];
    expect(methods.find((m) => m.methodType === 'PAYPAL')).toMatchObject({
      paypalPayerEmail: 'demo@example.com',
      paypalCountry: 'US',
      isDefault: false,
    });
    // the page is used once
    expect((await app.inject({ method: 'GET', url: approvalUrl })).statusCode).toBe(404);
  });
});

describe('the daily schedule', () => {
  it('runs at 00:05 UTC: the invoice run on the first of the month, the payment expiry every hour', async () => {
    expect(InvoiceSchedule.untilNextRun(Date.UTC(2026, 10, 30, 23, 0))).toBe(65 * 60 * 1000);
    expect(InvoiceSchedule.untilNextRun(Date.UTC(2026, 11, 1, 0, 5))).toBe(24 * 60 * 60 * 1000);
    const scheduler = new ManualScheduler(Date.UTC(2026, 10, 30, 23, 0));
    const schedule = new InvoiceSchedule({
      db: database.db,
      pubsub: app.graphql.pubsub,
      log: app.log,
      payments: app.graphql.payments,
      scheduler,
    });
    const legacy = await wsId(DEMO_CONTRACTS.legacy);
    const invoicesOf = async () =>
      (
        await database.db
          .select()
          .from(invoices)
          .where(and(eq(invoices.workspaceId, legacy), eq(invoices.dateInvoiced, '2026-12-01')))
      ).length;
    schedule.start();
    try {
      await scheduler.advance(60 * 60 * 1000); // 00:00: not yet
      expect(await invoicesOf()).toBe(0);
      await scheduler.advance(5 * 60 * 1000); // 00:05 on the 1st
      expect(await invoicesOf()).toBe(1);
      await scheduler.advance(24 * 60 * 60 * 1000); // the 2nd: nothing more
      expect(await invoicesOf()).toBe(1);
    } finally {
      schedule.stop();
    }
    expect(scheduler.pending).toBe(0);
  });
});
