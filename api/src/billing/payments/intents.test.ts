import { describe, expect, it } from 'vitest';
import { cardBrand, cardOutcome, checkCard, luhnValid, TEST_CARDS } from './cards.js';
import {
  ALLOWED,
  INTENT_STATUSES,
  type Intent,
  type IntentAction,
  IntentStateError,
  intentIdOfSecret,
  newPaymentIntent,
  newSetupIntent,
  transition,
} from './intents.js';
import { signPayload, verifySignature } from './webhook-signature.js';

const NOW = Date.UTC(2026, 10, 23, 12);
const card = (
  number: string,
  overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});
const confirm = (number: string, overrides = {}): IntentAction => ({
  type: 'confirm',
  card: card(number, overrides),
  paymentMethodId: 'pm_test_1',
});
const payment = () =>
  newPaymentIntent({
    id: 'pi_test1',
    secret: 'abc123',
    amount: 4250n,
    currency: 'EUR',
    statementDescriptor: 'PORTAL INV 000103',
    description: 'Payment of invoice INV-2026-000103',
    now: NOW,
  });
const setup = () => newSetupIntent({ id: 'seti_test1', secret: 'xyz', now: NOW });

describe('test cards', () => {
  it('checks Luhn, brand and the outcome Stripe gives each test number', () => {
    for (const number of Object.values(TEST_CARDS)) expect(luhnValid(number), number).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(cardBrand(TEST_CARDS.success)).toBe('visa');
    expect(cardBrand(TEST_CARDS.mastercard)).toBe('mastercard');
    expect(cardBrand(TEST_CARDS.amex)).toBe('amex');
    expect(cardOutcome('4242 4242 4242 4242')).toEqual({ kind: 'succeeds' });
    expect(cardOutcome(TEST_CARDS.declinedInsufficientFunds)).toMatchObject({
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    });
    expect(cardOutcome('4000 0027 6000 3184')).toEqual({ kind: 'requires_action' });
  });

  it('refuses what the Payment Element refuses, naming the field', () => {
    const now = new Date(NOW);
    expect(checkCard(card(TEST_CARDS.success), now)).toBeNull();
    expect(checkCard(card('4242424242424241'), now)).toMatchObject({
      field: 'number',
      code: 'incorrect_number',
    });
    expect(checkCard(card(TEST_CARDS.success, { expMonth: 10, expYear: 2026 }), now)).toMatchObject({
      field: 'expiry',
      code: 'invalid_expiry_year_past',
    });
    expect(checkCard(card(TEST_CARDS.success, { expMonth: 11, expYear: 2026 }), now)).toBeNull();
    expect(checkCard(card(TEST_CARDS.success, { expMonth: 13 }), now)).toMatchObject({ field: 'expiry' });
    expect(checkCard(card(TEST_CARDS.success, { cvc: '12' }), now)).toMatchObject({ field: 'cvc' });
    expect(checkCard(card(TEST_CARDS.amex, { cvc: '123' }), now)).toMatchObject({ field: 'cvc' });
    expect(checkCard(card(TEST_CARDS.amex, { cvc: '1234' }), now)).toBeNull();
  });
});

describe('PaymentIntent', () => {
  it('starts requiring a payment method, with a client secret that names it', () => {
    const intent = payment();
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 4250n, currency: 'eur' });
    expect(intent.clientSecret).toBe('pi_test1_secret_abc123');
    expect(intentIdOfSecret(intent.clientSecret)).toBe('pi_test1');
    expect(intentIdOfSecret('pi_test1')).toBeNull();
    expect(() => newPaymentIntent({ ...intent, secret: 's', amount: 0n, now: NOW })).toThrow();
  });

  it('4242…: processing, then succeeded when it settles', () => {
    const confirmed = transition(payment(), confirm(TEST_CARDS.success), NOW);
    expect(confirmed.intent).toMatchObject({
      status: 'processing',
      paymentMethod: 'pm_test_1',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
    expect(confirmed.events).toEqual(['payment_intent.processing']);
    const settled = transition(confirmed.intent, { type: 'settle' }, NOW);
    expect(settled.intent.status).toBe('succeeded');
    expect(settled.events).toEqual(['payment_intent.succeeded']);
  });

  it('4000 0000 0000 9995: declined, back to requires_payment_method with the reason; another card then succeeds', () => {
    const declined = transition(payment(), confirm(TEST_CARDS.declinedInsufficientFunds), NOW);
    expect(declined.intent.status).toBe('requires_payment_method');
    expect(declined.intent.lastError).toEqual({
      type: 'card_error',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(declined.events).toEqual(['payment_intent.payment_failed']);
    const retried = transition(declined.intent, confirm(TEST_CARDS.success), NOW);
    expect(retried.intent).toMatchObject({ status: 'processing', lastError: null });
  });

  it('4000 0027 6000 3184: requires_action (3-D Secure); approved it processes, failed it asks for another card', () => {
    const challenged = transition(payment(), confirm(TEST_CARDS.threeDSecure), NOW);
    expect(challenged.intent).toMatchObject({
      status: 'requires_action',
      nextAction: { type: 'use_stripe_sdk' },
    });
    expect(challenged.events).toEqual(['payment_intent.requires_action']);
    const approved = transition(challenged.intent, { type: 'authenticate', outcome: 'approve' }, NOW);
    expect(approved.intent).toMatchObject({ status: 'processing', nextAction: null });
    const failed = transition(challenged.intent, { type: 'authenticate', outcome: 'fail' }, NOW);
    expect(failed.intent).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'payment_intent_authentication_failure' },
    });
    expect(failed.events).toEqual(['payment_intent.payment_failed']);
  });

  it('a card the form refuses fails without reaching the processor, naming the field', () => {
    const refused = transition(payment(), confirm('4242424242424241'), NOW);
    expect(refused.intent).toMatchObject({
      status: 'requires_payment_method',
      paymentMethod: null,
      lastError: { field: 'number', code: 'incorrect_number' },
    });
  });

  it('a pending payment can be cancelled (abandoned 3-D Secure too), and then nothing else', () => {
    const challenged = transition(payment(), confirm(TEST_CARDS.threeDSecure), NOW).intent;
    const canceled = transition(challenged, { type: 'cancel', reason: 'abandoned' }, NOW);
    expect(canceled.intent).toMatchObject({ status: 'canceled', cancellationReason: 'abandoned' });
    expect(canceled.events).toEqual(['payment_intent.canceled']);
    expect(() => transition(canceled.intent, confirm(TEST_CARDS.success), NOW)).toThrow(IntentStateError);
  });

  it('every status admits exactly the actions of its row, and refuses the rest with Stripe’s code', () => {
    const actions: IntentAction[] = [
      confirm(TEST_CARDS.success),
      {
        type: 'confirm_saved',
        paymentMethodId: 'pm_saved',
        card: { brand: 'visa', last4: '4242', expMonth: 1, expYear: 2030 },
      },
      { type: 'authenticate', outcome: 'approve' },
      { type: 'settle' },
      { type: 'cancel' },
    ];
    for (const status of INTENT_STATUSES) {
      for (const intent of [payment(), setup()] as Intent[]) {
        const at = { ...intent, status } as Intent;
        for (const action of actions) {
          if (ALLOWED[status].includes(action.type)) {
            expect(
              () => transition(at, action, NOW),
              `${intent.object} ${status} ${action.type}`,
            ).not.toThrow();
          } else {
            let error: unknown;
            try {
              transition(at, action, NOW);
            } catch (e) {
              error = e;
            }
            expect(error, `${intent.object} ${status} ${action.type}`).toBeInstanceOf(IntentStateError);
            expect((error as IntentStateError).code).toBe('payment_intent_unexpected_state');
          }
        }
      }
    }
    expect(() => transition({ ...payment(), status: 'succeeded' }, { type: 'cancel' }, NOW)).toThrow(
      'You cannot cancel this payment intent because it has a status of succeeded.',
    );
  });
});

describe('SetupIntent (saving a card)', () => {
  it('succeeds at once with 4242…, asks for 3-D Secure with 3184, fails with 9995', () => {
    expect(transition(setup(), confirm(TEST_CARDS.mastercard), NOW)).toMatchObject({
      intent: { status: 'succeeded', card: { brand: 'mastercard', last4: '4444' } },
      events: ['setup_intent.succeeded'],
    });
    const challenged = transition(setup(), confirm(TEST_CARDS.threeDSecure), NOW);
    expect(challenged.events).toEqual(['setup_intent.requires_action']);
    expect(
      transition(challenged.intent, { type: 'authenticate', outcome: 'approve' }, NOW).intent.status,
    ).toBe('succeeded');
    expect(transition(setup(), confirm(TEST_CARDS.declinedInsufficientFunds), NOW)).toMatchObject({
      intent: { status: 'requires_payment_method', lastError: { code: 'card_declined' } },
      events: ['setup_intent.setup_failed'],
    });
  });
});

describe('webhook signatures (Stripe scheme)', () => {
  const secret = 'whsec_test_secret';
  const body = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' });
  const t = 1_800_000_000;

  it('accepts its own signature within 5 minutes', () => {
    const header = signPayload(body, secret, t);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature(body, header, secret, t + 299)).toBeNull();
    // several v1 (a rolled secret): one matching is enough
    expect(verifySignature(body, `${header},v1=${'0'.repeat(64)}`, secret, t)).toBeNull();
  });

  it.each([
    ['no header', undefined, t, 'missing'],
    ['garbage', 'nonsense', t, 'malformed'],
    ['too old', signPayload(body, secret, t), t + 301, 'timestamp_out_of_tolerance'],
    ['another secret', signPayload(body, 'whsec_other', t), t, 'no_matching_signature'],
    ['a changed body', signPayload(`${body} `, secret, t), t, 'no_matching_signature'],
  ])('refuses %s', (_what, header, now, problem) => {
    expect(verifySignature(body, header, secret, now)).toBe(problem);
  });
});
