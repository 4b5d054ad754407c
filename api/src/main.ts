import closeWithGrace from 'close-with-grace';
import { loadConfigOrExit } from './config.js';
import { createLogger } from './logger.js';
import { startServer } from './server.js';

const config = loadConfigOrExit();

const logger = createLogger(config);
const starting = startServer(config, logger);

// Installed before start-up finishes: a signal during migrations waits for them, then closes
// everything, so PGlite is never left mid-write.
// The drain, the grace of requests in flight and the websockets' close frames, then a margin.
const closeDelay = config.http.shutdownDrainMs + config.http.shutdownGraceMs + 5_000;
closeWithGrace({ delay: closeDelay, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  const server = await starting.catch(() => undefined);
  await server?.close();
  logger.info('stopped');
});

try {
  const server = await starting;
  logger.info({ url: server.url }, `portal api listening at ${server.url}`);
} catch (err) {
  logger.fatal({ err }, 'api failed to start');
  process.exit(1);
}
