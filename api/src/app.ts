import { createServer } from 'node:http';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerDevInvoiceTool } from './billing/dev-invoices.js';
import { registerDevBillingTools } from './billing/dev-tools.js';
import { InvoiceSchedule } from './billing/invoice-schedule.js';
import { PayPalDriver } from './billing/payments/paypal-driver.js';
import { registerPayPalRoutes } from './billing/payments/paypal-routes.js';
import { registerPaymentRoutes } from './billing/payments/routes.js';
import { PaymentsService } from './billing/payments/service.js';
import { createPaymentsDriver } from './billing/payments/stripe-driver.js';
import { registerInvoicePdf } from './billing/pdf.js';
import { CONSOLE_ENDPOINT, registerConsoleSocket } from './compute/console/socket.js';
import { registerDevComputeTools } from './compute/dev-tools.js';
import { registerDevMonitoringTools } from './compute/monitoring/dev-tools.js';
import { type MonitoringOptions, MonitoringService } from './compute/monitoring/service.js';
import { registerDevNetworkTools } from './compute/network/dev-tools.js';
import { NetworkService } from './compute/network/service.js';
import { realScheduler, type Scheduler } from './compute/scheduler.js';
import { type ComputeOptions, ComputeService } from './compute/service.js';
import type { Config } from './config.js';
import { forgetCachedReads } from './db/cached-reads.js';
import type { Database } from './db/client.js';
import { faviconRoutes } from './favicon/favicon.js';
import type { GraphqlServices } from './graphql/context.js';
import { downloadGuard } from './graphql/downloads.js';
import { PgEventTarget } from './graphql/pg-event-target.js';
import {
  createPortalYoga,
  floodStore,
  graphqlPlugin,
  type PortalYoga,
  websocketFloodGuard,
} from './graphql/plugin.js';
import { createPortalPubSub } from './graphql/pubsub.js';
import {
  DEFAULT_WEBSOCKET_TIMERS,
  registerWebsocket,
  trustedHops,
  type WebsocketTimers,
} from './graphql/websocket.js';
import { WsaTokens } from './graphql/wsa-token.js';
import { healthRoutes } from './health/health.js';
import { registerHostStatic } from './host/host-static.js';
import { registerContentSecurity } from './http/content-security.js';
import { addErrorHandler } from './http/error-handler.js';
import { addStandardHeaders, genReqId } from './http/headers.js';
import { registerOriginCheck } from './http/origin-check.js';
import type { IdentityServices } from './identity/context.js';
import { registerDevSessionClock } from './identity/dev-clock.js';
import {
  createIdentityServices,
  type IdentityOverrides,
  registerDevOutbox,
  registerIdentity,
  sessionViewer,
} from './identity/index.js';
import { identityViewers } from './identity/viewers.js';
import { queueDelivery } from './jobs/delivery.js';
import { createJobQueue, type JobQueue, registerDevJobTools } from './jobs/index.js';
import { buildSchema } from './modules.js';
import { remotesRoutes } from './remotes/remotes.js';
import { runtimeConfigOf, runtimeConfigRoutes } from './runtime-config/runtime-config.js';
import { registerSupportAttachments } from './support/attachments.js';
import { registerDevSupportTools } from './support/dev-tools.js';
import { SupportService } from './support/service.js';
import { type AttachmentStorage, createAttachmentStorage } from './support/storage.js';
import { registerDevWorkspaceTools } from './workspaces/dev-tools.js';

export type AppConfig = Pick<
  Config,
  | 'hostDist'
  | 'remotes'
  | 'identity'
  | 'trustProxy'
  | 'http'
  | 'graphql'
  | 'sentryDsn'
  | 'browser'
  | 'compute'
  | 'support'
  | 'payments'
  | 'jobs'
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
  /** Tests read the stored attachments here. */
  supportStorage?: AttachmentStorage;
  /**
   * Billing's timers: the daily invoice run and the expiry of abandoned payments (`schedule: true`,
   * which `server.ts` sets; off in tests, which run them by hand) on `scheduler` (default: the
   * compute scheduler's clock).
   */
  billing?: { schedule?: boolean; scheduler?: Scheduler };
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
    /** Background work (`src/jobs/`): pg-boss on PostgreSQL, in-process on PGlite. */
    jobs: JobQueue;
  }
}

/**
 * The HTTP surface, without listening: `main` listens, tests use `app.inject`. Feature routes (the
 * identity service under /_allauth, GraphQL at /api/, subscriptions at /ws/api/ on the same server's
 * `upgrade` event) register here beside health and remotes; the host's static build goes last, as it
 * owns the fallback.
 */
export function buildApp(config: AppConfig, deps: AppDeps): FastifyInstance {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs, maxConnections } = config.http;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId,
    // at shutdown a request that reached an open connection is answered, not refused with 503
    return503OnClosing: false,
    trustProxy: trustedHops(config.trustProxy),
    // Node's own limits, checked every second: a slow or stalled request (headers or body) gets
    // 408 and its connection closed instead of being held for good
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: requestTimeoutMs,
          headersTimeout: headersTimeoutMs,
          keepAliveTimeout: keepAliveTimeoutMs,
          connectionsCheckingInterval: 1000,
        },
        handler,
      );
      server.maxConnections = maxConnections;
      return server;
    },
  });

  addStandardHeaders(app);
  registerOriginCheck(app, config.identity.publicUrl);
  registerContentSecurity(app, {
    hostIndexHtml: join(config.hostDist, 'index.html'),
    remotes: config.remotes,
    publicUrl: config.identity.publicUrl,
    stripe: config.payments.stripe !== null,
    paypal: config.payments.paypalClientId !== null,
    recaptcha: config.identity.recaptcha.siteKey !== null,
    analyticsScriptUrl: config.browser.analyticsScriptUrl,
    sentryDsn: config.sentryDsn,
  });
  addErrorHandler(app);
  app.register(fastifyCookie);

  app.decorate('drain', { draining: false });
  app.register(healthRoutes, { database: deps.database, isDraining: () => app.drain.draining });
  app.register(remotesRoutes, { source: config.remotes });
  app.register(faviconRoutes, { hostDist: config.hostDist });
  runtimeConfigRoutes(app, runtimeConfigOf(config));

  // background work, run once by one of the api processes on the database (issue 16)
  const scheduler = deps.compute?.scheduler ?? realScheduler();
  const jobs = createJobQueue(deps.database, scheduler, app.log, config.jobs);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  const identity = createIdentityServices(config.identity, deps.database.db, app.log, deps.identity);
  queueDelivery(identity, jobs);
  app.decorate('identity', identity);
  app.addHook('onClose', () => identity.deferred.settled());
  registerIdentity(app, identity);
  if (config.identity.devTools) {
    registerDevOutbox(app, deps.database.db, identity.deferred);
    registerDevSessionClock(app, identity);
  }

  // several processes on one PostgreSQL hear each other's events through it
  const events =
    deps.database.url !== undefined
      ? new PgEventTarget(
          deps.database.url,
          (channel, payload) => deps.database.db.execute(sql`select pg_notify(${channel}, ${payload})`),
          app.log,
          // an event means its process wrote: what this one keeps of those tables may be stale
          () => forgetCachedReads(deps.database.db),
        )
      : null;
  if (events) {
    app.addHook('onReady', () => events.ready);
    app.addHook('onClose', () => events.close());
  }
  const pubsub = createPortalPubSub(events ?? undefined);
  identity.userChanged = (userId) => pubsub.publish('meChanged', userId, { userId });
  const compute = new ComputeService(deps.database.db, pubsub, app.log, {
    scheduler,
    jobs,
    speed: config.compute.simSpeed,
    failureRate: config.compute.failureRate,
    chargeTickMs: config.compute.chargeTickS * 1000,
    driver: config.compute.driver,
    qemu: config.compute.qemu,
    ...deps.compute,
  });
  // The simulator resumes what a restart interrupted once the app is ready, and stops (timers
  // cancelled, running work awaited) before the database closes.
  app.addHook('onReady', () => compute.start());
  app.addHook('onClose', () => compute.close());
  // The metric sampler and alert evaluation, every minute of the compute scheduler's clock.
  const monitoring = new MonitoringService(deps.database.db, pubsub, app.log, identity.mailer, {
    scheduler: compute.options.scheduler,
    jobs,
    sampleMs: 60_000,
    publicUrl: config.identity.publicUrl,
    // a real driver measures its running machines (CPU, memory) for the current minute
    live: (uid) => compute.driver.sample?.(uid) ?? null,
    ...deps.monitoring,
  });
  app.addHook('onReady', () => monitoring.start());
  app.addHook('onClose', () => monitoring.close());
  // traffic and the firewall's dropped packets accrue on the simulator's clock, as often as charges
  const network = new NetworkService(deps.database.db, pubsub, app.log, {
    scheduler: compute.options.scheduler,
    jobs,
    tickMs: compute.options.chargeTickMs,
  });
  app.addHook('onReady', () => network.start());
  app.addHook('onClose', () => network.close());
  const paymentsDriver = createPaymentsDriver(config.payments, { db: deps.database.db, now: identity.now });
  const payments = new PaymentsService({
    db: deps.database.db,
    pubsub,
    log: app.log,
    driver: paymentsDriver,
    now: identity.now,
    publicUrl: config.identity.publicUrl,
    paypal: config.payments.paypal ? new PayPalDriver(config.payments.paypal) : null,
    jobs,
  });
  app.addHook('onReady', () => payments.start());
  const invoiceSchedule = new InvoiceSchedule({
    db: deps.database.db,
    pubsub,
    log: app.log,
    payments,
    scheduler: deps.billing?.scheduler ?? compute.options.scheduler,
    // the queue runs on the compute scheduler's clock: a test's own billing clock keeps the timers
    ...(deps.billing?.scheduler ? {} : { jobs }),
  });
  if (deps.billing?.schedule) {
    app.addHook('onReady', async () => invoiceSchedule.start());
    app.addHook('onClose', async () => invoiceSchedule.stop());
  }
  // the flood guard's windows: /api/, its websocket operations and the downloads count in them
  const apiFloodStore = floodStore(deps.database.countersDb ?? deps.database.db, deps.database.kind);
  const graphql: GraphqlServices = {
    db: deps.database.db,
    pubsub,
    wsaTokens: new WsaTokens(config.graphql.secretKey, config.graphql.wsaTokenTtlS, identity.now),
    now: identity.now,
    compute,
    monitoring,
    support: new SupportService(
      deps.database.db,
      pubsub,
      deps.supportStorage ?? createAttachmentStorage(config.support),
      identity.mailer,
      app.log,
      { publicUrl: config.identity.publicUrl, autoAcknowledge: config.support.autoAcknowledge },
    ),
    mailer: identity.mailer,
    publicUrl: config.identity.publicUrl,
    passwordAttempt: (userId) => identity.limiter.consume('reauthenticate', { user: userId }),
    downloadAllowed: downloadGuard(apiFloodStore, config.identity.rateLimitScale),
    viewers: identityViewers(identity),
    payments,
  };
  app.addHook('onClose', async () => graphql.support.storage.close?.());
  const yoga = createPortalYoga({
    services: graphql,
    schema: buildSchema(),
    graphiql: config.graphql.graphiql,
    production: config.graphql.ws.production,
    logger: app.log,
  });
  app.decorate('graphql', { ...graphql, yoga });
  app.register(graphqlPlugin, {
    yoga,
    graphiql: config.graphql.graphiql,
    rateLimitScale: config.identity.rateLimitScale,
    store: apiFloodStore,
    verifiedSession: async (request) => {
      const viewer = await sessionViewer(identity, request);
      return viewer.status === 'signed-in' ? String(viewer.sessionId) : null;
    },
  });
  registerInvoicePdf(app, graphql);
  registerSupportAttachments(app, graphql);
  registerPaymentRoutes(app, payments, config.identity.publicUrl);
  registerPayPalRoutes(app, payments);
  registerWebsocket(app, {
    yoga,
    services: graphql,
    config: config.graphql.ws,
    trustProxy: config.trustProxy,
    ...(deps.websocket ? { timers: deps.websocket } : {}),
    otherEndpoints: [CONSOLE_ENDPOINT],
    floodGuard: websocketFloodGuard(apiFloodStore, config.identity.rateLimitScale),
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
    registerDevSupportTools(app, graphql);
    registerDevBillingTools(app, graphql, invoiceSchedule);
    registerDevInvoiceTool(app, graphql);
    registerDevJobTools(app, deps.database, jobs);
  }

  registerHostStatic(app, config.hostDist, config.remotes);
  return app;
}
