import type { FastifyInstance } from 'fastify';
import type { NetworkService } from './service.js';

/**
 * `POST /_dev/compute/network/tick` (only with PORTAL_DEV_TOOLS=1): accrues traffic and dropped
 * packets up to now and publishes `networkChanged` at once, instead of at the next tick; answers
 * `{ok: true}`.
 */
export function registerDevNetworkTools(app: FastifyInstance, network: NetworkService): void {
  app.post('/_dev/compute/network/tick', async (_request, reply) => {
    await network.tick();
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });
}
