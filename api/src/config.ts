import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LevelWithSilent } from 'pino';
import { type PaymentsConfig, readPaymentsConfig } from './billing/payments/config.js';
import { SESSION_AGE_S, SESSION_MAX_AUTH_AGE_S } from './identity/session-lifetime.js';
import { DEFAULT_REMOTE_MAP, parseRemoteMapJson, type RemotesSource } from './remotes/remote-map.js';
import {
  OIDC_PROVIDERS_ENV,
  OidcConfigError,
  type OidcProvider,
  readOidcProviders,
} from './sso/oidcProviders.js';
import { readSupport, type SupportConfig } from './support/config.js';

/** The monorepo root; `src/` and `dist/` sit at the same depth, so this holds for both. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const PGLITE_MEMORY = 'memory://';

export type NodeEnv = 'development' | 'production' | 'test';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /**
   * `dataDir` is an absolute folder, or `memory://` for a throw-away in-memory database, which may
   * start from `loadDataDir`, a dump of another (PGlite's `dumpDataDir`: a migrated template,
   * `db/pglite-template.ts`, which the api tests and the e2e suites' portals start from).
   */
  | { kind: 'pglite'; dataDir: string; loadDataDir?: Blob };

export interface Config {
  port: number;
  host: string;
  nodeEnv: NodeEnv;
  logLevel: LevelWithSilent;
  database: DatabaseConfig;
  hostDist: string;
  remotes: RemotesSource;
  seed: 'demo' | undefined;
  /**
   * How many reverse proxies stand in front (`TRUST_PROXY`, 0-10; allauth's
   * `ALLAUTH_TRUSTED_PROXY_COUNT`): the client address is the one that many hops back in
   * X-Forwarded-For, counted from the right (rate limits are per address).
   */
  trustProxy: number;
  http: HttpConfig;
  identity: IdentityConfig;
  graphql: GraphqlConfig;
  /** `SENTRY_DSN`, published in `/runtime-config.json`; null: the browser reports nothing. */
  sentryDsn: string | null;
  /** Deployment settings only the browser uses, published in `/runtime-config.json`. */
  browser: BrowserConfig;
  compute: ComputeConfig;
  support: SupportConfig;
  /** Stripe or the embedded sandbox, PayPal (`src/billing/payments/config.ts`). */
  payments: PaymentsConfig;
  /**
   * The background job queue (`src/jobs/`): pg-boss with `DATABASE_URL` (`engine: 'auto'`), or the
   * in-process queue (`PORTAL_JOBS_ENGINE=local`: one api process on PostgreSQL, and the api's tests
   * on PostgreSQL, which move the compute clock themselves).
   */
  jobs: { pollS: number; engine: 'auto' | 'local' };
}

/** What one connection may hold (Node's HTTP server; upgraded websockets are not affected). */
export interface HttpConfig {
  /** The whole request, headers and body, must arrive within this (`PORTAL_REQUEST_TIMEOUT_S`, 120). */
  requestTimeoutMs: number;
  /** The headers must arrive within this (15 s, and never beyond the request timeout). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (10 s). */
  keepAliveTimeoutMs: number;
  /** Open connections at most; more are refused at once (`PORTAL_MAX_CONNECTIONS`, 10,000). */
  maxConnections: number;
  /** At shutdown, requests still running after this are cut off (`PORTAL_SHUTDOWN_GRACE_S`, 5). */
  shutdownGraceMs: number;
  /**
   * At shutdown, `/healthz` fails ("draining") this long before the listener closes, so a load
   * balancer stops sending requests first (`PORTAL_SHUTDOWN_DRAIN_S`, 0; `deploy/`: 3).
   */
  shutdownDrainMs: number;
}

/** The embedded compute simulator (`src/compute/simulator.ts`). */
export interface ComputeConfig {
  /** `PORTAL_COMPUTE_SIM_SPEED`: divides every simulated duration (4: a deployment takes 2 s). */
  simSpeed: number;
  /** `PORTAL_COMPUTE_FAILURE_RATE`: probability (0-1) that a simulated step fails; 0 by default. */
  failureRate: number;
  /** `PORTAL_COMPUTE_CHARGE_TICK_S`: how often charges accrue and are published. */
  chargeTickS: number;
  /** `PORTAL_COMPUTE_DRIVER`: `simulator` (the default) or `qemu` (real VMs, `src/compute/qemu/`). */
  driver: 'simulator' | 'qemu';
  /** The QEMU driver's settings (api README, "The QEMU driver"). */
  qemu: {
    /** `PORTAL_QEMU_DIR`: the image and the instances' folders (`.data/qemu`). */
    dir: string;
    /** `PORTAL_QEMU_MAX_VMS`: VMs running at once on this machine at most (3). */
    maxVms: number;
    /** `PORTAL_QEMU_MAX_MEMORY_MB`: a guest gets its plan's memory up to this (512). */
    memoryCapMb: number;
    /** `PORTAL_QEMU_ACCEL`: auto (KVM only where it is a real one, else TCG), tcg, kvm. */
    accel: 'auto' | 'tcg' | 'kvm';
    /** `PORTAL_QEMU_IMAGE_DIR`: the kernel and initramfs (`<dir>/image`). */
    imageDir: string;
    /** `PORTAL_QEMU_STOP_ON_EXIT=1`: the api's shutdown powers its VMs off (else they keep running). */
    stopOnClose: boolean;
  };
}

/**
 * What the browser links to and loads, per deployment (`/runtime-config.json`). The defaults are the
 * demo's placeholders; a real deployment sets each variable (or `none` to switch a link off).
 */
export interface BrowserConfig {
  /** `ANALYTICS_SCRIPT_URL`: loaded only with analytics consent; null (the default): no analytics. */
  analyticsScriptUrl: string | null;
  /** `PORTAL_DOCS_URL`: the help site of the drawer's How To item; null: no How To item. */
  documentationUrl: string | null;
  /** `PORTAL_PRIVACY_POLICY_URL`: linked from the sign-up consent; null: the text without a link. */
  privacyPolicyUrl: string | null;
  /** `PORTAL_SMS_TERMS_URL`: linked from the sign-up consent; null: the text without a link. */
  smsTermsUrl: string | null;
  /** `PORTAL_COMPANY_DOMAINS`: referrals from these sites (and their subdomains) set cfmd. */
  companyDomains: readonly string[];
}

/** The demo's placeholders (RFC 2606 names, the portal's own paths), until a deployment sets its own. */
export const DEFAULT_BROWSER_CONFIG: BrowserConfig = {
  analyticsScriptUrl: null,
  documentationUrl: 'https://docs.example.com',
  privacyPolicyUrl: '/legal/privacy-policy',
  smsTermsUrl: '/legal/sms-terms',
  companyDomains: ['example.com', 'example.net'],
};

export interface GraphqlConfig {
  /** Signs the websocket (WSA) tokens: `PORTAL_SECRET_KEY`, else a random key of this process. */
  secretKey: Uint8Array;
  /** Lifetime of a WSA token (`PORTAL_WSA_TOKEN_TTL_S`). */
  wsaTokenTtlS: number;
  /** GraphiQL at `GET /api/`: outside production only. */
  graphiql: boolean;
  /** The subscription websocket `/ws/api/`. */
  ws: WsConfig;
}

export interface WsConfig {
  /** The only page origin allowed to open it in production: `PORTAL_PUBLIC_URL`'s origin. */
  publicOrigin: string;
  /**
   * Outside production, also a loopback page (`http://localhost:P`, `http://127.0.0.1:P`) on the
   * very host and port the socket connects to (`npm start`, a remote's dev server proxying `/ws`).
   */
  allowLoopbackOrigins: boolean;
  /** Production: internal error details never go into close reasons. */
  production: boolean;
}

export interface IdentityConfig {
  /** The portal's public origin: links in mails point here, and https means Secure cookies. */
  publicUrl: string;
  secureCookies: boolean;
  /** How recent an authentication must be for sensitive calls (allauth's 300 s by default). */
  reauthTimeoutS: number;
  /** A sign-in ends this long after its last authentication (`PORTAL_SESSION_MAX_AGE_S`, 12 hours). */
  sessionMaxAgeS: number;
  /** test runs only: every allowance multiplied (all e2e browsers share one IP address) */
  rateLimitScale: number;
  /** `GET /_dev/outbox`: never in production. */
  devTools: boolean;
  /** SMTP via nodemailer when set; otherwise mail goes to the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** An SMS gateway taking `POST {to, text}` when set; otherwise SMS go to the outbox table. */
  smsWebhookUrl: string | undefined;
  smsWebhookToken: string | undefined;
  recaptcha: {
    siteKey: string | null;
    /** Bot protection is on exactly when the secret is set. */
    secret: string | undefined;
    minScore: number;
    verifyUrl: string;
  };
  /** `PORTAL_OIDC_PROVIDERS`: the OpenID Connect providers offered for sign-in (none by default). */
  oidcProviders: readonly OidcProvider[];
}

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];
const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Empty strings count as unset, so `FOO= cmd` behaves like leaving FOO out. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function oneOf<T extends string>(
  env: Env,
  name: string,
  allowed: readonly T[],
  fallback: T,
  problems: string[],
): T {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems.push(`${name}: "${value}" is not one of ${allowed.join(', ')}`);
  return fallback;
}

function readPort(env: Env, problems: string[]): number {
  const value = read(env, 'PORT');
  if (value === undefined) return 8080;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    problems.push(`PORT: "${value}" is not a port number (0-65535)`);
    return 8080;
  }
  return port;
}

function readDatabase(env: Env, problems: string[]): DatabaseConfig {
  const url = read(env, 'DATABASE_URL');
  if (url !== undefined) {
    let protocol: string | undefined;
    try {
      protocol = new URL(url).protocol;
    } catch {
      protocol = undefined;
    }
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
      // The value may hold a password: never echo it.
      problems.push('DATABASE_URL: expected a postgres:// or postgresql:// connection URL');
    }
    return { kind: 'postgres', url };
  }
  const dir = read(env, 'PGLITE_DIR');
  const template = read(env, 'PGLITE_TEMPLATE');
  if (template !== undefined) {
    if (dir !== PGLITE_MEMORY) problems.push(`PGLITE_TEMPLATE: only with PGLITE_DIR=${PGLITE_MEMORY}`);
    else {
      try {
        return { kind: 'pglite', dataDir: PGLITE_MEMORY, loadDataDir: new Blob([readFileSync(template)]) };
      } catch (error) {
        problems.push(`PGLITE_TEMPLATE: cannot read ${template} (${(error as Error).message})`);
      }
    }
  }
  if (dir === PGLITE_MEMORY) return { kind: 'pglite', dataDir: PGLITE_MEMORY };
  return { kind: 'pglite', dataDir: dir === undefined ? resolve(REPO_ROOT, '.data/pglite') : resolve(dir) };
}

function readRemotes(env: Env, problems: string[]): RemotesSource {
  const file = read(env, 'PORTAL_REMOTES_FILE');
  if (file !== undefined) return { kind: 'file', path: resolve(file) };
  const json = read(env, 'PORTAL_REMOTES');
  if (json === undefined) return { kind: 'default', map: DEFAULT_REMOTE_MAP };
  try {
    return { kind: 'env', map: parseRemoteMapJson(json) };
  } catch (error) {
    problems.push(`PORTAL_REMOTES: ${(error as Error).message}`);
    return { kind: 'default', map: DEFAULT_REMOTE_MAP };
  }
}

function readSeed(env: Env, problems: string[]): 'demo' | undefined {
  const value = read(env, 'PORTAL_SEED');
  if (value === undefined || value === 'demo') return value;
  problems.push(`PORTAL_SEED: "${value}" is not supported (use "demo" or leave it unset)`);
  return undefined;
}

function readUrl(
  env: Env,
  name: string,
  protocols: readonly string[],
  problems: string[],
): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  let protocol: string | undefined;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol === undefined || !protocols.includes(protocol)) {
    // May hold credentials (smtp://user:pass@…): never echo the value.
    problems.push(`${name}: expected a ${protocols.map((p) => `${p}//`).join(' or ')} URL`);
  }
  return value;
}

function readHttp(env: Env, problems: string[]): HttpConfig {
  const requestTimeoutMs =
    readNumber(env, 'PORTAL_REQUEST_TIMEOUT_S', { min: 1, max: 3600 }, 120, problems) * 1000;
  return {
    requestTimeoutMs,
    headersTimeoutMs: Math.min(15_000, requestTimeoutMs),
    keepAliveTimeoutMs: 10_000,
    maxConnections: readNumber(env, 'PORTAL_MAX_CONNECTIONS', { min: 1, max: 1_000_000 }, 10_000, problems),
    shutdownGraceMs: readNumber(env, 'PORTAL_SHUTDOWN_GRACE_S', { min: 0, max: 300 }, 5, problems) * 1000,
    shutdownDrainMs: readNumber(env, 'PORTAL_SHUTDOWN_DRAIN_S', { min: 0, max: 300 }, 0, problems) * 1000,
  };
}

function readProxyCount(env: Env, problems: string[]): number {
  const value = read(env, 'TRUST_PROXY');
  if (value === undefined || value === 'false') return 0;
  if (value === 'true') return 1; // the flag it once was: one proxy
  if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
  problems.push(`TRUST_PROXY: "${value}" is not a number of proxies from 0 to 10`);
  return 0;
}

function readFlag(env: Env, name: string, problems: string[]): boolean {
  const value = read(env, name);
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  problems.push(`${name}: "${value}" is not 1, 0, true or false`);
  return false;
}

/** The provider list's own problems (`[0].issuer: …`), reported under the variable's name. */
function readProviders(env: Env, problems: string[]): OidcProvider[] {
  try {
    return readOidcProviders(env);
  } catch (error) {
    if (!(error instanceof OidcConfigError)) throw error;
    for (const problem of error.problems) {
      problems.push(`${OIDC_PROVIDERS_ENV}${problem.startsWith('[') ? '' : ': '}${problem}`);
    }
    return [];
  }
}

function readIdentity(env: Env, nodeEnv: NodeEnv, problems: string[]): IdentityConfig {
  const rawPublicUrl = readUrl(env, 'PORTAL_PUBLIC_URL', ['http:', 'https:'], problems);
  let publicUrl = 'http://localhost:8080';
  if (rawPublicUrl !== undefined && URL.canParse(rawPublicUrl)) {
    publicUrl = rawPublicUrl.replace(/\/+$/, '');
  }

  let reauthTimeoutS = 300;
  const reauth = read(env, 'PORTAL_REAUTH_TIMEOUT_S');
  if (reauth !== undefined) {
    if (/^\d+$/.test(reauth) && Number(reauth) > 0) reauthTimeoutS = Number(reauth);
    else problems.push(`PORTAL_REAUTH_TIMEOUT_S: "${reauth}" is not a positive number of seconds`);
  }

  let sessionMaxAgeS = SESSION_MAX_AUTH_AGE_S;
  const maxAge = read(env, 'PORTAL_SESSION_MAX_AGE_S');
  if (maxAge !== undefined) {
    if (/^\d+$/.test(maxAge) && Number(maxAge) >= 60 && Number(maxAge) <= SESSION_AGE_S)
      sessionMaxAgeS = Number(maxAge);
    else
      problems.push(
        `PORTAL_SESSION_MAX_AGE_S: "${maxAge}" is not a number of seconds from 60 to ${SESSION_AGE_S}`,
      );
  }

  let rateLimitScale = 1;
  const scale = read(env, 'PORTAL_RATE_LIMIT_SCALE');
  if (scale !== undefined) {
    if (/^\d+$/.test(scale) && Number(scale) >= 1) rateLimitScale = Number(scale);
    else problems.push(`PORTAL_RATE_LIMIT_SCALE: "${scale}" is not a whole number from 1 up`);
    if (nodeEnv === 'production' && rateLimitScale !== 1) {
      problems.push('PORTAL_RATE_LIMIT_SCALE: loosening the rate limits is refused when NODE_ENV=production');
    }
  }

  const devTools = readFlag(env, 'PORTAL_DEV_TOOLS', problems);
  if (devTools && nodeEnv === 'production') {
    problems.push('PORTAL_DEV_TOOLS: dev tools (the outbox reader) are refused when NODE_ENV=production');
  }

  let minScore = 0.5;
  const score = read(env, 'RECAPTCHA_MIN_SCORE');
  if (score !== undefined) {
    const value = Number(score);
    if (Number.isFinite(value) && value >= 0 && value <= 1) minScore = value;
    else problems.push(`RECAPTCHA_MIN_SCORE: "${score}" is not a number from 0 to 1`);
  }

  return {
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    reauthTimeoutS,
    sessionMaxAgeS,
    rateLimitScale,
    devTools,
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:'], problems),
    mailFrom: read(env, 'MAIL_FROM') ?? 'Portal <no-reply@localhost>',
    smsWebhookUrl: readUrl(env, 'SMS_WEBHOOK_URL', ['http:', 'https:'], problems),
    smsWebhookToken: read(env, 'SMS_WEBHOOK_TOKEN'),
    recaptcha: {
      siteKey: read(env, 'RECAPTCHA_SITE_KEY') ?? null,
      secret: read(env, 'RECAPTCHA_SECRET'),
      minScore,
      verifyUrl:
        readUrl(env, 'RECAPTCHA_VERIFY_URL', ['http:', 'https:'], problems) ??
        'https://www.google.com/recaptcha/api/siteverify',
    },
    oidcProviders: readProviders(env, problems),
  };
}

/** The value that switches a browser setting with a default off. */
const OFF = 'none';

// Whitespace and control characters have no place in an address the browser is given (the browser
// drops the value, see shared/src/runtime/runtimeConfig.ts): refuse them at start instead.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is what it looks for
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f]/;

/** A link for the browser: an absolute http(s) URL, or a path on the portal's origin ('/…', not '//…'). */
function readLink(env: Env, name: string, fallback: string | null, problems: string[]): string | null {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (value === OFF) return null;
  const path = value.startsWith('/') && value[1] !== '/' && value[1] !== '\\';
  let web = false;
  try {
    const { protocol } = new URL(value);
    web = protocol === 'http:' || protocol === 'https:';
  } catch {
    web = false;
  }
  if (UNSAFE_CHARACTERS.test(value) || (!path && !web)) {
    problems.push(
      `${name}: ${JSON.stringify(value)} is not an http:// or https:// URL, nor a path starting with a single /, nor ${OFF}`,
    );
    return fallback;
  }
  return value;
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function readDomains(env: Env, problems: string[]): readonly string[] {
  const value = read(env, 'PORTAL_COMPANY_DOMAINS');
  if (value === undefined) return DEFAULT_BROWSER_CONFIG.companyDomains;
  if (value === OFF) return [];
  const domains: string[] = [];
  for (const item of value.split(',')) {
    const domain = item.trim().toLowerCase().replace(/\.$/, '');
    if (!domain) continue;
    if (!HOST_NAME.test(domain)) {
      problems.push(`PORTAL_COMPANY_DOMAINS: "${item.trim()}" is not a host name (example.com)`);
    } else if (!domains.includes(domain)) {
      domains.push(domain);
    }
  }
  return domains;
}

function readBrowser(env: Env, problems: string[]): BrowserConfig {
  const defaults = DEFAULT_BROWSER_CONFIG;
  const analyticsScriptUrl = readUrl(env, 'ANALYTICS_SCRIPT_URL', ['http:', 'https:'], problems) ?? null;
  if (analyticsScriptUrl !== null && UNSAFE_CHARACTERS.test(analyticsScriptUrl)) {
    problems.push('ANALYTICS_SCRIPT_URL: contains whitespace or control characters');
  }
  return {
    analyticsScriptUrl,
    documentationUrl: readLink(env, 'PORTAL_DOCS_URL', defaults.documentationUrl, problems),
    privacyPolicyUrl: readLink(env, 'PORTAL_PRIVACY_POLICY_URL', defaults.privacyPolicyUrl, problems),
    smsTermsUrl: readLink(env, 'PORTAL_SMS_TERMS_URL', defaults.smsTermsUrl, problems),
    companyDomains: readDomains(env, problems),
  };
}

/** Without PORTAL_SECRET_KEY: one random key per process (tokens die with it, which is fine for 60 s tokens). */
const PROCESS_SECRET_KEY = randomBytes(32);
const MIN_SECRET_KEY_LENGTH = 32;

function readGraphql(
  env: Env,
  nodeEnv: NodeEnv,
  database: DatabaseConfig,
  publicUrl: string,
  problems: string[],
): GraphqlConfig {
  let secretKey: Uint8Array = PROCESS_SECRET_KEY;
  const key = read(env, 'PORTAL_SECRET_KEY');
  if (key !== undefined) {
    // Never echo the value.
    if (key.length >= MIN_SECRET_KEY_LENGTH) secretKey = new TextEncoder().encode(key);
    else problems.push(`PORTAL_SECRET_KEY: too short (at least ${MIN_SECRET_KEY_LENGTH} characters)`);
  } else if (nodeEnv === 'production' && database.kind === 'postgres') {
    // Several api processes may share a PostgreSQL database: a token from one must verify on another.
    // Embedded PGlite admits one process per data folder, so a per-process key is enough there.
    problems.push(
      `PORTAL_SECRET_KEY: required when NODE_ENV=production with DATABASE_URL (at least ${MIN_SECRET_KEY_LENGTH} random characters)`,
    );
  }

  let wsaTokenTtlS = 60;
  const ttl = read(env, 'PORTAL_WSA_TOKEN_TTL_S');
  if (ttl !== undefined) {
    if (/^\d+$/.test(ttl) && Number(ttl) > 0 && Number(ttl) <= 3600) wsaTokenTtlS = Number(ttl);
    else problems.push(`PORTAL_WSA_TOKEN_TTL_S: "${ttl}" is not a number of seconds from 1 to 3600`);
  }
  const production = nodeEnv === 'production';
  return {
    secretKey,
    wsaTokenTtlS,
    graphiql: !production,
    ws: { publicOrigin: new URL(publicUrl).origin, allowLoopbackOrigins: !production, production },
  };
}

function readNumber(
  env: Env,
  name: string,
  range: { min: number; max: number; minExclusive?: boolean },
  fallback: number,
  problems: string[],
): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  const number = Number(value);
  const aboveMin = range.minExclusive ? number > range.min : number >= range.min;
  if (!/^\d+(\.\d+)?$/.test(value) || !aboveMin || number > range.max) {
    problems.push(
      `${name}: "${value}" is not a number from ${range.min}${range.minExclusive ? ' (exclusive)' : ''} to ${range.max}`,
    );
    return fallback;
  }
  return number;
}

function readCompute(env: Env, problems: string[]): ComputeConfig {
  return {
    simSpeed: readNumber(
      env,
      'PORTAL_COMPUTE_SIM_SPEED',
      { min: 0, max: 1000, minExclusive: true },
      1,
      problems,
    ),
    failureRate: readNumber(env, 'PORTAL_COMPUTE_FAILURE_RATE', { min: 0, max: 1 }, 0, problems),
    chargeTickS: readNumber(env, 'PORTAL_COMPUTE_CHARGE_TICK_S', { min: 1, max: 3600 }, 10, problems),
    driver: oneOf(env, 'PORTAL_COMPUTE_DRIVER', ['simulator', 'qemu'] as const, 'simulator', problems),
    qemu: {
      dir: resolve(read(env, 'PORTAL_QEMU_DIR') ?? resolve(REPO_ROOT, '.data/qemu')),
      maxVms: readNumber(env, 'PORTAL_QEMU_MAX_VMS', { min: 1, max: 64 }, 3, problems),
      memoryCapMb: readNumber(env, 'PORTAL_QEMU_MAX_MEMORY_MB', { min: 128, max: 65536 }, 512, problems),
      accel: oneOf(env, 'PORTAL_QEMU_ACCEL', ['auto', 'tcg', 'kvm'] as const, 'auto', problems),
      imageDir: resolve(
        read(env, 'PORTAL_QEMU_IMAGE_DIR') ??
          resolve(read(env, 'PORTAL_QEMU_DIR') ?? resolve(REPO_ROOT, '.data/qemu'), 'image'),
      ),
      stopOnClose: oneOf(env, 'PORTAL_QEMU_STOP_ON_EXIT', ['0', '1'] as const, '0', problems) === '1',
    },
  };
}

/**
 * Reads the whole configuration from the environment, reporting every problem at once.
 * Relative paths resolve against the current directory.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const hostDist = read(env, 'PORTAL_HOST_DIST');
  const port = readPort(env, problems);
  const nodeEnv = oneOf(env, 'NODE_ENV', NODE_ENVS, 'development', problems);
  const database = readDatabase(env, problems);
  const identity = readIdentity(env, nodeEnv, problems);
  const config: Config = {
    port,
    host,
    nodeEnv,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info', problems),
    database,
    hostDist: hostDist === undefined ? resolve(REPO_ROOT, 'host/dist') : resolve(hostDist),
    remotes: readRemotes(env, problems),
    seed: readSeed(env, problems),
    trustProxy: readProxyCount(env, problems),
    http: readHttp(env, problems),
    identity,
    graphql: readGraphql(env, nodeEnv, database, identity.publicUrl, problems),
    sentryDsn: readUrl(env, 'SENTRY_DSN', ['http:', 'https:'], problems) ?? null,
    browser: readBrowser(env, problems),
    compute: readCompute(env, problems),
    support: readSupport(env, database, REPO_ROOT, PGLITE_MEMORY, problems),
    payments: readPaymentsConfig(env, problems),
    // how often an idle pg-boss worker asks for due jobs (PostgreSQL only)
    jobs: {
      pollS: readNumber(env, 'PORTAL_JOBS_POLL_S', { min: 0.5, max: 60 }, 2, problems),
      engine: oneOf(env, 'PORTAL_JOBS_ENGINE', ['auto', 'local'] as const, 'auto', problems),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** For entry points: a configuration error is the operator's to fix, so print it plainly and exit. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
