import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
  GraphQLError,
} from 'graphql';
import { CloseCode, type ConnectionInitMessage } from 'graphql-ws';
import { type Extra, useServer } from 'graphql-ws/use/ws';
import { type WebSocket, WebSocketServer } from 'ws';
import type { WsConfig } from '../config.js';
import { type GraphqlServices, type TokenSessionState, tokenSessionStates } from './context.js';
import { SIGNATURE_EXPIRED, signatureExpired } from './errors.js';
import { API_RATE_LIMITED, type PortalYoga } from './plugin.js';
import type { WsaClaims } from './wsa-token.js';

/** Subscriptions (and any other operation) over graphql-ws, subprotocol `graphql-transport-ws`. */
export const WS_ENDPOINT = '/ws/api/';

/**
 * How the server closes a socket. graphql-ws's own codes apply besides: 4408 (no
 * `connection_init` in time), 4406 (subprotocol other than `graphql-transport-ws`), 4400 (malformed
 * message), 4401 'Unauthorized' (subscribe before the ack), 4409, 4429, 4500.
 */
export const WS_CLOSE = {
  /** No token, or one that is not ours (tampered, other key or audience, malformed). Do not retry. */
  forbidden: { code: CloseCode.Forbidden, reason: 'Forbidden' },
  /**
   * The credentials lapsed: the token had expired at `connection_init`, or the session it was issued
   * for has ended (lapsed or logged out) at connect, at a subscribe or at a periodic check. The
   * client fetches a fresh token (`getWSAToken` over HTTP, which answers the spec's messages if the
   * session is gone) and reconnects.
   */
  expired: { code: CloseCode.Unauthorized, reason: SIGNATURE_EXPIRED },
  /** An unexpected failure on our side (logged). */
  internal: { code: CloseCode.InternalServerError, reason: 'Internal server error' },
  /**
   * The api process is shutting down (SIGTERM, `health/drain.ts`): 1012 Service Restart, which the
   * clients treat as passing (graphql-ws retries it; the console offers Reconnect) and reconnect
   * through the balancer to another process.
   */
  goingAway: { code: 1012, reason: 'Service restart' },
  /** The user has `MAX_SOCKETS_PER_USER` sockets open already (the client does not retry 4403's kin). */
  tooManySockets: { code: 4429, reason: 'Too many connections' },
} as const;

/**
 * What one connection and one user may hold: the portal's busiest page subscribes to about ten
 * operations and a customer keeps a few tabs open; a flood of either would make every event costly.
 */
export const SUBSCRIPTION_LIMITS = { perSocket: 50, socketsPerUser: 20 } as const;
export const TOO_MANY_SUBSCRIPTIONS = `Too many operations on this connection (at most ${SUBSCRIPTION_LIMITS.perSocket}).`;

export interface WebsocketTimers {
  /** No `connection_init` within this: graphql-ws closes 4408. */
  connectionInitWaitTimeoutMs: number;
  /** How often every open socket's session is re-checked (4401 once it has ended). */
  sessionCheckIntervalMs: number;
  /** graphql-ws's ping interval; a peer that misses a pong is cut. */
  keepAliveMs: number;
  /** On shutdown, how long clients get to answer the close frame before their socket is cut. */
  closeGraceMs: number;
}

export const DEFAULT_WEBSOCKET_TIMERS: WebsocketTimers = {
  connectionInitWaitTimeoutMs: 10_000,
  sessionCheckIntervalMs: 60_000,
  keepAliveMs: 12_000,
  closeGraceMs: 2_000,
};

/** Subscription documents and events are small; ws's default (100 MiB) invites abuse. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Browsers send the page's origin with every websocket handshake and never let a page forge it: the
 * check keeps other sites' pages off the socket (cross-site websocket hijacking). The public origin
 * always passes; outside production also a loopback page served from the host and port the socket
 * itself connects to (`npm start` on 127.0.0.1 or localhost, a remote's dev server proxying `/ws`
 * with its own Host). No Origin at all (not a browser) is refused too: such a client can send one.
 */
export function originAllowed(request: IncomingMessage, config: WsConfig): boolean {
  const header = request.headers.origin;
  if (!header || !URL.canParse(header)) return false;
  const origin = new URL(header);
  if (origin.origin === config.publicOrigin) return true;
  if (!config.allowLoopbackOrigins) return false;
  return (
    origin.protocol === 'http:' && LOOPBACK_HOSTS.has(origin.hostname) && request.headers.host === origin.host
  );
}

/**
 * The client's address as `request.ip` gives it over HTTP (the same library as Fastify's): with
 * `TRUST_PROXY=n`, the address `n` hops back in `X-Forwarded-For` counted from the right, the one
 * the nearest trusted proxy saw; what a client writes further left is never believed.
 */
export function clientIp(request: IncomingMessage, trustProxy: number): string {
  return proxyAddr(request, trustedHops(trustProxy)) || request.socket.remoteAddress || '';
}

/** Fastify's and proxy-addr's trust function for `count` proxies in front. */
export const trustedHops =
  (count: number) =>
  (_address: string, hop: number): boolean =>
    hop < count;

/** Answers the handshake with a plain HTTP error instead of upgrading. */
export function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.on('error', () => {});
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

/**
 * What yoga's HTTP responses also leave out (its `omitInternalsFromResultErrors`, not exported):
 * the `http` and `unexpected` markers in error extensions and `extensions.http`.
 */
export function withoutInternals(
  result: FormattedExecutionResult | ExecutionResult,
): FormattedExecutionResult {
  const { errors, extensions, ...rest } = result;
  const { http: _http, ...ownExtensions } = extensions ?? {};
  return {
    ...rest,
    ...(errors
      ? {
          errors: errors.map((error) => {
            const json = 'toJSON' in error && typeof error.toJSON === 'function' ? error.toJSON() : error;
            const { http: _h, unexpected: _u, ...kept } = json.extensions ?? {};
            const { extensions: _e, ...plain } = json;
            return Object.keys(kept).length > 0 ? { ...plain, extensions: kept } : plain;
          }),
        }
      : {}),
    ...(Object.keys(ownExtensions).length > 0 ? { extensions: ownExtensions } : {}),
  };
}

interface Connection {
  claims: WsaClaims;
  ip: string;
  /** The last look at the token's session, shared by the operations of the next moment. */
  checked?: { at: number; state: Promise<TokenSessionState> };
}

/**
 * How long one look at a socket's session answers for its new operations: a page subscribing to ten
 * things at once asks the database once, and a flood of subscribes cannot turn into a flood of
 * queries. An ended session still closes the socket within this, and at the periodic check.
 */
const SESSION_STATE_REUSE_MS = 1000;

function sessionState(services: GraphqlServices, connection: Connection): Promise<TokenSessionState> {
  const now = Date.now();
  if (!connection.checked || now - connection.checked.at >= SESSION_STATE_REUSE_MS) {
    const state = tokenSessionStates(services, [connection.claims]).then(([found]) => found!);
    connection.checked = { at: now, state };
    state.catch(() => {
      if (connection.checked?.state === state) connection.checked = undefined;
    });
  }
  return connection.checked.state;
}

type Enveloped = ReturnType<PortalYoga['getEnveloped']>;
type ConnectionParams = ConnectionInitMessage['payload'];

export interface WebsocketOptions {
  yoga: PortalYoga;
  services: GraphqlServices;
  config: WsConfig;
  trustProxy: number;
  timers?: Partial<WebsocketTimers>;
  /** Path prefixes another module upgrades on the same server (the compute console): left alone here. */
  otherEndpoints?: readonly string[];
  /** Counts an operation against the session's `/api/` allowance; false once it is spent. */
  floodGuard?: (claims: WsaClaims) => Promise<boolean>;
}

/**
 * `/ws/api/` on the app's own HTTP server (same port, same origin as `/api/`): graphql-ws on a `ws`
 * server in no-server mode, fed by the `upgrade` event. Operations run through yoga's envelop
 * (`yoga.getEnveloped`), so yoga's plugins (masked errors, …), its context factory and the same
 * resolvers apply as over HTTP; the caller is the WSA token's user instead of the session cookie's.
 */
export function registerWebsocket(app: FastifyInstance, options: WebsocketOptions): void {
  const { yoga, services, config, trustProxy } = options;
  const timers = { ...DEFAULT_WEBSOCKET_TIMERS, ...options.timers };
  const log: FastifyBaseLogger = app.log.child({ ws: WS_ENDPOINT });
  const connections = new Map<WebSocket, Connection>();
  /** The envelop of each operation, found again by its context in `execute` / `subscribe`. */
  const envelopes = new WeakMap<object, Enveloped>();

  const close = (socket: WebSocket, how: { code: number; reason: string }) => {
    connections.delete(socket);
    socket.close(how.code, how.reason);
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  useServer<ConnectionParams, Record<PropertyKey, never>>(
    {
      connectionInitWaitTimeout: timers.connectionInitWaitTimeoutMs,
      isProd: config.production,

      // Returning false after closing with our own code: graphql-ws's 4403 then finds the socket
      // closing already and goes nowhere.
      onConnect: async (ctx) => {
        const { socket, request } = ctx.extra as Extra;
        const token = ctx.connectionParams?.token;
        if (typeof token !== 'string' || token === '') {
          log.info({ reason: 'no token' }, 'websocket refused');
          close(socket, WS_CLOSE.forbidden);
          return false;
        }
        try {
          const claims = await services.wsaTokens.verify(token).catch((error: unknown) => {
            const expired = error instanceof GraphQLError && error.message === SIGNATURE_EXPIRED;
            log.info({ reason: expired ? 'token expired' : 'bad token' }, 'websocket refused');
            close(socket, expired ? WS_CLOSE.expired : WS_CLOSE.forbidden);
            return null;
          });
          if (!claims) return false;
          const [state] = await tokenSessionStates(services, [claims]);
          if (state !== 'active') {
            log.info({ reason: `session ${state}`, userId: claims.userId }, 'websocket refused');
            close(socket, WS_CLOSE.expired);
            return false;
          }
          // The peer may have gone while we were asking the database.
          if (socket.readyState !== socket.OPEN) return false;
          const open = [...connections.values()].filter((c) => c.claims.userId === claims.userId).length;
          if (open >= SUBSCRIPTION_LIMITS.socketsPerUser) {
            log.warn({ userId: claims.userId, open }, 'websocket refused: too many sockets');
            close(socket, WS_CLOSE.tooManySockets);
            return false;
          }
          connections.set(socket, { claims, ip: clientIp(request, trustProxy) });
          log.debug({ userId: claims.userId }, 'websocket connected');
          return true;
        } catch (error) {
          log.error({ err: error }, 'websocket connect failed');
          close(socket, WS_CLOSE.internal);
          return false;
        }
      },

      onSubscribe: async (ctx, _id, payload) => {
        const { socket } = ctx.extra as Extra;
        const connection = connections.get(socket);
        // graphql-ws refuses a subscribe before the ack (4401 'Unauthorized'); this is a socket we
        // have just closed.
        if (!connection) return [signatureExpired()];
        // this operation is counted already (graphql-ws registers it before asking us)
        if (Object.keys(ctx.subscriptions).length > SUBSCRIPTION_LIMITS.perSocket)
          return [new GraphQLError(TOO_MANY_SUBSCRIPTIONS, { extensions: { code: 'TOO_MANY_OPERATIONS' } })];
        try {
          if (options.floodGuard && !(await options.floodGuard(connection.claims)))
            return [new GraphQLError(API_RATE_LIMITED, { extensions: { code: 'RATE_LIMITED' } })];
          const state = await sessionState(services, connection);
          if (state !== 'active') {
            log.info({ reason: `session ${state}`, userId: connection.claims.userId }, 'websocket closed');
            close(socket, WS_CLOSE.expired);
            return [signatureExpired()];
          }
          const enveloped = yoga.getEnveloped({ wsa: connection.claims, ip: connection.ip, params: payload });
          let document: ReturnType<Enveloped['parse']>;
          try {
            document = enveloped.parse(payload.query);
          } catch (error) {
            if (error instanceof GraphQLError) return [error];
            throw error;
          }
          const errors = enveloped.validate(enveloped.schema, document);
          if (errors.length > 0) return errors;
          const contextValue = await enveloped.contextFactory();
          envelopes.set(contextValue, enveloped);
          const args: ExecutionArgs = {
            schema: enveloped.schema,
            document,
            contextValue,
            ...(payload.operationName ? { operationName: payload.operationName } : {}),
            ...(payload.variables ? { variableValues: payload.variables } : {}),
          };
          return args;
        } catch (error) {
          log.error({ err: error }, 'websocket subscribe failed');
          close(socket, WS_CLOSE.internal);
          return [new GraphQLError('Unexpected error.')];
        }
      },

      execute: (args) => envelopeOf(args).execute(args) as never,
      subscribe: (args) => envelopeOf(args).subscribe(args) as never,
      onNext: (_ctx, _id, _payload, _args, result) => withoutInternals(result),

      onClose: (ctx, code) => {
        const { socket } = ctx.extra as Extra;
        if (connections.delete(socket)) log.debug({ code }, 'websocket closed');
      },
    },
    wss,
    timers.keepAliveMs,
  );

  function envelopeOf(args: ExecutionArgs): Enveloped {
    const enveloped = envelopes.get(args.contextValue as object);
    if (!enveloped) throw new Error('operation without an envelop');
    return enveloped;
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?')[0];
    if (path !== WS_ENDPOINT) {
      if (options.otherEndpoints?.some((prefix) => path?.startsWith(prefix))) return;
      socket.destroy();
      return;
    }
    if (!originAllowed(request, config)) {
      log.info({ origin: request.headers.origin ?? null }, 'websocket refused: origin');
      refuseUpgrade(socket, 403, 'Forbidden');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  }
  app.server.on('upgrade', onUpgrade);

  // A WSA token only opens the socket (it lives 60 s); the socket then lives as long as the session
  // the token was issued for.
  const sessionTimer = watchTokenSessions(
    services,
    timers.sessionCheckIntervalMs,
    log,
    connections,
    (socket) => close(socket, WS_CLOSE.expired),
  );

  // Before Fastify stops listening: an open websocket would hold the HTTP server's close forever.
  app.addHook('preClose', async () => {
    clearInterval(sessionTimer);
    app.server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.close(WS_CLOSE.goingAway.code, WS_CLOSE.goingAway.reason);
    const cut = setTimeout(() => {
      for (const client of wss.clients) client.terminate();
    }, timers.closeGraceMs);
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    clearTimeout(cut);
    connections.clear();
  });
}

/**
 * Every `intervalMs`, one query for the sessions behind all open sockets (`open`: socket → its WSA
 * token's claims); `lapsed` closes a socket whose session ended (logged out, expired, gone). The
 * timer does not hold the process; clear it on close.
 */
export function watchTokenSessions<S>(
  services: GraphqlServices,
  intervalMs: number,
  log: FastifyBaseLogger,
  open: ReadonlyMap<S, { claims: WsaClaims }>,
  lapsed: (socket: S) => void,
): NodeJS.Timeout {
  let checking = false;
  async function check(): Promise<void> {
    const entries = [...open];
    if (checking || entries.length === 0) return;
    checking = true;
    try {
      const states = await tokenSessionStates(
        services,
        entries.map(([, entry]) => entry.claims),
      );
      entries.forEach(([socket, entry], i) => {
        if (states[i] === 'active') return;
        log.info({ reason: `session ${states[i]}`, userId: entry.claims.userId }, 'socket closed: session');
        lapsed(socket);
      });
    } catch (error) {
      log.error({ err: error }, 'socket session check failed');
    } finally {
      checking = false;
    }
  }
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return timer;
}
