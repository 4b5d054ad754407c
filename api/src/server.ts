import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { seedCatalog } from './compute/seed.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USER, seedDemo, TOTP_USER } from './db/seed.js';
import { drainAndClose } from './health/drain.js';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  /**
   * Fails `/healthz` ("draining") for `http.shutdownDrainMs`, then closes the websockets (1012),
   * stops accepting requests, lets open ones finish for `http.shutdownGraceMs`, cuts off what is
   * still running after that (`health/drain.ts`), and always closes the database (so PGlite flushes and lets go of its
   * folder). Idempotent.
   */
  close(): Promise<void>;
}

/** Opens the database, migrates (and seeds when asked), then listens. What `main` runs. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase(config.database, logger);
  try {
    logger.info({ database: database.kind }, 'applying migrations');
    await database.migrate();
    // The catalogue New instance offers: the embedded default, restored on every start.
    await seedCatalog(database.db);
    if (config.seed === 'demo') {
      await seedDemo(database.db);
      logger.info({ email: DEMO_USER.email }, 'demo data seeded');
      if (config.nodeEnv !== 'production') {
        logger.info(
          { email: TOTP_USER.email, password: DEMO_PASSWORD, totpSecret: DEMO_TOTP_SECRET },
          'demo TOTP account: add the secret to an authenticator app',
        );
      }
    }
    if (config.payments.sandboxInProduction) {
      logger.warn(
        'payments: the embedded sandbox takes payments in production (PAYMENTS_SANDBOX_IN_PRODUCTION): no money moves, test cards are credited',
      );
    }
    const app = buildApp(config, { database, logger, billing: { schedule: true } });
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      await app.close();
      throw error;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      url,
      close: () => {
        closing ??= (async () => {
          try {
            await drainAndClose(app, {
              drainMs: config.http.shutdownDrainMs,
              graceMs: config.http.shutdownGraceMs,
            });
          } finally {
            await database.close();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
