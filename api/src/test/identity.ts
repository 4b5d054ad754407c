import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../app.js';
import type { Env } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { authSessions } from '../db/schema.js';
import { type DemoSeed, seedDemo } from '../db/seed.js';
import type { IdentityOverrides } from '../identity/index.js';
import { IDENTITY_PREFIX } from '../identity/plugin.js';
import { hashToken, SESSION_COOKIE } from '../identity/session.js';
import { ContractChecker, type SeenResponse } from './contract.js';
import { openTestDatabase, testConfig } from './helpers.js';

const contract = new ContractChecker();
let ipCounter = 0;

/** A distinct client address per simulated browser, so IP rate limits of one test do not hit another. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers freely; the contract check types them.
  body: any;
  headers: Record<string, unknown>;
  cookies: {
    name: string;
    value: string;
    maxAge?: number;
    httpOnly?: boolean;
    sameSite?: string;
    secure?: boolean;
  }[];
}

/** A browser: keeps cookies and, like the shared identity client, echoes `csrftoken` in X-CSRFToken. */
export class Browser {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = nextIp(),
  ) {}

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { body?: unknown; payload?: string; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Answer> {
    if (method !== 'GET' && options.csrf !== false && !this.jar.has('csrftoken')) {
      await this.call('GET', `${IDENTITY_PREFIX}/config`);
    }
    const headers: Record<string, string> = { 'user-agent': 'vitest-browser', ...options.headers };
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && options.csrf !== false) headers['x-csrftoken'] = this.jar.get('csrftoken') ?? '';
    if (options.body !== undefined || options.payload !== undefined)
      headers['content-type'] = 'application/json';
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(options.payload !== undefined
        ? { payload: options.payload }
        : options.body !== undefined
          ? { payload: JSON.stringify(options.body) }
          : {}),
    });
    for (const cookie of response.cookies as Answer['cookies']) {
      if (cookie.maxAge === 0 || cookie.value === '') this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    return {
      status: response.statusCode,
      body: isJson ? response.json() : response.body,
      headers: response.headers,
      cookies: response.cookies as Answer['cookies'],
    };
  }

  /** An identity call, by its path below `/_allauth/browser/v1`. */
  api(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    return this.call(method, `${IDENTITY_PREFIX}${path}`, { body, ...(headers ? { headers } : {}) });
  }

  async login(email: string, password: string): Promise<Answer> {
    return this.api('POST', '/auth/login', { email, password });
  }
}

export interface IdentityHarness {
  app: FastifyInstance;
  database: Database;
  seed: DemoSeed;
  /** Moves the identity service's clock (TOTP steps, reauthentication timeout, rate windows). */
  clock: { offsetMs: number; now(): number; advance(ms: number): void };
  seen: SeenResponse[];
  browser(ip?: string): Browser;
  /** The dev outbox, through its HTTP route. */
  outbox(
    to: string,
  ): Promise<{ to: string; subject: string; text: string; html: string | null; createdAt: string }[]>;
  /** Every identity answer seen so far matches the contract (see contract.ts for the exemptions). */
  expectContract(): void;
  /** A second app with other settings on the same database, clock and contract log. */
  variant(env: Env, overrides?: IdentityOverrides): Promise<IdentityHarness>;
  close(): Promise<void>;
}

/** One app and one seeded PGlite database for a test file; open it in beforeAll. */
export async function openIdentityHarness(
  env: Env = {},
  overrides: IdentityOverrides = {},
): Promise<IdentityHarness> {
  const database = await openTestDatabase();
  const seed = await seedDemo(database.db);
  const clock = {
    offsetMs: 0,
    now: () => Date.now() + clock.offsetMs,
    advance(ms: number) {
      clock.offsetMs += ms;
    },
  };
  return harnessOn({ database, seed, clock, seen: [], ownsDatabase: true }, env, overrides);
}

async function harnessOn(
  shared: Pick<IdentityHarness, 'database' | 'seed' | 'clock' | 'seen'> & { ownsDatabase: boolean },
  env: Env,
  overrides: IdentityOverrides,
): Promise<IdentityHarness> {
  const { database, seed, clock, seen } = shared;
  const app = buildApp(testConfig({ PORTAL_DEV_TOOLS: '1', ...env }), {
    database,
    identity: { now: clock.now, ...overrides },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(IDENTITY_PREFIX) && typeof payload === 'string') {
      seen.push({
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        body: JSON.parse(payload),
      });
    }
    return payload;
  });
  await app.ready();
  return {
    app,
    database,
    seed,
    clock,
    seen,
    browser: (ip) => new Browser(app, ip),
    async outbox(to) {
      const response = await app.inject({ method: 'GET', url: `/_dev/outbox?to=${encodeURIComponent(to)}` });
      expect(response.statusCode).toBe(200);
      return response.json();
    },
    expectContract() {
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.flatMap((entry) => contract.check(entry))).toEqual([]);
    },
    variant: (variantEnv, variantOverrides = {}) =>
      harnessOn({ ...shared, ownsDatabase: false }, variantEnv, variantOverrides),
    async close() {
      await app.close();
      if (shared.ownsDatabase) await database.close();
    },
  };
}
/** The key at the end of the newest link of this kind in `to`'s mail. */
export async function linkKey(
  harness: IdentityHarness,
  to: string,
  kind: 'confirm-email' | 'reset-password/key',
) {
  const [mail] = await harness.outbox(to);
  const match = new RegExp(`/auth/${kind}/(\\S+)`).exec(mail?.text ?? '');
  if (!match) throw new Error(`no ${kind} link in the newest mail to ${to}`);
  return match[1]!;
}

/** allauth 65.16's user code as sent: 8 letters of RFC 8628's consonant alphabet, dashed 4-4. */
export const USER_CODE = /\b([BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4})\b/;

/** The code in the newest SMS (or mail) to `to`. */
export async function latestCode(harness: IdentityHarness, to: string): Promise<string> {
  const [message] = await harness.outbox(to);
  const match = USER_CODE.exec(message?.text ?? '');
  if (!match) throw new Error(`no code in the newest message to ${to}`);
  return match[1]!;
}

/**
 * A browser signed in as `user` without going through the login flow: a session row as a password
 * login just now would leave, its key in the cookie jar (`jar.get(SESSION_COOKIE)`).
 */
export async function signedInBrowser(
  app: FastifyInstance,
  db: Db,
  user: { id: string },
  expiresInMs = 3600_000,
): Promise<Browser> {
  const browser = new Browser(app);
  const key = randomBytes(32).toString('base64url');
  await db.insert(authSessions).values({
    keyHash: hashToken(key),
    userId: user.id,
    data: { records: [{ method: 'password', at: Date.now() / 1000 }] },
    expiresAt: new Date(Date.now() + expiresInMs),
  });
  browser.jar.set(SESSION_COOKIE, key);
  return browser;
}
