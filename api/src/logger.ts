import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.js';

/**
 * One pino logger for the process, handed to Fastify so start-up, requests and shutdown log alike.
 * Always JSON (pipe through `pino-pretty` to read it by eye).
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'portal-api', env: config.nodeEnv },
    },
    destination,
  );
}
