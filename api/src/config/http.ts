import { number } from './readers.js';
import { configPart, variable } from './schema.js';

/** What one connection may hold (Node's HTTP server; upgraded websockets are not affected). */
export interface HttpConfig {
  requestTimeoutMs: number;
  /** The headers must arrive within this (15 s, and never beyond the request timeout). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (10 s). */
  keepAliveTimeoutMs: number;
  maxConnections: number;
  shutdownGraceMs: number;
  shutdownDrainMs: number;
}

const REQUEST_TIMEOUT_S = variable({
  name: 'PORTAL_REQUEST_TIMEOUT_S',
  description:
    "a request's headers and body must arrive within this (headers within 15 s): a stalled one gets 408 and its connection closed (idle keep-alive connections close after 10 s; upgraded websockets are not affected)",
  schema: number({ min: 1, max: 3600, fallback: 120 }),
  example: { value: '120' },
});

const MAX_CONNECTIONS = variable({
  name: 'PORTAL_MAX_CONNECTIONS',
  description: 'open connections at most; more are refused at once',
  schema: number({ min: 1, max: 1_000_000, fallback: 10_000 }),
  example: { value: '10000' },
});

const SHUTDOWN_GRACE_S = variable({
  name: 'PORTAL_SHUTDOWN_GRACE_S',
  description:
    'at SIGTERM, requests still running after this are cut off; the database is always closed (PGlite flushed, its lock released) before the process ends',
  schema: number({ min: 0, max: 300, fallback: 5 }),
  example: { value: '5' },
});

const SHUTDOWN_DRAIN_S = variable({
  name: 'PORTAL_SHUTDOWN_DRAIN_S',
  description:
    '`/healthz` answers `503 {"status":"draining"}` this long after SIGTERM while requests are still served, before the listener closes: connections that already reached the process are answered, and a load balancer takes the process out first (behind one: its check interval × fall, with a margin; see "Graceful shutdown")',
  schema: number({ min: 0, max: 300, fallback: 1 }),
  example: { value: '3' },
});

/** Connection limits and the shutdown's timing. */
export const httpPart = configPart({
  key: 'http',
  title: 'connections and shutdown',
  variables: [REQUEST_TIMEOUT_S, MAX_CONNECTIONS, SHUTDOWN_GRACE_S, SHUTDOWN_DRAIN_S],
  build: (get) => {
    const requestTimeoutMs = get(REQUEST_TIMEOUT_S) * 1000;
    const http: HttpConfig = {
      requestTimeoutMs,
      headersTimeoutMs: Math.min(15_000, requestTimeoutMs),
      keepAliveTimeoutMs: 10_000,
      maxConnections: get(MAX_CONNECTIONS),
      shutdownGraceMs: get(SHUTDOWN_GRACE_S) * 1000,
      shutdownDrainMs: get(SHUTDOWN_DRAIN_S) * 1000,
    };
    return { http };
  },
});
