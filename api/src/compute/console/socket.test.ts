import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { authSessions, type User } from '../../db/schema.js';
import { DEMO_CONTRACTS, DEMO_INSTANCES, type DemoSeed, OTHER_INSTANCES, seedDemo } from '../../db/seed.js';
import { PERMISSION_DENIED } from '../../graphql/errors.js';
import { hashToken, SESSION_COOKIE } from '../../identity/session.js';
import { errorMessages, gql, WSA_TOKEN } from '../../test/graphql.js';
import { openTestDatabase, testConfig } from '../../test/helpers.js';
import { Browser, signedInBrowser } from '../../test/identity.js';
import { ManualScheduler } from '../scheduler.js';
import { SIMULATOR_DURATIONS_MS } from '../simulator.js';
import { CONSOLE_CLOSE, CONSOLE_ENDPOINT, CONSOLE_LIMITS, parseControl } from './socket.js';

// The console socket on a listening app (real PGlite, seeded), the simulator on a clock the test
// moves: the fences (origin, token, visibility, status), the shell answering, a Stop ending it.
// Every wait is for an event (a frame, a close), never for time.

let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
let clock: ManualScheduler;
let base: string;
let origin: string;

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  clock = new ManualScheduler(Date.now());
  app = buildApp(testConfig({ PORTAL_DEV_TOOLS: '1' }), {
    database,
    compute: { scheduler: clock, chargeTickMs: 3600_000, random: () => 0.99 },
    websocket: { connectionInitWaitTimeoutMs: 300 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `ws://127.0.0.1:${address.port}${CONSOLE_ENDPOINT}`;
  origin = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const signedIn = (user: User) => signedInBrowser(app, database.db, user);

async function tokenOf(user: User): Promise<string> {
  const answer = await gql(await signedIn(user), WSA_TOKEN);
  return answer.body.data.getWSAToken as string;
}

interface Console {
  socket: WebSocket;
  /** Everything the terminal received, as text. */
  output(): string;
  /** Resolves once the output contains `text`. */
  until(text: string): Promise<string>;
  ready: Promise<unknown>;
  closed: Promise<{ code: number; reason: string }>;
  type(text: string): void;
}

function open(uid: string, options: { token?: string; pageOrigin?: string; first?: string } = {}): Console {
  const socket = new WebSocket(base + uid, { origin: options.pageOrigin ?? origin });
  let text = '';
  const waiting: Array<{ text: string; resolve: (out: string) => void }> = [];
  let onReady: (value: unknown) => void = () => {};
  const ready = new Promise((resolve) => {
    onReady = resolve;
  });
  socket.on('message', (data, isBinary) => {
    if (!isBinary) {
      const message = JSON.parse(data.toString());
      if (message.type === 'ready') onReady(message);
      return;
    }
    text += data.toString();
    for (const w of [...waiting]) {
      if (text.includes(w.text)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(text);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    socket.on('error', () => resolve({ code: -1, reason: 'error' }));
  });
  socket.on('open', () => {
    if (options.first !== undefined) socket.send(options.first);
    else if (options.token !== undefined)
      socket.send(JSON.stringify({ type: 'auth', token: options.token, cols: 100, rows: 30 }));
  });
  return {
    socket,
    output: () => text,
    until: (wanted) =>
      text.includes(wanted)
        ? Promise.resolve(text)
        : new Promise((resolve) => waiting.push({ text: wanted, resolve })),
    ready,
    closed,
    type: (keys) => socket.send(Buffer.from(keys, 'utf8'), { binary: true }),
  };
}

/** The HTTP status of a handshake the server refused without upgrading. */
function refusedStatus(url: string, pageOrigin: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { origin: pageOrigin });
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => resolve(101));
    socket.on('error', () => resolve(-1));
  });
}

const web1 = DEMO_INSTANCES.web1.uid;

describe('the console socket', () => {
  it('answers a command of the shell, as the instance', async () => {
    const term = open(web1, { token: await tokenOf(seed.demoUser) });
    expect(await term.ready).toEqual({ type: 'ready', instance: { uid: web1, name: 'web-1' } });
    await term.until('root@web-1:~# ');
    expect(term.output()).toContain('web-1 login: root (automatic login)\r\n');
    term.type('hostname\r');
    const out = await term.until('hostname\r\nweb-1\r\nroot@web-1:~# ');
    expect(out.endsWith('hostname\r\nweb-1\r\nroot@web-1:~# ')).toBe(true);
    term.type('nosuch\r');
    await term.until('nosuch\r\nbash: nosuch: command not found\r\nroot@web-1:~# ');
    // The size given at auth, then a resize.
    term.type('stty size\r');
    await term.until('stty size\r\n30 100\r\n');
    term.socket.send(JSON.stringify({ type: 'resize', cols: 40, rows: 10 }));
    term.type('stty size\r');
    await term.until('stty size\r\n10 40\r\n');
    term.type('exit\r');
    await term.until('exit\r\nlogout\r\n');
    await term.until('Last login: ');
    term.socket.close(1000);
    expect((await term.closed).code).toBe(1000);
  });

  it('refuses another customer’s instance and an unknown one alike', async () => {
    const token = await tokenOf(seed.demoUser);
    for (const uid of [OTHER_INSTANCES.otherWeb.uid, '5f0c6a1e-4b7d-4c1a-9d0e-00000000a999', 'not-a-uid']) {
      const term = open(uid, { token });
      expect(await term.closed).toEqual({ code: 4403, reason: PERMISSION_DENIED });
      expect(term.output()).toBe('');
    }
    // The owner may attach.
    const owner = open(OTHER_INSTANCES.otherWeb.uid, { token: await tokenOf(seed.otherUser) });
    await owner.until('root@other-web:~# ');
    owner.socket.close();
  });

  it('needs a token: none, a bad one, or no auth message in time', async () => {
    expect(await open(web1, { first: JSON.stringify({ type: 'auth', token: 'x.y.z' }) }).closed).toEqual(
      CONSOLE_CLOSE.forbidden,
    );
    expect(
      await open(web1, { first: JSON.stringify({ type: 'resize', cols: 80, rows: 24 }) }).closed,
    ).toEqual(CONSOLE_CLOSE.badMessage);
    expect(await open(web1, { first: 'hostname\r' }).closed).toEqual(CONSOLE_CLOSE.badMessage);
    expect(await open(web1, {}).closed).toEqual(CONSOLE_CLOSE.authTimeout);
  });

  it('a token whose session has ended (logged out) is expired: 4401', async () => {
    const browser = await signedIn(seed.demoUser);
    const token = (await gql(browser, WSA_TOKEN)).body.data.getWSAToken as string;
    await database.db
      .delete(authSessions)
      .where(eq(authSessions.keyHash, hashToken(browser.jar.get(SESSION_COOKIE)!)));
    expect(await open(web1, { token }).closed).toEqual(CONSOLE_CLOSE.expired);
  });

  it('refuses a page of another origin and a path that names no instance, before upgrading', async () => {
    expect(await refusedStatus(base + web1, 'https://evil.example')).toBe(403);
    expect(await refusedStatus(`${base}a/b`, origin)).toBe(404);
  });

  it('refuses an instance that is off or still installing, with the reason', async () => {
    const token = await tokenOf(seed.demoUser);
    expect(await open(DEMO_INSTANCES.dbReplica.uid, { token }).closed).toEqual({
      code: 4409,
      reason: 'The instance is off. Start it to use the console.',
    });
    expect(await open(DEMO_INSTANCES.ngfw1.uid, { token }).closed).toEqual({
      code: 4412,
      reason: 'The instance is being installed. The console opens once it is active.',
    });
  });

  it('ends the session with a message when the instance is stopped while attached', async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.db1.uid;
    const term = open(uid, { token: (await gql(demo, WSA_TOKEN)).body.data.getWSAToken });
    await term.until('root@db-1:~# ');
    const stop = await gql(
      demo,
      'mutation ($c: String!, $u: String!) { instanceAction(contractUid: $c, uid: $u, action: STOP) { pendingAction } }',
      { c: DEMO_CONTRACTS.cabinet, u: uid },
    );
    expect(errorMessages(stop)).toEqual([]);
    await term.until('The system will power off now!');
    await clock.advance(SIMULATOR_DURATIONS_MS.STOP);
    expect(await term.closed).toEqual({ code: 4410, reason: 'The instance was stopped.' });
    // And now it is off.
    const again = open(uid, { token: (await gql(demo, WSA_TOKEN)).body.data.getWSAToken });
    expect((await again.closed).code).toBe(4409);
  });

  it('cuts a flood of input', async () => {
    const term = open(web1, { token: await tokenOf(seed.demoUser) });
    await term.until('root@web-1:~# ');
    const chunk = Buffer.alloc(60 * 1024, 0x61);
    term.socket.send(chunk, { binary: true });
    term.socket.send(chunk, { binary: true });
    expect(await term.closed).toEqual(CONSOLE_CLOSE.tooMuchInput);
  });

  it('caps the consoles a user keeps open on one instance', async () => {
    const token = await tokenOf(seed.demoUser);
    const terms = Array.from({ length: CONSOLE_LIMITS.perInstance }, () => open(web1, { token }));
    await Promise.all(terms.map((t) => t.ready));
    const extra = open(web1, { token });
    expect(await extra.closed).toEqual(CONSOLE_CLOSE.tooManyConsoles);
    // closing one makes room again
    terms[0]?.socket.close();
    await terms[0]?.closed;
    const again = open(web1, { token });
    expect(await again.ready).toMatchObject({ type: 'ready' });
    for (const t of [...terms.slice(1), again]) t.socket.close();
    await Promise.all([...terms.slice(1), again].map((t) => t.closed));
  });

  it('reads control messages strictly', () => {
    expect(parseControl('{"type":"resize","cols":80,"rows":24}')).toEqual({
      type: 'resize',
      cols: 80,
      rows: 24,
    });
    expect(parseControl('{"type":"resize","cols":0,"rows":24}')).toBeNull();
    expect(parseControl('{"type":"resize","cols":80.5,"rows":24}')).toBeNull();
    expect(parseControl('{"type":"auth","token":""}')).toBeNull();
    expect(parseControl('{"type":"auth","token":"t"}')).toEqual({ type: 'auth', token: 't' });
    expect(parseControl('nope')).toBeNull();
  });
});

describe('consoleInstance', () => {
  const QUERY = 'query ($u: String!) { consoleInstance(uid: $u) { uid contractUid name status } }';

  it('finds the caller’s instance by uid alone', async () => {
    const answer = await gql(await signedIn(seed.demoUser), QUERY, { u: web1 });
    expect(answer.body.data.consoleInstance).toEqual({
      uid: web1,
      contractUid: DEMO_CONTRACTS.cabinet,
      name: 'web-1',
      status: 'ACTIVE',
    });
  });

  it('is null for another customer’s instance or an unknown uid, the permission error without a session', async () => {
    const demo = await signedIn(seed.demoUser);
    expect(
      (await gql(demo, QUERY, { u: OTHER_INSTANCES.otherWeb.uid })).body.data.consoleInstance,
    ).toBeNull();
    expect((await gql(demo, QUERY, { u: 'nope' })).body.data.consoleInstance).toBeNull();
    expect(errorMessages(await gql(new Browser(app), QUERY, { u: web1 }))).toEqual([PERMISSION_DENIED]);
  });
});
