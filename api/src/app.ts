import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { healthRoutes } from './health/health.js';
import { registerHostStatic } from './host/host-static.js';
import { addErrorHandler } from './http/error-handler.js';
import { addStandardHeaders, genReqId } from './http/headers.js';
import { remotesRoutes } from './remotes/remotes.js';

export type AppConfig = Pick<Config, 'hostDist' | 'remotes'>;

export interface AppDeps {
  database: Database;
  /** Omit for a silent app (tests). */
  logger?: FastifyBaseLogger;
}

/**
 * The HTTP surface, without listening: `main` listens, tests use `app.inject`. Feature routes (the
 * identity service under /_allauth, GraphQL at /api/, subscriptions at /ws/api/) register here as
 * plugins beside health and remotes; the host's static build goes last, as it owns the fallback.
 */
export function buildApp(config: AppConfig, deps: AppDeps): FastifyInstance {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId,
  });

  addStandardHeaders(app);
  addErrorHandler(app);

  app.register(healthRoutes, { database: deps.database });
  app.register(remotesRoutes, { source: config.remotes });

  registerHostStatic(app, config.hostDist);
  return app;
}
