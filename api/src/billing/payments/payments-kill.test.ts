import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { accounts, authSessions, users, workspaceEmployees, workspaces } from '../../db/schema.js';
import { hashToken, SESSION_COOKIE } from '../../identity/session.js';
import { issueInvoice } from '../ledger.js';

// kill -9 around settlement: the api runs as a child process on a PGlite folder on disk; a payment
// is settled at the provider (the sandbox) while its webhook is held, the api is killed with
// SIGKILL, started again, and the event is delivered from the outbox and once more by
// hand. Then a delivery is released and the api killed at once (delivered or not, a race): after a
// restart the payment is applied exactly once. Nothing waits on a timer: each step waits for an
// answer or for the child's log line, with generous limits.

const API_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const SECRET = 'whsec_kill_test_0123456789abcdef';
const tmp = mkdtempSync(join(tmpdir(), 'portal-kill-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

interface Api {
  child: ChildProcess;
  url: string;
}

function startApi(): Promise<Api> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      PGLITE_DIR: join(tmp, 'pglite'),
      PORTAL_DEV_TOOLS: '1',
      PAYMENTS_SANDBOX_WEBHOOK_SECRET: SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let buffer = '';
    let errors = '';
    child.stderr!.on('data', (chunk) => {
      errors += String(chunk);
    });
    child.stdout!.on('data', (chunk) => {
      buffer += String(chunk);
      for (const line of buffer.split('\n').slice(0, -1)) {
        try {
          const entry = JSON.parse(line) as { url?: string; msg?: string };
          if (entry.url && entry.msg?.includes('listening')) resolve({ child, url: entry.url });
        } catch {
          // not a log line
        }
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`api exited (${code ?? signal}) before listening: ${errors}`)),
    );
  });
}

const killHard = (api: Api) =>
  new Promise<void>((resolve) => {
    api.child.once('exit', () => resolve());
    api.child.kill('SIGKILL');
  });

/** Cookies and the CSRF token, as the portal's client sends them. */
class Client {
  jar = new Map<string, string>();
  constructor(public base: string) {}
  async call(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {};
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['x-csrftoken'] = this.jar.get('csrftoken') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.jar.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: answers are read freely
    return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as any };
  }
  async gql(query: string, variables: Record<string, unknown>) {
    const answer = await this.call('POST', '/api/', { query, variables });
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data;
  }
}

const c = 'kill-test-contract';

/**
 * The data folder, prepared in this process (no seed in the child: the demo's 1,000 invoices would
 * only slow it): a customer with a session, a workspace owing 42.50 on one invoice.
 */
async function prepareDataFolder(): Promise<string> {
  const database = await openDatabase({ kind: 'pglite', dataDir: join(tmp, 'pglite') });
  try {
    await database.migrate();
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: 'payer@example.com', firstName: 'Pat', lastName: 'Payer', emailVerified: true })
      .returning();
    const [account] = await db.insert(accounts).values({ name: 'Kill Test GmbH' }).returning();
    const [workspace] = await db
      .insert(workspaces)
      .values({
        contractUid: c,
        name: 'Kill test',
        number: 'CAB-KILL-1',
        kind: 'CAB',
        currency: 'EUR',
        accountId: account!.id,
      })
      .returning();
    await db.insert(workspaceEmployees).values({
      workspaceId: workspace!.id,
      userId: user!.id,
      email: user!.email,
      role: 'Billing',
    });
    await issueInvoice(
      db,
      { id: workspace!.id, currency: 'EUR' },
      {
        number: 'INV-KILL-000001',
        dateInvoiced: '2026-11-01',
        dateDue: '2026-11-15',
        vatRate: '0.00',
        lines: [{ description: 'Cloud VPS', unitPrice: '42.50', amountCents: 4250n }],
      },
    );
    const key = randomBytes(32).toString('base64url');
    await db.insert(authSessions).values({
      keyHash: hashToken(key),
      userId: user!.id,
      data: { records: [{ method: 'password', at: Date.now() / 1000 }] },
      expiresAt: new Date(Date.now() + 3600_000),
    });
    return key;
  } finally {
    await database.close();
  }
}
const BALANCE = `query ($c: String!) { fundBalance(contractUid: $c) { amount amountDue pendingPayment { uid } } }`;
const START = `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { uid intentId clientSecret amount } }`;
const STATUS = `query ($c: String!, $uid: ID!) { payment(contractUid: $c, uid: $uid) { status } }`;

describe('kill -9 around settlement', () => {
  it('loses nothing and applies the payment exactly once', { timeout: 180_000 }, async () => {
    const session = await prepareDataFolder();
    let api = await startApi();
    const client = new Client(api.url);
    client.jar.set(SESSION_COOKIE, session);
    await client.call('GET', '/_allauth/browser/v1/config'); // the CSRF cookie
    expect((await client.gql(BALANCE, { c })).fundBalance).toMatchObject({
      amount: '-42.50',
      amountDue: '42.50',
    });

    // 1. two payments settled at the provider while their webhooks are held
    const confirmHeld = async (input: Record<string, unknown>) => {
      const payment = (
        await client.gql(START, { input: { contractUid: c, newCard: true, returnUrl: '/', ...input } })
      ).startPayment;
      const confirmed = await client.call(
        'POST',
        `/sandbox/stripe/v1/payment_intents/${payment.intentId}/confirm`,
        {
          client_secret: payment.clientSecret,
          payment_method_data: {
            type: 'card',
            card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
          },
        },
      );
      expect(confirmed.body.status).toBe('succeeded');
      return payment;
    };
    expect((await client.call('POST', '/_dev/billing/sandbox/deliveries', { hold: true })).status).toBe(200);
    const due = await confirmHeld({ allDue: true, idempotencyKey: 'kill-test-0001' });
    expect(due.amount).toBe('42.50');
    // (the first is the workspace's unfinished payment until its webhook arrives: the second waits for it)
    const refused = await client.call('POST', '/api/', {
      query: START,
      variables: {
        input: {
          contractUid: c,
          topUpAmount: '10.00',
          newCard: true,
          idempotencyKey: 'kill-test-0002',
          returnUrl: '/',
        },
      },
    });
    expect(refused.body.errors[0].extensions.code).toBe('PAYMENT_REFUSED');
    expect((await client.gql(BALANCE, { c })).fundBalance.amountDue).toBe('42.50');

    // 2. the deliveries released and the api killed at once: some, all or none of the events were
    // applied (a race, on purpose); the rest waits in the outbox
    const release = client
      .call('POST', '/_dev/billing/sandbox/deliveries', { hold: false })
      .catch(() => null);
    await killHard(api);
    await release;

    // 3. started again (no seed): the outbox delivers what was not, the payment is applied once
    api = await startApi();
    client.base = api.url;
    expect((await client.gql(STATUS, { c, uid: due.uid })).payment.status).toBe('SUCCEEDED');
    expect((await client.gql(BALANCE, { c })).fundBalance).toEqual({
      amount: '0.00',
      amountDue: '0.00',
      pendingPayment: null,
    });
    // … and the provider's retry of the same event, twice, changes nothing
    const events = (await client.call('GET', `/_dev/billing/sandbox/events?intentId=${due.intentId}`)).body
      .events;
    expect(events.map((e: { delivered: boolean }) => e.delivered)).toEqual([true, true]);
    const succeeded = events.find((e: { type: string }) => e.type === 'payment_intent.succeeded');
    for (let i = 0; i < 2; i++) {
      const retry = await fetch(`${api.url}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': succeeded.signature },
        body: succeeded.payload,
      });
      expect(retry.status).toBe(200);
    }
    expect((await client.gql(BALANCE, { c })).fundBalance.amount).toBe('0.00');

    // 4. and a payment after the restart works as before
    const topUp = await confirmHeld({ topUpAmount: '10.00', idempotencyKey: 'kill-test-0003' });
    expect((await client.gql(STATUS, { c, uid: topUp.uid })).payment.status).toBe('SUCCEEDED');
    expect((await client.gql(BALANCE, { c })).fundBalance.amount).toBe('10.00');
    await killHard(api);
  });
});
