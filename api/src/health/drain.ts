import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Whether this process is on its way out. Set first thing at shutdown: `/healthz` answers 503
 * `{"status":"draining"}` from then on, so the load balancer takes the process out of rotation
 * while it still serves what reaches it.
 */
export interface DrainState {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by `drainAndClose` (SIGTERM): `/healthz` fails with "draining". */
    drain: DrainState;
  }
}

export interface DrainOptions {
  /**
   * How long `/healthz` fails before the process stops accepting (`PORTAL_SHUTDOWN_DRAIN_S`): long
   * enough for the balancer's health checks to see it (HAProxy `inter` x `fall`); alone, a moment
   * for the connections already on their way.
   */
  drainMs: number;
  /** Requests still running this long after the listener closed are cut off (`PORTAL_SHUTDOWN_GRACE_S`). */
  graceMs: number;
  /** Tests replace the drain wait with one they release. */
  wait?: (ms: number) => Promise<void>;
  onCutOff?: () => void;
}

/**
 * The graceful shutdown of one api process behind a balancer:
 * 1. `/healthz` fails ("draining") for `drainMs`: the balancer stops sending new requests;
 * 2. `app.close()`: the websockets are closed with 1012 Service Restart (graphql-ws clients and the
 *    console reconnect, through the balancer, to another process), the listener closes, requests in
 *    flight finish;
 * 3. what still runs `graceMs` later is cut off. Bounded: `drainMs + graceMs` plus the sockets'
 *    close grace.
 */
export async function drainAndClose(app: FastifyInstance, options: DrainOptions): Promise<void> {
  const { drainMs, graceMs, wait = (ms) => sleep(ms) } = options;
  app.drain.draining = true;
  if (drainMs > 0) {
    app.log.info({ drainMs }, 'shutdown: draining (health check fails) before closing');
    await wait(drainMs);
  }
  const cutOff = setTimeout(() => {
    options.onCutOff?.();
    app.log.warn({ graceMs }, 'shutdown: cutting off the requests still running');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cutOff);
  }
}
