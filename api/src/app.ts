import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerDevBillingTools } from './billing/dev-tools.js';
import { registerInvoicePdf } from './billing/pdf.js';
import { CONSOLE_ENDPOINT, registerConsoleSocket } from './compute/console/socket.js';
import { registerDevComputeTools } from './compute/dev-tools.js';
import { registerDevMonitoringTools } from './compute/monitoring/dev-tools.js';
import { type MonitoringOptions, MonitoringService } from './compute/monitoring/service.js';
import { registerDevNetworkTools } from './compute/network/dev-tools.js';
import { NetworkService } from './compute/network/service.js';
import { realScheduler } from './compute/scheduler.js';
import { type ComputeOptions, ComputeService } from './compute/service.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { faviconRoutes } from './favicon/favicon.js';
import type { GraphqlServices } from './graphql/context.js';
import { createPortalYoga, graphqlPlugin, type PortalYoga } from './graphql/plugin.js';
import { createPortalPubSub } from './graphql/pubsub.js';
import { DEFAULT_WEBSOCKET_TIMERS, registerWebsocket, type WebsocketTimers } from './graphql/websocket.js';
import { WsaTokens } from './graphql/wsa-token.js';
import { healthRoutes } from './health/health.js';
import { registerHostStatic } from './host/host-static.js';
import { addErrorHandler } from './http/error-handler.js';
import { addStandardHeaders, genReqId } from './http/headers.js';
import type { IdentityServices } from './identity/context.js';
import { registerDevSessionClock } from './identity/dev-clock.js';
import {
  createIdentityServices,
  type IdentityOverrides,
  registerDevOutbox,
  registerIdentity,
} from './identity/index.js';
import { remotesRoutes } from './remotes/remotes.js';
import { runtimeConfigOf, runtimeConfigRoutes } from './runtime-config/runtime-config.js';
import { registerDevWorkspaceTools } from './workspaces/dev-tools.js';

export type AppConfig = Pick<
  Config,
  'hostDist' | 'remotes' | 'identity' | 'trustProxy' | 'graphql' | 'sentryDsn' | 'browser' | 'compute'
>;

export interface AppDeps {
  database: Database;
  /** Omit for a silent app (tests). */
  logger?: FastifyBaseLogger;
  /** Tests swap the identity service's drivers and clock here. */
  identity?: IdentityOverrides;
  /** Tests shorten the websocket's timers here. */
  websocket?: Partial<WebsocketTimers>;
  /** Tests give the compute simulator a clock they move (and a failure draw) here. */
  compute?: Partial<ComputeOptions>;
  /** Tests set the sampler's interval here (its clock is the compute scheduler). */
  monitoring?: Partial<MonitoringOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity service's shared parts, for features that need the signed-in user. */
    identity: IdentityServices;
    /**
     * GraphQL's shared parts, shared with the subscription websocket (`graphql/websocket.ts`): the
     * pub/sub, the WSA tokens and the yoga server.
     */
    graphql: GraphqlServices & { yoga: PortalYoga };
  }
}

/**
 * The HTTP surface, without listening: `main` listens, tests use `app.inject`. Feature routes (the
 * identity service under /_allauth, GraphQL at /api/, subscriptions at /ws/api/ on the same server's
 * `upgrade` event) register here beside health and remotes; the host's static build goes last, as it
 * owns the fallback.
 */
export function buildApp(config: AppConfig, deps: AppDeps): FastifyInstance {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId,
    trustProxy: config.trustProxy,
  });

  addStandardHeaders(app);
  addErrorHandler(app);
  app.register(fastifyCookie);

  app.register(healthRoutes, { database: deps.database });
  app.register(remotesRoutes, { source: config.remotes });
  app.register(faviconRoutes, { hostDist: config.hostDist });
  runtimeConfigRoutes(app, runtimeConfigOf(config));

  const identity = createIdentityServices(config.identity, deps.database.db, app.log, deps.identity);
  app.decorate('identity', identity);
  registerIdentity(app, identity);
  if (config.identity.devTools) {
    registerDevOutbox(app, deps.database.db);
    registerDevSessionClock(app, identity);
  }

  const pubsub = createPortalPubSub();
  identity.userChanged = (userId) => pubsub.publish('meChanged', userId, { userId });
  const compute = new ComputeService(deps.database.db, pubsub, app.log, {
    scheduler: realScheduler(),
    speed: config.compute.simSpeed,
    failureRate: config.compute.failureRate,
    chargeTickMs: config.compute.chargeTickS * 1000,
    ...deps.compute,
  });
  // The simulator resumes what a restart interrupted once the app is ready, and stops (timers
  // cancelled, running work awaited) before the database closes.
  app.addHook('onReady', () => compute.start());
  app.addHook('onClose', () => compute.close());
  // The metric sampler and alert evaluation, every minute of the compute scheduler's clock.
  const monitoring = new MonitoringService(deps.database.db, pubsub, app.log, identity.mailer, {
    scheduler: compute.options.scheduler,
    sampleMs: 60_000,
    publicUrl: config.identity.publicUrl,
    ...deps.monitoring,
  });
  app.addHook('onReady', () => monitoring.start());
  app.addHook('onClose', () => monitoring.close());
  // traffic and the firewall's dropped packets accrue on the simulator's clock, as often as charges
  const network = new NetworkService(deps.database.db, pubsub, app.log, {
    scheduler: compute.options.scheduler,
    tickMs: compute.options.chargeTickMs,
  });
  app.addHook('onReady', () => network.start());
  app.addHook('onClose', () => network.close());
  const graphql: GraphqlServices = {
    db: deps.database.db,
    pubsub,
    wsaTokens: new WsaTokens(config.graphql.secretKey, config.graphql.wsaTokenTtlS, identity.now),
    now: identity.now,
    compute,
    monitoring,
  };
  const yoga = createPortalYoga({
    services: graphql,
    identity,
    graphiql: config.graphql.graphiql,
    logger: app.log,
  });
  app.decorate('graphql', { ...graphql, yoga });
  app.register(graphqlPlugin, { yoga, graphiql: config.graphql.graphiql });
  registerInvoicePdf(app, graphql, identity);
  registerWebsocket(app, {
    yoga,
    services: graphql,
    config: config.graphql.ws,
    trustProxy: config.trustProxy,
    ...(deps.websocket ? { timers: deps.websocket } : {}),
    otherEndpoints: [CONSOLE_ENDPOINT],
  });
  registerConsoleSocket(app, {
    services: graphql,
    config: config.graphql.ws,
    trustProxy: config.trustProxy,
    timers: {
      authTimeoutMs:
        deps.websocket?.connectionInitWaitTimeoutMs ?? DEFAULT_WEBSOCKET_TIMERS.connectionInitWaitTimeoutMs,
      sessionCheckIntervalMs:
        deps.websocket?.sessionCheckIntervalMs ?? DEFAULT_WEBSOCKET_TIMERS.sessionCheckIntervalMs,
      closeGraceMs: deps.websocket?.closeGraceMs ?? DEFAULT_WEBSOCKET_TIMERS.closeGraceMs,
    },
  });
  if (config.identity.devTools) {
    registerDevWorkspaceTools(app, graphql);
    registerDevComputeTools(app, graphql);
    registerDevMonitoringTools(app, graphql);
    registerDevNetworkTools(app, network);
    registerDevBillingTools(app, graphql);
  }

  registerHostStatic(app, config.hostDist);
  return app;
}
