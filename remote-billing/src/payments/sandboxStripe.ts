import { parseExpiry } from './card';

/**
 * The embedded sandbox's Stripe-like REST endpoints (api/README.md, "Sandbox REST protocol"): the
 * browser confirms an intent with its client secret, as with Stripe's host, never through the
 * portal's GraphQL api. The card goes here only.
 */
export const SANDBOX_STRIPE_PATH = '/sandbox/stripe/v1';

export interface SandboxCard {
  number: string;
  expiry: string;
  cvc: string;
}

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface IntentError {
  code: string;
  decline_code?: string | null;
  message: string;
  param?: string | null;
}

export interface SandboxIntent {
  id: string;
  object: 'payment_intent' | 'setup_intent';
  status: IntentStatus;
  client_secret: string;
  payment_method: string | null;
  next_action: null | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } };
  last_payment_error?: IntentError | null;
  last_setup_error?: IntentError | null;
}

/** What went wrong talking to the sandbox (its own refusal, or the network). */
export class SandboxRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The intent id in a client secret (`pi_123_secret_abc` → `pi_123`). */
export function intentIdOf(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}

function cardBody(card: SandboxCard) {
  const expiry = parseExpiry(card.expiry);
  return {
    type: 'card',
    card: {
      number: card.number.replace(/\D/g, ''),
      exp_month: expiry?.month ?? 0,
      exp_year: expiry?.year ?? 0,
      cvc: card.cvc,
    },
  };
}

async function call(path: string, init?: RequestInit): Promise<SandboxIntent> {
  let response: Response;
  try {
    response = await fetch(`${SANDBOX_STRIPE_PATH}${path}`, {
      ...init,
      credentials: 'omit',
      headers: init?.body ? { 'content-type': 'application/json' } : undefined,
    });
  } catch (error) {
    throw new SandboxRequestError(error instanceof Error ? error.message : String(error), 'network_error', 0);
  }
  const body = (await response.json().catch(() => null)) as
    | (SandboxIntent & { error?: { code?: string; message?: string } })
    | null;
  if (!response.ok || !body || body.error)
    throw new SandboxRequestError(
      body?.error?.message ?? `HTTP ${response.status}`,
      body?.error?.code ?? 'http_error',
      response.status,
    );
  return body;
}

export type ConfirmWith = { card: SandboxCard } | { paymentMethod: string } | Record<string, never>;

/** Confirms a PaymentIntent (or a SetupIntent: `seti_…`) with a new card or a saved method. */
export function confirmIntent(
  clientSecret: string,
  how: ConfirmWith,
  returnUrl: string,
): Promise<SandboxIntent> {
  const id = intentIdOf(clientSecret);
  const kind = id.startsWith('seti_') ? 'setup_intents' : 'payment_intents';
  const body: Record<string, unknown> = { client_secret: clientSecret, return_url: returnUrl };
  if ('card' in how) body.payment_method_data = cardBody(how.card as SandboxCard);
  if ('paymentMethod' in how) body.payment_method = how.paymentMethod;
  return call(`/${kind}/${encodeURIComponent(id)}/confirm`, { method: 'POST', body: JSON.stringify(body) });
}

export function retrieveIntent(clientSecret: string): Promise<SandboxIntent> {
  const id = intentIdOf(clientSecret);
  const kind = id.startsWith('seti_') ? 'setup_intents' : 'payment_intents';
  return call(`/${kind}/${encodeURIComponent(id)}?client_secret=${encodeURIComponent(clientSecret)}`);
}

export function intentError(intent: SandboxIntent): IntentError | null {
  return intent.last_payment_error ?? intent.last_setup_error ?? null;
}
