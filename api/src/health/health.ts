import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.js';

/** A hung database must not hang the probe: past this the answer is "unavailable". */
const HEALTH_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface HealthOptions {
  database: Pick<Database, 'ping'>;
  timeoutMs?: number;
  /** True once shutdown began (`drain.ts`): the answer is 503 "draining" whatever the database says. */
  isDraining?: () => boolean;
}

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, options) => {
  const { database, timeoutMs = HEALTH_TIMEOUT_MS, isDraining = () => false } = options;
  // Probes hit this every few seconds: log only what goes wrong.
  app.get('/healthz', { logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (isDraining()) return reply.code(503).send({ status: 'draining' });
    try {
      await withTimeout(database.ping(), timeoutMs);
      return { status: 'ok' };
    } catch (err) {
      request.log.warn({ err }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
