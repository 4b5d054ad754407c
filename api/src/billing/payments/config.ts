import { randomBytes } from 'node:crypto';

/**
 * The payments configuration (README, "Payments: real keys"). Stripe when all three of
 * `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY` and `STRIPE_WEBHOOK_SECRET` are set (some but not
 * all is a configuration error), else the embedded sandbox. `PAYPAL_CLIENT_ID` is only published
 * to the browser. `PAYMENTS_SANDBOX_WEBHOOK_SECRET` signs the sandbox's deliveries; unset, a random
 * secret per process (nobody outside can forge a delivery).
 */
export interface PaymentsConfig {
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
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
  return {
    stripe:
      secretKey && publishableKey && webhookSecret ? { secretKey, publishableKey, webhookSecret } : null,
    paypalClientId: read(env, 'PAYPAL_CLIENT_ID') ?? null,
    sandboxWebhookSecret:
      read(env, 'PAYMENTS_SANDBOX_WEBHOOK_SECRET') ?? `whsec_sandbox_${randomBytes(24).toString('hex')}`,
  };
}
