import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { GraphQLError } from 'graphql';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { WsConfig } from '../../config.js';
import { type GraphqlServices, tokenContext, tokenSessionStates } from '../../graphql/context.js';
import { PERMISSION_DENIED, SIGNATURE_EXPIRED } from '../../graphql/errors.js';
import { clientIp, originAllowed, refuseUpgrade, watchTokenSessions } from '../../graphql/websocket.js';
import type { WsaClaims } from '../../graphql/wsa-token.js';
import { loadCatalog } from '../repository.js';
import type { ComputeInstanceRow } from '../tables.js';
import { requireConsoleInstance } from './access.js';
import type { ConsoleChannel, ConsoleEndReason, ConsoleTarget } from './channel.js';

/** `/ws/console/<instanceUid>`: the serial console of one instance. */
export const CONSOLE_ENDPOINT = '/ws/console/';

/**
 * How the console socket ends (close code and reason). The reason is English for logs and other
 * clients; the portal shows its own text per code.
 */
export const CONSOLE_CLOSE = {
  /** The user closed the page or pressed Disconnect. */
  normal: { code: 1000, reason: 'Detached' },
  /**
   * The api process is shutting down (SIGTERM, `health/drain.ts`): 1012 Service Restart, which the
   * clients treat as passing (graphql-ws retries it; the console offers Reconnect) and reconnect
   * through the balancer to another process.
   */
  goingAway: { code: 1012, reason: 'Service restart' },
  /** A first message that is not `auth`, a malformed control message, a bad size. */
  badMessage: { code: 4400, reason: 'Bad message' },
  /** The token had expired, or its session ended (lapsed, logged out): fetch a fresh one and retry. */
  expired: { code: 4401, reason: SIGNATURE_EXPIRED },
  /** No token or not ours: do not retry. */
  forbidden: { code: 4403, reason: 'Forbidden' },
  /** Not the caller's instance, unknown, deleted, or a workspace without compute: do not retry. */
  denied: { code: 4403, reason: PERMISSION_DENIED },
  /** The instance was deleted while attached. */
  deleted: { code: 4404, reason: 'The instance was deleted.' },
  /** No `auth` message in time. */
  authTimeout: { code: 4408, reason: 'Authentication timeout' },
  /** The instance is off (Inactive) at attach. */
  off: { code: 4409, reason: 'The instance is off. Start it to use the console.' },
  /** The instance was stopped while attached. */
  stopped: { code: 4410, reason: 'The instance was stopped.' },
  /** The instance is still being installed. */
  installing: { code: 4412, reason: 'The instance is being installed. The console opens once it is active.' },
  /** More input than a person types or pastes (`INPUT_RATE`). */
  tooMuchInput: { code: 4429, reason: 'Too much input' },
  /** `CONSOLE_LIMITS`: close another console of this user first. */
  tooManyConsoles: { code: 4429, reason: 'Too many consoles open: close one first.' },
  /** A failure on our side (logged): retry. */
  internal: { code: 4500, reason: 'Internal server error' },
} as const;

/** A frame holds at most this much (ws closes a bigger one with 1009); the page sends a paste in pieces. */
const MAX_FRAME_BYTES = 64 * 1024;
/**
 * Input allowance: a bucket of 64 KiB refilled at 16 KiB/s, each frame costing its size plus 64
 * bytes (so a flood of tiny frames is counted too). Typing uses a few bytes a second; a paste of a
 * page of text passes; a script pouring data in is cut with 4429.
 */
export const INPUT_RATE = { burstBytes: 64 * 1024, bytesPerSecond: 16 * 1024, frameCost: 64 } as const;
const MIN_COLS = 2;
const MAX_COLS = 1000;
const MIN_ROWS = 1;
const MAX_ROWS = 500;

export interface ConsoleSocketTimers {
  /** No `auth` message within this: 4408. */
  authTimeoutMs: number;
  /** How often the session of every open console is re-checked (4401 once it has ended). */
  sessionCheckIntervalMs: number;
  /** On shutdown, how long clients get to answer the close frame before their socket is cut. */
  closeGraceMs: number;
}

export interface ConsoleSocketOptions {
  services: GraphqlServices;
  config: WsConfig;
  trustProxy: number;
  timers: ConsoleSocketTimers;
  /** The clock of the input allowance (tests). */
  now?: () => number;
}

interface Attached {
  claims: WsaClaims;
  uid: string;
  channel: ConsoleChannel;
}

/**
 * Consoles one user keeps open at once: a few tabs on one machine, a fleet's worth in all. Past
 * them the new socket is closed (4429) rather than holding a channel and a guest serial line each.
 */
export const CONSOLE_LIMITS = { perInstance: 5, perUser: 20 } as const;

type Control =
  | { type: 'auth'; token: string; cols?: number; rows?: number }
  | { type: 'resize'; cols: number; rows: number };

const isSize = (cols: unknown, rows: unknown) =>
  Number.isInteger(cols) &&
  Number.isInteger(rows) &&
  (cols as number) >= MIN_COLS &&
  (cols as number) <= MAX_COLS &&
  (rows as number) >= MIN_ROWS &&
  (rows as number) <= MAX_ROWS;

/** A control message, or null when it is not one we know or its values are out of range. */
export function parseControl(text: string): Control | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  if (m.type === 'auth') {
    if (typeof m.token !== 'string' || m.token === '') return null;
    if (m.cols === undefined && m.rows === undefined) return { type: 'auth', token: m.token };
    return isSize(m.cols, m.rows)
      ? { type: 'auth', token: m.token, cols: m.cols as number, rows: m.rows as number }
      : null;
  }
  if (m.type === 'resize' && isSize(m.cols, m.rows)) {
    return { type: 'resize', cols: m.cols as number, rows: m.rows as number };
  }
  return null;
}

function consoleTarget(
  row: ComputeInstanceRow,
  catalog: Awaited<ReturnType<typeof loadCatalog>>,
): ConsoleTarget {
  const image = catalog.image(row.imageId);
  const plan = catalog.plan(row.planId);
  return {
    uid: row.id,
    name: row.name,
    imageName: image?.name ?? 'Linux',
    system: image?.system ?? 'Linux',
    vcpus: plan?.vcpus ?? 1,
    memoryMb: plan?.memoryMb ?? 1024,
    diskGb: plan?.diskGb ?? 25,
    ipv4: row.ipv4,
    ipv6: row.ipv6,
    city: catalog.location(row.locationId)?.city ?? '',
    createdAt: row.createdAt,
  };
}

/** The uid of a console path, or null when the path is not one. */
export function consoleUidOf(path: string): string | null {
  if (!path.startsWith(CONSOLE_ENDPOINT)) return null;
  const uid = path.slice(CONSOLE_ENDPOINT.length);
  return /^[A-Za-z0-9-]{1,64}$/.test(uid) ? uid : null;
}

/**
 * The console websocket, on the app's own HTTP server beside `/ws/api/`, fenced like it: the
 * handshake's Origin (`originAllowed`), then a WSA token in the first message (`auth`), its session
 * still signed in, and the instance visible to its user (`requireConsoleInstance`, the compute
 * permission check) and running. Then binary frames carry the terminal's bytes both ways, and text
 * frames carry `resize`. Codes: `CONSOLE_CLOSE`.
 */
export function registerConsoleSocket(app: FastifyInstance, options: ConsoleSocketOptions): void {
  const { services, config, trustProxy, timers } = options;
  const now = options.now ?? Date.now;
  const log: FastifyBaseLogger = app.log.child({ ws: CONSOLE_ENDPOINT });
  const attached = new Map<WebSocket, Attached>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  const close = (socket: WebSocket, how: { code: number; reason: string }) => {
    const entry = attached.get(socket);
    attached.delete(socket);
    entry?.channel.close();
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(how.code, how.reason);
  };

  function serve(socket: WebSocket, request: IncomingMessage, uid: string): void {
    const ip = clientIp(request, trustProxy);
    let state: 'auth' | 'attaching' | 'attached' | 'closed' = 'auth';
    let bucket: number = INPUT_RATE.burstBytes;
    let filledAt = now();
    const authTimer = setTimeout(() => close(socket, CONSOLE_CLOSE.authTimeout), timers.authTimeoutMs);
    authTimer.unref();

    socket.on('error', (error) => log.debug({ err: error }, 'console socket error'));
    socket.on('close', () => {
      state = 'closed';
      clearTimeout(authTimer);
      const entry = attached.get(socket);
      attached.delete(socket);
      entry?.channel.close();
    });

    socket.on('message', (data: RawData, isBinary: boolean) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      // The allowance: every frame counts, also before attaching.
      const t = now();
      bucket = Math.min(INPUT_RATE.burstBytes, bucket + ((t - filledAt) / 1000) * INPUT_RATE.bytesPerSecond);
      filledAt = t;
      bucket -= bytes.length + INPUT_RATE.frameCost;
      if (bucket < 0) {
        log.info({ uid }, 'console closed: too much input');
        close(socket, CONSOLE_CLOSE.tooMuchInput);
        return;
      }
      if (state === 'auth') {
        const control = isBinary ? null : parseControl(bytes.toString('utf8'));
        if (control?.type !== 'auth') {
          close(socket, CONSOLE_CLOSE.badMessage);
          return;
        }
        state = 'attaching';
        clearTimeout(authTimer);
        void attach(socket, uid, ip, control).then((ok) => {
          if (ok && state === 'attaching') state = 'attached';
        });
        return;
      }
      const entry = attached.get(socket);
      if (isBinary) {
        // Keys typed while the attach is under way are dropped, as a serial line not yet open would.
        entry?.channel.write(bytes);
        return;
      }
      const control = parseControl(bytes.toString('utf8'));
      if (control?.type !== 'resize') {
        close(socket, CONSOLE_CLOSE.badMessage);
        return;
      }
      entry?.channel.resize(control.cols, control.rows);
    });
  }

  async function attach(
    socket: WebSocket,
    uid: string,
    ip: string,
    auth: Extract<Control, { type: 'auth' }>,
  ): Promise<boolean> {
    try {
      let claims: WsaClaims;
      try {
        claims = await services.wsaTokens.verify(auth.token);
      } catch (error) {
        const expired = error instanceof GraphQLError && error.message === SIGNATURE_EXPIRED;
        log.info({ reason: expired ? 'token expired' : 'bad token', uid }, 'console refused');
        close(socket, expired ? CONSOLE_CLOSE.expired : CONSOLE_CLOSE.forbidden);
        return false;
      }
      const [session] = await tokenSessionStates(services, [claims]);
      if (session !== 'active') {
        log.info({ reason: `session ${session}`, userId: claims.userId, uid }, 'console refused');
        close(socket, CONSOLE_CLOSE.expired);
        return false;
      }
      let row: ComputeInstanceRow;
      try {
        ({ row } = await requireConsoleInstance(tokenContext(services, claims, ip), uid));
      } catch (error) {
        if (error instanceof GraphQLError && error.message === PERMISSION_DENIED) {
          log.info({ reason: 'not visible', userId: claims.userId, uid }, 'console refused');
          close(socket, CONSOLE_CLOSE.denied);
          return false;
        }
        if (error instanceof GraphQLError && error.message === SIGNATURE_EXPIRED) {
          close(socket, CONSOLE_CLOSE.expired);
          return false;
        }
        throw error;
      }
      if (row.status !== 'ACTIVE') {
        log.info({ reason: row.status, userId: claims.userId, uid }, 'console refused');
        close(socket, row.status === 'INSTALLING' ? CONSOLE_CLOSE.installing : CONSOLE_CLOSE.off);
        return false;
      }
      // The peer may have gone while we were asking the database.
      if (socket.readyState !== socket.OPEN) return false;
      const mine = [...attached.values()].filter((a) => a.claims.userId === claims.userId);
      if (
        mine.length >= CONSOLE_LIMITS.perUser ||
        mine.filter((a) => a.uid === uid).length >= CONSOLE_LIMITS.perInstance
      ) {
        log.warn({ userId: claims.userId, uid, open: mine.length }, 'console refused: too many open');
        close(socket, CONSOLE_CLOSE.tooManyConsoles);
        return false;
      }
      const target = consoleTarget(row, await loadCatalog(services.db));
      let ended = false;
      const channel = services.compute.driver.attachConsole(target, {
        data: (bytes) => {
          if (socket.readyState === socket.OPEN) socket.send(bytes, { binary: true });
        },
        end: (reason: ConsoleEndReason) => {
          ended = true;
          log.info({ reason, userId: claims.userId, uid }, 'console ended');
          close(
            socket,
            reason === 'stopped'
              ? CONSOLE_CLOSE.stopped
              : reason === 'deleted'
                ? CONSOLE_CLOSE.deleted
                : CONSOLE_CLOSE.goingAway,
          );
        },
      });
      if (ended) return false;
      attached.set(socket, { claims, uid, channel });
      if (auth.cols !== undefined && auth.rows !== undefined) channel.resize(auth.cols, auth.rows);
      socket.send(JSON.stringify({ type: 'ready', instance: { uid: row.id, name: row.name } }));
      log.info({ userId: claims.userId, uid }, 'console attached');
      return true;
    } catch (error) {
      log.error({ err: error, uid }, 'console attach failed');
      close(socket, CONSOLE_CLOSE.internal);
      return false;
    }
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (!path.startsWith(CONSOLE_ENDPOINT)) return;
    const uid = consoleUidOf(path);
    if (uid === null) {
      refuseUpgrade(socket, 404, 'Not Found');
      return;
    }
    if (!originAllowed(request, config)) {
      log.info({ origin: request.headers.origin ?? null }, 'console refused: origin');
      refuseUpgrade(socket, 403, 'Forbidden');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws, request, uid));
  }
  app.server.on('upgrade', onUpgrade);

  // As `/ws/api/`: the token opens the console, the session keeps it open.
  const sessionTimer = watchTokenSessions(services, timers.sessionCheckIntervalMs, log, attached, (socket) =>
    close(socket, CONSOLE_CLOSE.expired),
  );

  app.addHook('preClose', async () => {
    clearInterval(sessionTimer);
    app.server.off('upgrade', onUpgrade);
    for (const client of wss.clients) close(client, CONSOLE_CLOSE.goingAway);
    const cut = setTimeout(() => {
      for (const client of wss.clients) client.terminate();
    }, timers.closeGraceMs);
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    clearTimeout(cut);
    attached.clear();
  });
}
