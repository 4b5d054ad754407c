import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createLogger } from '../logger.js';

const config = loadConfigOrExit();
const logger = createLogger(config);
const database = await openDatabase(config.database, logger);
try {
  await database.migrate();
  logger.info({ database: database.kind }, 'migrations applied');
} finally {
  await database.close();
}
