import { inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { TEST_CARDS } from './cards.js';
import {
  paymentAttempts,
  paymentCustomers,
  paymentMethodDefaults,
  sandboxEvents,
  sandboxIntents,
  sandboxPaymentMethods,
} from './tables.js';

/**
 * The payments part of the demo seed (`db/seed.ts` calls it after the payment methods): each demo
 * workspace's sandbox customer and the sandbox's side of its saved methods (so "Card ending 4242"
 * pays in the sandbox as the test card does), the default methods (Nordwind: the Visa), and the
 * legacy workspace's pending payment of INV-2026-000103: a real sandbox PaymentIntent whose 3-D
 * Secure was abandoned (resume or cancel it). Replaced on every seed, like the rest.
 */
export interface PaymentsSeed {
  workspaces: { cabinet: string; legacy: string; webshop: string };
  methods: { cabinetVisa: string; cabinetPaypal: string; webshopMastercard: string };
  legacyInvoiceId: string;
  legacyPayer: { id: string; name: string };
  now: number;
}

export const DEMO_PENDING_INTENT = 'pi_demolegacy000103';
export const DEMO_PENDING_SECRET = `${DEMO_PENDING_INTENT}_secret_0000000000000000`;

export async function seedPayments(db: Db, seed: PaymentsSeed): Promise<void> {
  const ws = seed.workspaces;
  const customers = { cabinet: 'cus_demo_nordwind', legacy: 'cus_demo_legacy', webshop: 'cus_demo_webshop' };
  const workspaceIds = Object.values(ws);
  const customerIds = Object.values(customers);
  await db.delete(paymentAttempts).where(inArray(paymentAttempts.workspaceId, workspaceIds));
  await db.delete(paymentMethodDefaults).where(inArray(paymentMethodDefaults.workspaceId, workspaceIds));
  await db.delete(paymentCustomers).where(inArray(paymentCustomers.workspaceId, workspaceIds));
  await db.delete(sandboxEvents).where(inArray(sandboxEvents.intentId, [DEMO_PENDING_INTENT]));
  await db.delete(sandboxIntents).where(inArray(sandboxIntents.customer, customerIds));
  await db
    .delete(sandboxPaymentMethods)
    .where(
      or(
        inArray(sandboxPaymentMethods.customer, customerIds),
        inArray(sandboxPaymentMethods.id, ['pm_demo_visa_4242', 'pm_demo_paypal', 'pm_demo_mastercard_4444']),
      ),
    );

  const created = new Date(seed.now);
  await db.insert(paymentCustomers).values([
    { workspaceId: ws.cabinet, provider: 'SANDBOX', customerId: customers.cabinet },
    { workspaceId: ws.legacy, provider: 'SANDBOX', customerId: customers.legacy },
    { workspaceId: ws.webshop, provider: 'SANDBOX', customerId: customers.webshop },
  ]);
  await db.insert(sandboxPaymentMethods).values([
    {
      id: 'pm_demo_visa_4242',
      customer: customers.cabinet,
      type: 'card',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      testNumber: TEST_CARDS.success,
      createdAt: created,
    },
    {
      id: 'pm_demo_paypal',
      customer: customers.cabinet,
      type: 'paypal',
      paypal: { payerId: 'DEMOPAYER42', email: 'demo@example.com', country: 'DE' },
      createdAt: created,
    },
    {
      id: 'pm_demo_mastercard_4444',
      customer: customers.webshop,
      type: 'card',
      card: { brand: 'mastercard', last4: '4444', expMonth: 6, expYear: 2029 },
      testNumber: TEST_CARDS.mastercard,
      createdAt: created,
    },
  ]);
  await db.insert(paymentMethodDefaults).values([
    { workspaceId: ws.cabinet, paymentMethodId: seed.methods.cabinetVisa },
    { workspaceId: ws.webshop, paymentMethodId: seed.methods.webshopMastercard },
  ]);

  // An abandoned 3-D Secure: the card 4000 0027 6000 3184 asked for it an hour ago.
  const startedAt = seed.now - 60 * 60 * 1000;
  const state = {
    object: 'payment_intent',
    id: DEMO_PENDING_INTENT,
    clientSecret: DEMO_PENDING_SECRET,
    status: 'requires_action',
    paymentMethod: 'pm_demolegacy3ds',
    card: { brand: 'visa', last4: '3184', expMonth: 12, expYear: 2030 },
    nextAction: { type: 'use_stripe_sdk' },
    lastError: null,
    cancellationReason: null,
    createdAt: startedAt,
    amount: '4250',
    currency: 'eur',
    statementDescriptor: 'PORTAL INV 000103',
    description: 'Payment of invoice INV-2026-000103',
    metadata: { contractUid: '', paymentUid: '' },
    idempotencyKey: `${ws.legacy}:demo-pending-000103`,
    customer: customers.legacy,
    methodKind: 'card',
  };
  await db.insert(sandboxPaymentMethods).values({
    id: 'pm_demolegacy3ds',
    customer: customers.legacy,
    type: 'card',
    card: { brand: 'visa', last4: '3184', expMonth: 12, expYear: 2030 },
    testNumber: TEST_CARDS.threeDSecure,
    createdAt: new Date(startedAt),
  });
  const returnUrl = '/';
  await db.insert(sandboxIntents).values({
    id: DEMO_PENDING_INTENT,
    object: 'payment_intent',
    customer: customers.legacy,
    methodKind: 'card',
    state,
    returnUrl,
    createdAt: new Date(startedAt),
  });
  await db.insert(paymentAttempts).values({
    workspaceId: ws.legacy,
    idempotencyKey: 'demo-pending-000103',
    provider: 'SANDBOX',
    intentId: DEMO_PENDING_INTENT,
    clientSecret: DEMO_PENDING_SECRET,
    status: 'REQUIRES_ACTION',
    purpose: 'INVOICES',
    invoiceIds: [seed.legacyInvoiceId],
    amount: '42.50',
    currency: 'EUR',
    statementDescriptor: 'PORTAL INV 000103',
    fullDescription: 'Payment of invoice INV-2026-000103',
    methodType: 'CARD',
    returnUrl,
    nextAction: {
      type: 'REDIRECT_TO_URL',
      url: `/sandbox/stripe/3ds/${DEMO_PENDING_INTENT}?client_secret=${DEMO_PENDING_SECRET}`,
    },
    createdBy: seed.legacyPayer.id,
    createdByName: seed.legacyPayer.name,
    createdAt: new Date(startedAt),
  });
}
