import type { FastifyInstance } from 'fastify';

/**
 * `GET /runtime-config.json`: settings the browser needs at run time, never baked into a build. The
 * reCAPTCHA site key (null: do not load the script) and the Sentry DSN (null: no error reports). Other features add their fields here.
 */
export interface RuntimeConfig {
  recaptchaSiteKey: string | null;
  /** Error reporting (`@sentry/react`); null: report nothing. */
  sentryDsn: string | null;
}

export function runtimeConfigRoutes(app: FastifyInstance, config: RuntimeConfig): void {
  app.get('/runtime-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return config;
  });
}
