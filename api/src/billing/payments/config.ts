import { randomBytes } from 'node:crypto';

/**
 * The payments configuration (README, "Payments: real keys"). Stripe when all three of
 * `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY` and `STRIPE_WEBHOOK_SECRET` are set (some but not
 * all is a configuration error), else the embedded sandbox. PayPal (`paypal-driver.ts`) when
 * `PAYPAL_CLIENT_ID` and `PAYPAL_CLIENT_SECRET` are set (the client id is published to the
 * browser, the secret never), else the sandbox's approval pages. `PAYMENTS_SANDBOX_WEBHOOK_SECRET` signs the sandbox's deliveries; unset, a random
 * secret per process (nobody outside can forge a delivery).
 */
export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'live';
  /** `PAYPAL_WEBHOOK_ID`: the webhook whose deliveries are verified; unset, every delivery is refused. */
  webhookId: string | null;
  /**
   * `PAYPAL_API_BASE_URL`: PayPal's REST host replaced (a local fake in tests, a mock server); unset,
   * the environment's host (`api-m.sandbox.paypal.com`, `api-m.paypal.com`).
   */
  apiBaseUrl: string | null;
}

export interface PaymentsConfig {
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
  /** Real PayPal (Orders v2) when `PAYPAL_CLIENT_ID` and `PAYPAL_CLIENT_SECRET` are set; else the sandbox's pages. */
  paypal: PayPalConfig | null;
  /** Published to the browser (`runtime-config.json`) only when PayPal is on. */
  paypalClientId: string | null;
  sandboxWebhookSecret: string;
}

type Env = Record<string, string | undefined>;

const read = (env: Env, name: string) => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

export function readPaymentsConfig(env: Env, problems: string[]): PaymentsConfig {
  const secretKey = read(env, 'STRIPE_SECRET_KEY');
  const publishableKey = read(env, 'STRIPE_PUBLISHABLE_KEY');
  const webhookSecret = read(env, 'STRIPE_WEBHOOK_SECRET');
  const set = [secretKey, publishableKey, webhookSecret].filter(Boolean).length;
  if (set > 0 && set < 3)
    problems.push(
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three for Stripe, or none for the sandbox',
    );
  if (publishableKey && !/^pk_(test|live)_/.test(publishableKey))
    problems.push('STRIPE_PUBLISHABLE_KEY: a publishable key starts with pk_test_ or pk_live_');
  if (secretKey && !/^(sk|rk)_(test|live)_/.test(secretKey))
    problems.push(
      'STRIPE_SECRET_KEY: a secret key starts with sk_test_, sk_live_ (or rk_ for a restricted key)',
    );
  if (webhookSecret && !webhookSecret.startsWith('whsec_'))
    problems.push('STRIPE_WEBHOOK_SECRET: a webhook signing secret starts with whsec_');
  const paypalId = read(env, 'PAYPAL_CLIENT_ID');
  const paypalSecret = read(env, 'PAYPAL_CLIENT_SECRET');
  if (Boolean(paypalId) !== Boolean(paypalSecret))
    problems.push(
      "PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both for PayPal, or neither for the sandbox's PayPal",
    );
  const environment = read(env, 'PAYPAL_ENVIRONMENT') ?? 'sandbox';
  if (environment !== 'sandbox' && environment !== 'live')
    problems.push('PAYPAL_ENVIRONMENT: sandbox or live');
  const apiBaseUrl = read(env, 'PAYPAL_API_BASE_URL') ?? null;
  if (apiBaseUrl && !/^https?:\/\/[^/]+\/?$/.test(apiBaseUrl))
    problems.push('PAYPAL_API_BASE_URL: an origin like https://api-m.sandbox.paypal.com');
  const paypal: PayPalConfig | null =
    paypalId && paypalSecret
      ? {
          clientId: paypalId,
          clientSecret: paypalSecret,
          environment: environment === 'live' ? 'live' : 'sandbox',
          webhookId: read(env, 'PAYPAL_WEBHOOK_ID') ?? null,
          apiBaseUrl: apiBaseUrl?.replace(/\/$/, '') ?? null,
        }
      : null;
  return {
    stripe:
      secretKey && publishableKey && webhookSecret ? { secretKey, publishableKey, webhookSecret } : null,
    paypal,
    paypalClientId: paypal?.clientId ?? null,
    sandboxWebhookSecret:
      read(env, 'PAYMENTS_SANDBOX_WEBHOOK_SECRET') ?? `whsec_sandbox_${randomBytes(24).toString('hex')}`,
  };
}
