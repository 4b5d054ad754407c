import type { FastifyInstance } from 'fastify';

/**
 * `GET /runtime-config.json`: settings the browser needs at run time, never baked into a build. Today
 * the reCAPTCHA site key (null: do not load the script). Other features add their fields here.
 */
export interface RuntimeConfig {
  recaptchaSiteKey: string | null;
}

export function runtimeConfigRoutes(app: FastifyInstance, config: RuntimeConfig): void {
  app.get('/runtime-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return config;
  });
}
