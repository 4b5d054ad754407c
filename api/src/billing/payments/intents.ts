import { type CardInput, cardBrand, cardOutcome, checkCard, digitsOf } from './cards.js';

/**
 * The embedded sandbox's PaymentIntent and SetupIntent as pure state machines, following Stripe's
 * protocol (statuses, `client_secret`, `next_action`, `last_payment_error`, webhook event types), so
 * the portal speaks one protocol to the sandbox and to Stripe. `transition(intent, action, now)`
 * answers the next intent and the webhook events it emits, or throws `IntentStateError` (Stripe's
 * `payment_intent_unexpected_state`) for an action the status does not allow. No I/O here: the
 * sandbox driver stores intents and delivers the events, signed, to the webhook handler.
 */
export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface IntentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  declineCode?: string;
  message: string;
  field?: 'number' | 'expiry' | 'cvc';
}

interface IntentBase {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  /** `pm_…` of the card being used or saved; null before one is given. */
  paymentMethod: string | null;
  card: CardDetails | null;
  /** 3-D Secure: the browser must let the customer authenticate (`use_stripe_sdk` at Stripe). */
  nextAction: { type: 'use_stripe_sdk' } | null;
  lastError: IntentError | null;
  cancellationReason: 'requested_by_customer' | 'abandoned' | null;
  createdAt: number;
}

export interface PaymentIntent extends IntentBase {
  object: 'payment_intent';
  /** Minor units (cents), as Stripe counts. */
  amount: bigint;
  currency: string;
  statementDescriptor: string;
  description: string;
  metadata: Record<string, string>;
}

export interface SetupIntent extends IntentBase {
  object: 'setup_intent';
  metadata: Record<string, string>;
}

export type Intent = PaymentIntent | SetupIntent;

export type IntentAction =
  /** The browser confirms with a card (Payment Element) or a saved method. */
  | { type: 'confirm'; card: CardInput; paymentMethodId: string }
  | { type: 'confirm_saved'; paymentMethodId: string; card: CardDetails; cardNumberForOutcome?: string }
  /** The customer completed or failed the 3-D Secure challenge. */
  | { type: 'authenticate'; outcome: 'approve' | 'fail' }
  /** The processor settles a processing payment (the sandbox does it a moment later). */
  | { type: 'settle' }
  | { type: 'cancel'; reason?: 'requested_by_customer' | 'abandoned' };

export type WebhookEventType =
  | 'payment_intent.processing'
  | 'payment_intent.requires_action'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'setup_intent.requires_action'
  | 'setup_intent.succeeded'
  | 'setup_intent.setup_failed'
  | 'setup_intent.canceled';

export class IntentStateError extends Error {
  readonly code = 'payment_intent_unexpected_state';
  constructor(
    readonly intent: Intent,
    action: IntentAction['type'],
  ) {
    super(
      `You cannot ${action.replace('_', ' ')} this ${intent.object.replace('_', ' ')} because it has a status of ${intent.status}.`,
    );
  }
}

/** Which actions each status admits (the table the tests walk exhaustively). */
export const ALLOWED: Record<IntentStatus, readonly IntentAction['type'][]> = {
  requires_payment_method: ['confirm', 'confirm_saved', 'cancel'],
  requires_action: ['authenticate', 'cancel'],
  processing: ['settle'],
  succeeded: [],
  canceled: [],
};

const event = (intent: Intent, suffix: string) => `${intent.object}.${suffix}` as WebhookEventType;

export interface Transition<T extends Intent> {
  intent: T;
  events: WebhookEventType[];
}

/**
 * The next state. A PaymentIntent that is confirmed and needs no authentication goes to
 * `processing` (settled by a later `settle`, as card payments settle asynchronously at Stripe); a
 * SetupIntent succeeds at once. A declined card or a failed challenge returns to
 * `requires_payment_method` with `lastError`, so the customer may try another card.
 */
export function transition<T extends Intent>(intent: T, action: IntentAction, now: number): Transition<T> {
  if (!ALLOWED[intent.status].includes(action.type)) throw new IntentStateError(intent, action.type);
  const base = { ...intent, lastError: null, nextAction: null } as T;
  const payment = intent.object === 'payment_intent';
  const accepted = (next: T): Transition<T> =>
    payment
      ? { intent: { ...next, status: 'processing' }, events: [event(intent, 'processing')] }
      : { intent: { ...next, status: 'succeeded' }, events: [event(intent, 'succeeded')] };
  const failed = (error: IntentError): Transition<T> => ({
    intent: { ...base, status: 'requires_payment_method', lastError: error },
    events: [event(intent, payment ? 'payment_failed' : 'setup_failed')],
  });

  switch (action.type) {
    case 'confirm':
    case 'confirm_saved': {
      let card: CardDetails;
      let number: string | undefined;
      if (action.type === 'confirm') {
        const problem = checkCard(action.card, new Date(now));
        if (problem) return failed({ type: 'card_error', ...problem });
        number = digitsOf(action.card.number);
        card = {
          brand: cardBrand(number),
          last4: number.slice(-4),
          expMonth: action.card.expMonth,
          expYear: action.card.expYear,
        };
      } else {
        card = action.card;
        number = action.cardNumberForOutcome;
      }
      const withCard = { ...base, paymentMethod: action.paymentMethodId, card };
      const outcome = number ? cardOutcome(number) : ({ kind: 'succeeds' } as const);
      if (outcome.kind === 'declined') {
        return {
          intent: {
            ...withCard,
            status: 'requires_payment_method',
            lastError: {
              type: 'card_error',
              code: outcome.code,
              declineCode: outcome.declineCode,
              message: outcome.message,
            },
          },
          events: [event(intent, payment ? 'payment_failed' : 'setup_failed')],
        };
      }
      if (outcome.kind === 'requires_action') {
        return {
          intent: { ...withCard, status: 'requires_action', nextAction: { type: 'use_stripe_sdk' } },
          events: [event(intent, 'requires_action')],
        };
      }
      return accepted(withCard);
    }
    case 'authenticate':
      if (action.outcome === 'approve') return accepted(base);
      return failed({
        type: 'card_error',
        code: payment ? 'payment_intent_authentication_failure' : 'setup_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      });
    case 'settle':
      return { intent: { ...base, status: 'succeeded' }, events: [event(intent, 'succeeded')] };
    case 'cancel':
      return {
        intent: { ...base, status: 'canceled', cancellationReason: action.reason ?? 'requested_by_customer' },
        events: [event(intent, 'canceled')],
      };
  }
}

/** A new PaymentIntent; ids and secret come from the caller (random in the driver, fixed in tests). */
export function newPaymentIntent(input: {
  id: string;
  secret: string;
  amount: bigint;
  currency: string;
  statementDescriptor: string;
  description: string;
  metadata?: Record<string, string>;
  now: number;
}): PaymentIntent {
  if (input.amount <= 0n) throw new Error('a PaymentIntent is above zero');
  return {
    ...fresh(input),
    object: 'payment_intent',
    amount: input.amount,
    currency: input.currency.toLowerCase(),
    statementDescriptor: input.statementDescriptor,
    description: input.description,
    metadata: input.metadata ?? {},
  };
}

/** What every new intent starts with. */
const fresh = (input: { id: string; secret: string; now: number }): IntentBase => ({
  id: input.id,
  clientSecret: `${input.id}_secret_${input.secret}`,
  status: 'requires_payment_method',
  paymentMethod: null,
  card: null,
  nextAction: null,
  lastError: null,
  cancellationReason: null,
  createdAt: input.now,
});

export function newSetupIntent(input: {
  id: string;
  secret: string;
  metadata?: Record<string, string>;
  now: number;
}): SetupIntent {
  return { ...fresh(input), object: 'setup_intent', metadata: input.metadata ?? {} };
}

/** The id a client secret belongs to (`pi_…_secret_…`), or null when it is not one. */
export function intentIdOfSecret(clientSecret: string): string | null {
  const match = /^((?:pi|seti)_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match ? match[1]! : null;
}
