import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedDemo } from '../db/seed.js';
import { createLogger } from '../logger.js';

const config = loadConfigOrExit();
const logger = createLogger(config);
const database = await openDatabase(config.database, logger);
try {
  await database.migrate();
  const { demoUser } = await seedDemo(database.db);
  logger.info({ database: database.kind, email: demoUser.email }, 'demo data seeded');
} finally {
  await database.close();
}
