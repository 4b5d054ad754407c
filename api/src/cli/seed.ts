import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, seedDemo } from '../db/seed.js';
import { createLogger } from '../logger.js';

const config = loadConfigOrExit();
const logger = createLogger(config);
const database = await openDatabase(config.database, logger);
try {
  await database.migrate();
  const { demoUser, totpUser } = await seedDemo(database.db);
  logger.info({ database: database.kind, email: demoUser.email }, 'demo data seeded');
  if (config.nodeEnv !== 'production') {
    logger.info(
      { email: totpUser.email, password: DEMO_PASSWORD, totpSecret: DEMO_TOTP_SECRET },
      'demo TOTP account: add the secret to an authenticator app',
    );
  }
} finally {
  await database.close();
}
