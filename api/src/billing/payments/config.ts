import { randomBytes } from 'node:crypto';
import { flag, invalid, reader, text } from '../../config/readers.js';
import { configPart, type Env, readPart, variable } from '../../config/schema.js';

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'live';
  /** The webhook whose deliveries are verified; null: every delivery is refused. */
  webhookId: string | null;
  /** PayPal's REST host replaced (a local fake in tests, a mock server); null: the environment's host. */
  apiBaseUrl: string | null;
}

/** Stripe when its three keys are set, else the embedded sandbox; PayPal when its two are, else the sandbox's pages. */
export interface PaymentsConfig {
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
  paypal: PayPalConfig | null;
  /** Published to the browser (`runtime-config.json`) only when PayPal is on. */
  paypalClientId: string | null;
  sandboxWebhookSecret: string;
  /** The sandbox takes card or PayPal payments although `NODE_ENV=production` (allowed explicitly). */
  sandboxInProduction: boolean;
}

/** A key checked by its prefix; the value itself is never echoed. */
const key = (type: string, pattern: RegExp, message: string) =>
  reader(type, undefined as string | undefined, (value) => (pattern.test(value) ? value : invalid(message)));

const STRIPE_SECRET_KEY = variable({
  name: 'STRIPE_SECRET_KEY',
  description:
    'with the next two: payments through Stripe (the `stripe` SDK); all three or none (the embedded sandbox). Never published',
  schema: key(
    'sk_test_…, sk_live_… or rk_…',
    /^(sk|rk)_(test|live)_/,
    'a secret key starts with sk_test_, sk_live_ (or rk_ for a restricted key)',
  ),
  secret: true,
  example: { value: 'sk_live_...', commented: true },
});

const STRIPE_PUBLISHABLE_KEY = variable({
  name: 'STRIPE_PUBLISHABLE_KEY',
  description: 'published in `/runtime-config.json` (`stripePublishableKey`) for `@stripe/stripe-js`',
  schema: key(
    'pk_test_… or pk_live_…',
    /^pk_(test|live)_/,
    'a publishable key starts with pk_test_ or pk_live_',
  ),
  example: { value: 'pk_live_...', commented: true },
});

const STRIPE_WEBHOOK_SECRET = variable({
  name: 'STRIPE_WEBHOOK_SECRET',
  description:
    'the signing secret of the endpoint `https://<portal>/api/payments/webhook` registered at Stripe',
  schema: key('whsec_…', /^whsec_/, 'a webhook signing secret starts with whsec_'),
  secret: true,
  example: { value: 'whsec_...', commented: true },
});

const PAYPAL_CLIENT_ID = variable({
  name: 'PAYPAL_CLIENT_ID',
  description:
    "with `PAYPAL_CLIENT_SECRET`: PayPal through its Orders v2 API; both or neither (the sandbox's PayPal pages). Published in `/runtime-config.json` (`paypalClientId`) when both are set",
  schema: text('client id'),
  example: { value: '', commented: true },
});

const PAYPAL_CLIENT_SECRET = variable({
  name: 'PAYPAL_CLIENT_SECRET',
  description: "the REST app's secret (OAuth client credentials of the server SDK); never published",
  schema: text('secret'),
  secret: true,
  example: { value: '', commented: true },
});

const PAYPAL_ENVIRONMENT = variable({
  name: 'PAYPAL_ENVIRONMENT',
  description: "`sandbox` (PayPal's test accounts) or `live`",
  schema: reader('sandbox, live', 'sandbox' as 'sandbox' | 'live', (value) =>
    value === 'sandbox' || value === 'live' ? value : invalid('sandbox or live'),
  ),
  example: { value: 'live', commented: true },
});

const PAYPAL_WEBHOOK_ID = variable({
  name: 'PAYPAL_WEBHOOK_ID',
  description:
    'the id of the webhook `https://<portal>/api/payments/paypal/webhook` registered in the PayPal app, whose deliveries are verified; unset, every delivery is refused and captures settle through `capturePayPalPayment` alone',
  schema: text('id'),
  example: { value: '', commented: true },
});

const PAYPAL_API_BASE_URL = variable({
  name: 'PAYPAL_API_BASE_URL',
  description: "another origin for PayPal's REST calls (tests: a local fake); not for production",
  schema: reader('http(s) origin', undefined as string | undefined, (value) =>
    /^https?:\/\/[^/]+\/?$/.test(value)
      ? value.replace(/\/$/, '')
      : invalid('an origin like https://api-m.sandbox.paypal.com'),
  ),
  defaultText: "PayPal's host of the environment",
});

const SANDBOX_WEBHOOK_SECRET = variable({
  name: 'PAYMENTS_SANDBOX_WEBHOOK_SECRET',
  description:
    "signs the sandbox's webhook deliveries; several processes need the same one (tests set it to redeliver by hand)",
  schema: text('secret'),
  defaultText: 'random per process',
  secret: true,
  example: { value: '', commented: true },
});

const SANDBOX_IN_PRODUCTION = variable({
  name: 'PAYMENTS_SANDBOX_IN_PRODUCTION',
  description:
    'with `NODE_ENV=production` and Stripe or PayPal unset, run the embedded sandbox anyway (demos: it credits payments no one made); without it such a start is refused. A warning is logged at start',
  schema: flag(),
  example: { value: '0', commented: true },
});

/** Stripe or the embedded sandbox, PayPal or the sandbox's pages. */
export const paymentsPart = configPart({
  key: 'payments',
  title: 'payments (unset: the embedded sandbox, for demos only)',
  variables: [
    STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET,
    PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET,
    PAYPAL_ENVIRONMENT,
    PAYPAL_WEBHOOK_ID,
    PAYPAL_API_BASE_URL,
    SANDBOX_WEBHOOK_SECRET,
    SANDBOX_IN_PRODUCTION,
  ],
  build: (get, { raw, problem, production }) => {
    const stripeKeys = [STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET];
    const set = stripeKeys.filter((variable) => raw(variable) !== undefined).length;
    if (set > 0 && set < 3)
      problem(
        `${stripeKeys.map((v) => v.name).join(', ')}: set all three for Stripe, or none for the sandbox`,
      );
    const publishableKey = get(STRIPE_PUBLISHABLE_KEY);
    const secretKey = get(STRIPE_SECRET_KEY);
    const webhookSecret = get(STRIPE_WEBHOOK_SECRET);
    const paypalId = get(PAYPAL_CLIENT_ID);
    const paypalSecret = get(PAYPAL_CLIENT_SECRET);
    if (Boolean(paypalId) !== Boolean(paypalSecret))
      problem(
        "PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both for PayPal, or neither for the sandbox's PayPal",
      );
    const environment = get(PAYPAL_ENVIRONMENT);
    const apiBaseUrl = get(PAYPAL_API_BASE_URL) ?? null;
    const paypal: PayPalConfig | null =
      paypalId && paypalSecret
        ? {
            clientId: paypalId,
            clientSecret: paypalSecret,
            environment,
            webhookId: get(PAYPAL_WEBHOOK_ID) ?? null,
            apiBaseUrl,
          }
        : null;
    const stripe =
      secretKey && publishableKey && webhookSecret ? { secretKey, publishableKey, webhookSecret } : null;
    const sandboxInUse = stripe === null || paypal === null;
    // the sandbox confirms any test card: in production it would credit money no one paid
    if (production && sandboxInUse && !get(SANDBOX_IN_PRODUCTION))
      problem(
        `${[
          ...(stripe === null ? stripeKeys.map((v) => v.name) : []),
          ...(paypal === null ? [PAYPAL_CLIENT_ID.name, PAYPAL_CLIENT_SECRET.name] : []),
        ].join(
          ', ',
        )}: required when NODE_ENV=production (else the embedded payment sandbox takes payments); set PAYMENTS_SANDBOX_IN_PRODUCTION=1 to run the sandbox anyway`,
      );
    const payments: PaymentsConfig = {
      stripe,
      paypal,
      paypalClientId: paypal?.clientId ?? null,
      sandboxWebhookSecret: get(SANDBOX_WEBHOOK_SECRET) ?? `whsec_sandbox_${randomBytes(24).toString('hex')}`,
      sandboxInProduction: production && sandboxInUse,
    };
    return { payments };
  },
});

/** The payments part read on its own, its problems added to `problems`. */
export function readPaymentsConfig(env: Env, problems: string[]): PaymentsConfig {
  return readPart(paymentsPart, env, problems).payments;
}
