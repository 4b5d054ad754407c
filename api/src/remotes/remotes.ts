import type { FastifyPluginAsync } from 'fastify';
import { type RemotesSource, readRemoteMap } from './remote-map.js';

/**
 * `/remotes.json`: runtime configuration for the host, never baked into its build. A broken file
 * answers 500 rather than an older or default map, so a bad deploy shows up instead of half-working.
 */
export const remotesRoutes: FastifyPluginAsync<{ source: RemotesSource }> = async (app, { source }) => {
  app.get('/remotes.json', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      return await readRemoteMap(source);
    } catch (err) {
      request.log.error({ err }, `remotes.json: PORTAL_REMOTES_FILE is unusable: ${(err as Error).message}`);
      return reply.code(500).send({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'The remote map is misconfigured.',
      });
    }
  });
};
