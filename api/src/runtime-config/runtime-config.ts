import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * `GET /runtime-config.json`: settings the browser needs at run time, never baked into a build. The
 * reCAPTCHA site key (null: do not load the script), the Sentry DSN (null: no error reports) and the
 * deployment's browser settings (`Config.browser`: analytics script, help site, legal pages, company
 * domains). The browser validates each field again (`shared/src/runtime/runtimeConfig.ts`), where
 * the same shape is typed. Other features add their fields here.
 */
export interface RuntimeConfig {
  recaptchaSiteKey: string | null;
  /** Error reporting (`@sentry/react`); null: report nothing. */
  sentryDsn: string | null;
  /** Loaded only with analytics consent; null: no analytics. */
  analyticsScriptUrl: string | null;
  /** The drawer's How To item; null: no such item. */
  documentationUrl: string | null;
  /** The sign-up consent's links; null: the text without a link. */
  privacyPolicyUrl: string | null;
  smsTermsUrl: string | null;
  /** Referrals from these sites (lower-case host names, subdomains included) set cfmd. */
  companyDomains: readonly string[];
  /** Who confirms payments in the browser: `STRIPE` (load @stripe/stripe-js) or `SANDBOX` (the api's). */
  paymentsProvider: 'STRIPE' | 'SANDBOX';
  /** Stripe's publishable key (`pk_…`, never a secret); null with the sandbox. */
  stripePublishableKey: string | null;
  /** PayPal's client id for `@paypal/react-paypal-js`; null: PayPal through the sandbox pages. */
  paypalClientId: string | null;
}

/** What `/runtime-config.json` publishes of the configuration. */
export function runtimeConfigOf(
  config: Pick<Config, 'identity' | 'sentryDsn' | 'browser' | 'payments'>,
): RuntimeConfig {
  return {
    recaptchaSiteKey: config.identity.recaptcha.siteKey,
    sentryDsn: config.sentryDsn,
    ...config.browser,
    paymentsProvider: config.payments.stripe ? 'STRIPE' : 'SANDBOX',
    stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
    paypalClientId: config.payments.paypalClientId,
  };
}

export function runtimeConfigRoutes(app: FastifyInstance, config: RuntimeConfig): void {
  app.get('/runtime-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return config;
  });
}
