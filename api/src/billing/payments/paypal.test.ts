import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ManualScheduler } from '../../compute/scheduler.js';
import type { Database } from '../../db/client.js';
import { DEMO_CONTRACTS } from '../../db/demo.js';
import { invoices, workspaces } from '../../db/schema.js';
import { type DemoSeed, seedDemo } from '../../db/seed.js';
import { PERMISSION_DENIED } from '../../graphql/errors.js';
import { errorMessages, gql } from '../../test/graphql.js';
import { captureLogs, type LogLine, openTestDatabase, testConfig } from '../../test/helpers.js';
import { type Browser, signedInBrowser } from '../../test/identity.js';
import { ledgerEntries, payments as ledgerPayments } from '../tables.js';
import { PAYMENT_MESSAGES as M } from './messages.js';
import { paypalRequestId } from './paypal-driver.js';
import { PAYPAL_WEBHOOK_PATH } from './paypal-routes.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// Real PayPal's driver (the official server SDK) against a small local fake of PayPal's REST
// endpoints (OAuth, Orders v2, verify-webhook-signature): the SDK's requests are sent to it by
// PAYPAL_API_BASE_URL. One seeded app for the file.

interface FakeOrder {
  id: string;
  requestId: string;
  body: Json;
  captures: number;
  captured: Json | null;
  decline: boolean;
}

class FakePayPal {
  server: Server;
  orders = new Map<string, FakeOrder>();
  /** Order ids by PayPal-Request-Id: the same id answers the same order. */
  byRequest = new Map<string, string>();
  captureRequests: string[] = [];
  verifications: Json[] = [];
  tokens = 0;
  declineNext = false;
  /** Vault v3: setup tokens (approved by the buyer or not), payment tokens, deletions. */
  setupTokens = new Map<string, { requestId: string; body: Json; approved: boolean }>();
  paymentTokens = new Map<string, { setupTokenId: string; requestId: string; json: Json }>();
  deletedTokens: string[] = [];
  vaultFails = false;
  private n = 0;

  constructor() {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => this.route(request, response, raw));
    });
  }

  async listen(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private send(response: ServerResponse, status: number, body: Json) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  private orderJson(order: FakeOrder) {
    const unit = order.body.purchase_units[0];
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.captured ? 'COMPLETED' : 'PAYER_ACTION_REQUIRED',
      purchase_units: [
        {
          ...unit,
          ...(order.captured ? { payments: { captures: [order.captured] } } : {}),
        },
      ],
      links: [
        {
          rel: 'self',
          href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${order.id}`,
          method: 'GET',
        },
        {
          rel: 'payer-action',
          href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
          method: 'GET',
        },
      ],
    };
  }

  private route(request: IncomingMessage, response: ServerResponse, raw: string) {
    const url = request.url ?? '';
    const auth = request.headers.authorization ?? '';
    if (request.method === 'POST' && url === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from('pp-client:pp-secret').toString('base64')}`;
      if (auth !== expected) return this.send(response, 401, { error: 'invalid_client' });
      this.tokens++;
      return this.send(response, 200, {
        access_token: 'A21-fake-token',
        token_type: 'Bearer',
        expires_in: 32400,
      });
    }
    if (auth !== 'Bearer A21-fake-token') return this.send(response, 401, { name: 'AUTHENTICATION_FAILURE' });
    if (request.method === 'POST' && url === '/v3/vault/setup-tokens') {
      if (this.vaultFails) return this.send(response, 503, { name: 'SERVICE_UNAVAILABLE' });
      const id = `7G${String(++this.n).padStart(15, '0')}`;
      this.setupTokens.set(id, {
        requestId: String(request.headers['paypal-request-id'] ?? ''),
        body: JSON.parse(raw),
        approved: false,
      });
      return this.send(response, 201, {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        payment_source: { paypal: {} },
        links: [
          {
            rel: 'approve',
            href: `https://www.sandbox.paypal.com/agreements/approve?approval_session_id=${id}`,
          },
          { rel: 'self', href: `https://api-m.sandbox.paypal.com/v3/vault/setup-tokens/${id}` },
        ],
      });
    }
    if (request.method === 'POST' && url === '/v3/vault/payment-tokens') {
      const requestId = String(request.headers['paypal-request-id'] ?? '');
      const known = [...this.paymentTokens.values()].find((t) => t.requestId === requestId);
      if (known) return this.send(response, 200, known.json);
      const setupTokenId = JSON.parse(raw).payment_source?.token?.id;
      const setup = this.setupTokens.get(setupTokenId);
      if (!setup?.approved)
        return this.send(response, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'SETUP_TOKEN_NOT_APPROVED' }],
        });
      const id = `8kk${String(++this.n).padStart(12, '0')}`;
      const json = {
        id,
        customer: { id: setup.body.customer?.id ?? `CUST-${this.n}` },
        payment_source: {
          paypal: {
            email_address: 'payer@nordwind.example',
            payer_id: 'QYR5Z8XDVJNXQ',
            address: { country_code: 'AT' },
          },
        },
        links: [],
      };
      this.paymentTokens.set(id, { setupTokenId, requestId, json });
      return this.send(response, 201, json);
    }
    const tokenMatch = /^\/v3\/vault\/payment-tokens\/([A-Za-z0-9]+)$/.exec(url);
    if (request.method === 'DELETE' && tokenMatch) {
      if (this.vaultFails) return this.send(response, 503, { name: 'SERVICE_UNAVAILABLE' });
      this.deletedTokens.push(tokenMatch[1]!);
      response.writeHead(204);
      return response.end();
    }
    if (request.method === 'POST' && url === '/v2/checkout/orders') {
      const requestId = String(request.headers['paypal-request-id'] ?? '');
      const known = this.byRequest.get(requestId);
      if (known) return this.send(response, 200, this.orderJson(this.orders.get(known)!));
      const id = `5O${String(++this.n).padStart(15, '0')}`;
      const order: FakeOrder = {
        id,
        requestId,
        body: JSON.parse(raw),
        captures: 0,
        captured: null,
        decline: this.declineNext,
      };
      this.declineNext = false;
      this.orders.set(id, order);
      this.byRequest.set(requestId, id);
      // a saved account (vault_id): PayPal completes the order without the buyer
      const vaultId = order.body.payment_source?.paypal?.vault_id;
      if (vaultId) {
        if (!this.paymentTokens.has(vaultId) || this.deletedTokens.includes(vaultId))
          return this.send(response, 422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'INVALID_VAULT_ID' }],
          });
        const unit = order.body.purchase_units[0];
        order.captures++;
        order.captured = {
          id: `CAP${order.id}`,
          status: 'COMPLETED',
          amount: unit.amount,
          custom_id: unit.custom_id,
          invoice_id: unit.invoice_id,
          final_capture: true,
        };
      }
      return this.send(response, 201, this.orderJson(order));
    }
    const match = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(url);
    const order = match ? this.orders.get(match[1]!) : undefined;
    if (match && !order) return this.send(response, 404, { name: 'RESOURCE_NOT_FOUND' });
    if (order && request.method === 'GET' && !match![2])
      return this.send(response, 200, this.orderJson(order));
    if (order && request.method === 'POST' && match![2]) {
      this.captureRequests.push(String(request.headers['paypal-request-id'] ?? ''));
      if (order.decline)
        return this.send(response, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }],
        });
      if (!order.captured) {
        order.captures++;
        const unit = order.body.purchase_units[0];
        order.captured = {
          id: `CAP${order.id}`,
          status: 'COMPLETED',
          amount: unit.amount,
          custom_id: unit.custom_id,
          invoice_id: unit.invoice_id,
          final_capture: true,
        };
      }
      return this.send(response, 201, this.orderJson(order));
    }
    if (request.method === 'POST' && url === '/v1/notifications/verify-webhook-signature') {
      const body = JSON.parse(raw);
      this.verifications.push(body);
      return this.send(response, 200, {
        verification_status:
          body.transmission_sig === 'good-signature' && body.webhook_id === 'WH-PORTAL-1'
            ? 'SUCCESS'
            : 'FAILURE',
      });
    }
    return this.send(response, 404, { name: 'NOT_FOUND' });
  }
}

let fake: FakePayPal;
let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
let logs: LogLine[];
let demo: Browser;

beforeAll(async () => {
  fake = new FakePayPal();
  const base = await fake.listen();
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  const captured = captureLogs();
  logs = captured.lines;
  app = buildApp(
    testConfig({
      PAYPAL_CLIENT_ID: 'pp-client',
      PAYPAL_CLIENT_SECRET: 'pp-secret',
      PAYPAL_WEBHOOK_ID: 'WH-PORTAL-1',
      PAYPAL_API_BASE_URL: base,
    }),
    { database, logger: captured.logger, compute: { scheduler: new ManualScheduler(Date.now()) } },
  );
  await app.ready();
  demo = await signedInBrowser(app, database.db, seed.demoUser);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fake?.server.close();
});

const PAYMENT = `uid status amount currency provider methodType intentId clientSecret nextAction { type url }
  lastError { code declineCode message } finishedAt`;
const START = `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { ${PAYMENT} } }`;
const CAPTURE = `mutation ($c: String!, $uid: ID!) { capturePayPalPayment(contractUid: $c, uid: $uid) { ${PAYMENT} } }`;
const BALANCE = `query ($c: String!) { fundBalance(contractUid: $c) { amount amountDue } }`;
const RETURN = '/workspace/x/billing/invoices';

const start = (c: string, input: Record<string, unknown>) =>
  gql(demo, START, { input: { contractUid: c, returnUrl: RETURN, paypal: true, ...input } });
const capture = (c: string, uid: string) => gql(demo, CAPTURE, { c, uid });
const balanceOf = async (c: string) => (await gql(demo, BALANCE, { c })).body.data.fundBalance as Json;
const settledCount = async (orderId: string) =>
  (await database.db.select().from(ledgerPayments).where(eq(ledgerPayments.idempotencyKey, orderId))).length;
const workspaceId = async (c: string) =>
  (await database.db.select().from(workspaces).where(eq(workspaces.contractUid, c)))[0]!.id;
const webhook = (event: Json, signature = 'good-signature') =>
  app.inject({
    method: 'POST',
    url: PAYPAL_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'paypal-transmission-id': 'b2384410-fake',
      'paypal-transmission-time': '2026-11-24T03:30:00Z',
      'paypal-transmission-sig': signature,
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-fake',
      'paypal-auth-algo': 'SHA256withRSA',
    },
    payload: JSON.stringify(event),
  });
const captureEvent = (type: string, order: FakeOrder, id: string) => {
  const unit = order.body.purchase_units[0];
  return {
    id,
    event_type: type,
    resource_type: 'capture',
    resource: {
      id: `CAP${order.id}`,
      status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'DECLINED',
      amount: unit.amount,
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      supplementary_data: { related_ids: { order_id: order.id } },
    },
  };
};

describe('real PayPal (Orders v2 through the server SDK)', () => {
  it('publishes the client id to the browser, never the secret', async () => {
    const answer = await app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(answer.json()).toMatchObject({ paypalClientId: 'pp-client' });
    expect(answer.body).not.toContain('pp-secret');
  });

  it('creates an order of the amount due in the workspace currency, with our uid and idempotency key', async () => {
    const c = DEMO_CONTRACTS.legacy;
    const number = 'INV-2026-000103';
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.number, number));
    const input = { invoiceUids: [invoice!.id], idempotencyKey: 'paypal-order-key-1' };
    const answer = await start(c, input);
    expect(answer.body.errors).toBeUndefined();
    const payment = answer.body.data.startPayment;
    const order = fake.orders.get(payment.intentId)!;
    expect(payment).toMatchObject({
      status: 'REQUIRES_ACTION',
      amount: '42.50',
      currency: 'EUR',
      provider: 'PAYPAL',
      methodType: 'PAYPAL',
      clientSecret: payment.intentId,
      nextAction: {
        type: 'PAYPAL_APPROVAL',
        url: `https://www.sandbox.paypal.com/checkoutnow?token=${payment.intentId}`,
      },
    });
    expect(order.requestId).toBe(`${await workspaceId(c)}:paypal-order-key-1`);
    expect(order.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'EUR', value: '42.50' },
          custom_id: payment.uid,
          invoice_id: payment.uid,
          description: `Payment of invoice ${number}`,
        },
      ],
    });
    expect(paypalRequestId('k'.repeat(108))).toBe('k'.repeat(108));
    expect(paypalRequestId('k'.repeat(137))).toMatch(/^[0-9a-f]{64}$/);
    // the same key answers the same payment, no second order
    const again = await start(c, input);
    expect(again.body.data.startPayment.uid).toBe(payment.uid);
    expect(fake.orders.size).toBe(1);
  });

  it('settles once however often the capture and the webhook arrive', async () => {
    const c = DEMO_CONTRACTS.legacy;
    const payment = (await start(c, { allDue: true, idempotencyKey: 'paypal-order-key-2' })).body.data
      .startPayment;
    expect(await balanceOf(c)).toMatchObject({ amountDue: '42.50' });
    const order = fake.orders.get(payment.intentId)!;

    const first = await capture(c, payment.uid);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.capturePayPalPayment).toMatchObject({
      status: 'SUCCEEDED',
      lastError: null,
      finishedAt: expect.any(String),
    });
    expect((await capture(c, payment.uid)).body.data.capturePayPalPayment.status).toBe('SUCCEEDED');
    for (const id of ['WH-1', 'WH-1', 'WH-2']) {
      const delivery = await webhook(captureEvent('PAYMENT.CAPTURE.COMPLETED', order, id));
      expect(delivery.statusCode).toBe(200);
    }
    // a late DENIED does not undo a finished payment
    expect((await webhook(captureEvent('PAYMENT.CAPTURE.DENIED', order, 'WH-3'))).statusCode).toBe(200);

    expect(order.captures).toBe(1);
    expect(fake.captureRequests[0]).toBe(`capture-${payment.uid}`);
    expect(await settledCount(payment.intentId)).toBe(1);
    expect(await balanceOf(c)).toMatchObject({ amount: '0.00', amountDue: '0.00' });
    const again = await capture(c, payment.uid);
    expect(again.body.data.capturePayPalPayment.status).toBe('SUCCEEDED');

    // a refund at PayPal: cash out once, however often it is delivered
    const refund = {
      id: 'WH-REFUND-1',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'REF-1',
        status: 'COMPLETED',
        amount: { currency_code: 'EUR', value: '10.00' },
        custom_id: payment.uid,
        invoice_id: payment.uid,
      },
    };
    expect((await webhook(refund)).statusCode).toBe(200);
    expect((await webhook(refund)).statusCode).toBe(200);
    const refunds = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'refund'));
    expect(refunds.map((entry) => entry.amount)).toEqual(['-10.00']);
    expect(await balanceOf(c)).toMatchObject({ amount: '-10.00' });
  });

  it('a declined capture leaves the balance unchanged and says why', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const before = await balanceOf(c);
    fake.declineNext = true;
    const payment = (await start(c, { topUpAmount: '25.00', idempotencyKey: 'paypal-order-key-3' })).body.data
      .startPayment;
    const declined = await capture(c, payment.uid);
    expect(declined.body.errors).toBeUndefined();
    expect(declined.body.data.capturePayPalPayment).toMatchObject({
      status: 'REQUIRES_PAYMENT_METHOD',
      lastError: { code: 'paypal_declined', declineCode: 'INSTRUMENT_DECLINED', message: M.paypalDeclined },
    });
    const order = fake.orders.get(payment.intentId)!;
    expect((await webhook(captureEvent('PAYMENT.CAPTURE.DENIED', order, 'WH-4'))).statusCode).toBe(200);
    expect(await settledCount(payment.intentId)).toBe(0);
    expect(await balanceOf(c)).toEqual(before);
  });

  it('refuses a webhook with a bad signature: 400, logged, nothing applied', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const payment = (await start(c, { topUpAmount: '30.00', idempotencyKey: 'paypal-order-key-4' })).body.data
      .startPayment;
    const order = fake.orders.get(payment.intentId)!;
    const before = await balanceOf(c);
    const forged = await webhook(captureEvent('PAYMENT.CAPTURE.COMPLETED', order, 'WH-5'), 'forged');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'Webhook signature verification failed.' });
    expect(fake.verifications.at(-1)).toMatchObject({
      webhook_id: 'WH-PORTAL-1',
      transmission_sig: 'forged',
      webhook_event: { id: 'WH-5', event_type: 'PAYMENT.CAPTURE.COMPLETED' },
    });
    const unsigned = await app.inject({
      method: 'POST',
      url: PAYPAL_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(captureEvent('PAYMENT.CAPTURE.COMPLETED', order, 'WH-6')),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(
      logs.filter((line) => line.msg === 'payments: PayPal webhook refused (bad signature)'),
    ).toHaveLength(2);
    expect(await settledCount(payment.intentId)).toBe(0);
    expect(await balanceOf(c)).toEqual(before);
  });

  it('resume catches up a capture whose webhook never came; the sandbox’s Connect PayPal is refused', async () => {
    const c = DEMO_CONTRACTS.webshop;
    const payment = (await start(c, { topUpAmount: '12.34', idempotencyKey: 'paypal-order-key-7' })).body.data
      .startPayment;
    expect(payment).toMatchObject({ currency: 'USD', amount: '12.34' });
    expect(fake.orders.get(payment.intentId)!.body.purchase_units[0].amount).toEqual({
      currency_code: 'USD',
      value: '12.34',
    });
    // captured at PayPal (another tab, a lost answer), no webhook
    const base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    const captured = await fetch(`${base}/v2/checkout/orders/${payment.intentId}/capture`, {
      method: 'POST',
      headers: { authorization: 'Bearer A21-fake-token', 'paypal-request-id': 'elsewhere' },
    });
    expect(captured.status).toBe(201);
    const before = await balanceOf(c);
    const resumed = await gql(
      demo,
      `mutation ($c: String!, $uid: ID!) { resumePayment(contractUid: $c, uid: $uid) { ${PAYMENT} } }`,
      { c, uid: payment.uid },
    );
    expect(resumed.body.data.resumePayment.status).toBe('SUCCEEDED');
    expect(await settledCount(payment.intentId)).toBe(1);
    expect(Number((await balanceOf(c)).amount) - Number(before.amount)).toBeCloseTo(12.34, 2);

    const connect = await gql(
      demo,
      'mutation ($c: String!) { connectPayPal(contractUid: $c, returnUrl: "/x") { approvalUrl } }',
      { c },
    );
    expect(errorMessages(connect)).toEqual([M.paypalUnavailable]);
  });

  it('captures only PayPal payments of the caller’s workspace', async () => {
    const c = DEMO_CONTRACTS.cabinet;
    const card = await gql(demo, START, {
      input: {
        contractUid: c,
        returnUrl: RETURN,
        newCard: true,
        topUpAmount: '5.00',
        idempotencyKey: 'card-key-5',
      },
    });
    expect(card.body.data.startPayment.provider).toBe('SANDBOX');
    const refused = await capture(c, card.body.data.startPayment.uid);
    expect(errorMessages(refused)).toEqual([M.paypalNotPayPal]);
    const paypal = (await start(c, { topUpAmount: '6.00', idempotencyKey: 'paypal-order-key-6' })).body.data
      .startPayment;
    expect(errorMessages(await capture(DEMO_CONTRACTS.webshop, paypal.uid))).toEqual([PERMISSION_DENIED]);
  });
});

const METHOD = `uid methodId methodType paypalPayerEmail paypalCountry paypalPayerId isDefault effectiveTill`;
const START_VAULT = `mutation ($c: String!, $r: String!) { startPayPalVaultSetup(contractUid: $c, returnUrl: $r) { setupTokenId approvalUrl } }`;
const COMPLETE_VAULT = `mutation ($c: String!, $t: String!, $d: Boolean) { completePayPalVaultSetup(contractUid: $c, setupTokenId: $t, makeDefault: $d) { ${METHOD} } }`;
const METHODS = `query ($c: String!) { paymentMethods(contractUid: $c) { ${METHOD} } }`;
const REMOVE = `mutation ($c: String!, $uid: ID!) { removePaymentMethod(contractUid: $c, uid: $uid) { uid } }`;
const methodsOf = async (c: string) => (await gql(demo, METHODS, { c })).body.data.paymentMethods as Json[];

describe('PayPal vault (a PayPal account saved as a payment method)', () => {
  const c = DEMO_CONTRACTS.cabinet;
  const path = `/workspace/${c}/billing/payment-methods`;
  let setupTokenId: string;
  let method: Json;
  let tokenId: string;

  it('Connect PayPal: a MERCHANT setup token with our return URLs; the approved one is saved with e-mail and country', async () => {
    const started = await gql(demo, START_VAULT, { c, r: path });
    expect(started.body.errors).toBeUndefined();
    setupTokenId = started.body.data.startPayPalVaultSetup.setupTokenId;
    expect(started.body.data.startPayPalVaultSetup.approvalUrl).toBe(
      `https://www.sandbox.paypal.com/agreements/approve?approval_session_id=${setupTokenId}`,
    );
    const setup = fake.setupTokens.get(setupTokenId)!;
    expect(setup.requestId).toMatch(/^vault-setup-/);
    expect(setup.body.customer).toBeUndefined();
    expect(setup.body.payment_source.paypal).toMatchObject({
      usage_type: 'MERCHANT',
      experience_context: {
        shipping_preference: 'NO_SHIPPING',
        return_url: expect.stringMatching(new RegExp(`^https?://[^/]+${path}\\?paypal=vaulted$`)),
        cancel_url: expect.stringMatching(new RegExp(`^https?://[^/]+${path}\\?paypal=canceled$`)),
      },
    });
    expect(errorMessages(await gql(demo, START_VAULT, { c, r: 'https://evil.example/x' }))).toEqual([
      M.returnUrl,
    ]);

    // not approved at PayPal yet: refused, nothing saved
    const early = await gql(demo, COMPLETE_VAULT, { c, t: setupTokenId });
    expect(errorMessages(early)).toEqual([M.paypalSetupNotApproved]);
    const before = await methodsOf(c);

    fake.setupTokens.get(setupTokenId)!.approved = true;
    // another workspace cannot complete it
    expect(
      errorMessages(await gql(demo, COMPLETE_VAULT, { c: DEMO_CONTRACTS.webshop, t: setupTokenId })),
    ).toEqual([PERMISSION_DENIED]);
    expect(errorMessages(await gql(demo, COMPLETE_VAULT, { c, t: 'NO-SUCH-TOKEN' }))).toEqual([
      M.paypalSetupUnknown,
    ]);
    const done = await gql(demo, COMPLETE_VAULT, { c, t: setupTokenId });
    expect(done.body.errors).toBeUndefined();
    method = done.body.data.completePayPalVaultSetup;
    const [token] = [...fake.paymentTokens.entries()];
    tokenId = token![0];
    expect(token![1]).toMatchObject({ setupTokenId, requestId: `vault-token-${setupTokenId}` });
    expect(method).toMatchObject({
      methodType: 'PAYPAL',
      paypalPayerEmail: 'payer@nordwind.example',
      paypalCountry: 'AT',
      paypalPayerId: 'QYR5Z8XDVJNXQ',
      effectiveTill: null,
    });
    // completing again answers the same method, no second token
    const again = await gql(demo, COMPLETE_VAULT, { c, t: setupTokenId });
    expect(again.body.data.completePayPalVaultSetup.uid).toBe(method.uid);
    expect(fake.paymentTokens.size).toBe(1);
    const after = await methodsOf(c);
    expect(after).toHaveLength(before.length + 1);
    // PayPal's payment token and customer id stay on the server
    const shown = JSON.stringify(after);
    expect(shown).not.toContain(tokenId);
    expect(shown).not.toContain(token![1].json.customer.id);
    // the next setup token goes to the same PayPal customer
    const next = await gql(demo, START_VAULT, { c, r: path });
    expect(fake.setupTokens.get(next.body.data.startPayPalVaultSetup.setupTokenId)!.body.customer).toEqual({
      id: token![1].json.customer.id,
    });
  });

  it('pays with the saved account without a new approval, applied once; another workspace cannot use it', async () => {
    const other = await gql(demo, START, {
      input: {
        contractUid: DEMO_CONTRACTS.webshop,
        returnUrl: RETURN,
        paymentMethodUid: method.uid,
        topUpAmount: '20.00',
        idempotencyKey: 'vault-key-other',
      },
    });
    expect(errorMessages(other)).toEqual([PERMISSION_DENIED]);
    const ordersBefore = fake.orders.size;
    const before = await balanceOf(c);
    const started = await gql(demo, START, {
      input: {
        contractUid: c,
        returnUrl: RETURN,
        paymentMethodUid: method.uid,
        topUpAmount: '20.00',
        idempotencyKey: 'vault-key-1',
      },
    });
    expect(started.body.errors).toBeUndefined();
    const payment = started.body.data.startPayment;
    expect(payment).toMatchObject({
      status: 'REQUIRES_PAYMENT_METHOD',
      provider: 'PAYPAL',
      methodType: 'PAYPAL',
      nextAction: null,
    });
    // nothing charged before the customer confirms
    expect(fake.orders.size).toBe(ordersBefore);
    expect(errorMessages(await capture(DEMO_CONTRACTS.webshop, payment.uid))).toEqual([PERMISSION_DENIED]);

    const paid = await capture(c, payment.uid);
    expect(paid.body.errors).toBeUndefined();
    expect(paid.body.data.capturePayPalPayment).toMatchObject({ status: 'SUCCEEDED', lastError: null });
    const orderId = paid.body.data.capturePayPalPayment.intentId;
    const order = fake.orders.get(orderId)!;
    expect(order.requestId).toBe(`vault-order-${payment.uid}`);
    expect(order.body.payment_source).toEqual({ paypal: { vault_id: tokenId } });
    expect(order.body.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'EUR', value: '20.00' },
      custom_id: payment.uid,
    });
    // the confirmation and PayPal's webhook again: applied once
    expect((await capture(c, payment.uid)).body.data.capturePayPalPayment.status).toBe('SUCCEEDED');
    for (const id of ['WH-V1', 'WH-V1'])
      expect((await webhook(captureEvent('PAYMENT.CAPTURE.COMPLETED', order, id))).statusCode).toBe(200);
    expect(order.captures).toBe(1);
    expect(fake.orders.size).toBe(ordersBefore + 1);
    expect(await settledCount(orderId)).toBe(1);
    expect(Number((await balanceOf(c)).amount) - Number(before.amount)).toBeCloseTo(20, 2);
  });

  it('removing deletes the token at PayPal (PayPal unreachable: refused, kept); another workspace cannot', async () => {
    expect(errorMessages(await gql(demo, REMOVE, { c: DEMO_CONTRACTS.webshop, uid: method.uid }))).toEqual([
      PERMISSION_DENIED,
    ]);
    fake.vaultFails = true;
    expect(errorMessages(await gql(demo, REMOVE, { c, uid: method.uid }))).toEqual([
      M.paypalRemoveUnreachable,
    ]);
    expect((await methodsOf(c)).map((m) => m.uid)).toContain(method.uid);
    fake.vaultFails = false;
    const removed = await gql(demo, REMOVE, { c, uid: method.uid });
    expect(removed.body.errors).toBeUndefined();
    expect(fake.deletedTokens).toEqual([tokenId]);
    expect((await methodsOf(c)).map((m) => m.uid)).not.toContain(method.uid);
    const late = await gql(demo, START, {
      input: {
        contractUid: c,
        returnUrl: RETURN,
        paymentMethodUid: method.uid,
        topUpAmount: '9.00',
        idempotencyKey: 'vault-key-2',
      },
    });
    expect(errorMessages(late)).toEqual([M.methodRemoved]);
  });

  it('applies VAULT.PAYMENT-TOKEN.CREATED and .DELETED once each', async () => {
    const customer = [...fake.paymentTokens.values()][0]!.json.customer.id;
    const created = {
      id: 'WH-VAULT-1',
      event_type: 'VAULT.PAYMENT-TOKEN.CREATED',
      resource: {
        id: '9xx000000000001',
        customer: { id: customer },
        payment_source: {
          paypal: {
            email_address: 'second@nordwind.example',
            payer_id: 'PAYER2',
            address: { country_code: 'DE' },
          },
        },
      },
    };
    const before = (await methodsOf(c)).length;
    expect((await webhook(created)).statusCode).toBe(200);
    expect((await webhook(created)).statusCode).toBe(200);
    const listed = await methodsOf(c);
    expect(listed).toHaveLength(before + 1);
    expect(listed.filter((m) => m.paypalPayerEmail === 'second@nordwind.example')).toMatchObject([
      { methodType: 'PAYPAL', paypalCountry: 'DE' },
    ]);
    // a token of a customer nobody here has: ignored
    const stranger = {
      ...created,
      id: 'WH-VAULT-2',
      resource: { ...created.resource, id: '9xx2', customer: { id: 'CUST-X' } },
    };
    expect((await webhook(stranger)).statusCode).toBe(200);
    expect(await methodsOf(c)).toHaveLength(before + 1);

    const deleted = {
      id: 'WH-VAULT-3',
      event_type: 'VAULT.PAYMENT-TOKEN.DELETED',
      resource: { id: '9xx000000000001' },
    };
    expect((await webhook(deleted)).statusCode).toBe(200);
    expect((await webhook(deleted)).statusCode).toBe(200);
    expect(await methodsOf(c)).toHaveLength(before);
    expect((await webhook({ ...created, id: 'WH-VAULT-4' }, 'forged')).statusCode).toBe(400);
    expect(await methodsOf(c)).toHaveLength(before);
  });
});
