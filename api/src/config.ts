import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LevelWithSilent } from 'pino';
import { DEFAULT_REMOTE_MAP, parseRemoteMapJson, type RemotesSource } from './remotes/remote-map.js';

/** The monorepo root; `src/` and `dist/` sit at the same depth, so this holds for both. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const PGLITE_MEMORY = 'memory://';

export type NodeEnv = 'development' | 'production' | 'test';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** `dataDir` is an absolute folder, or `memory://` for a throw-away in-memory database. */
  | { kind: 'pglite'; dataDir: string };

export interface Config {
  port: number;
  host: string;
  nodeEnv: NodeEnv;
  logLevel: LevelWithSilent;
  database: DatabaseConfig;
  hostDist: string;
  remotes: RemotesSource;
  seed: 'demo' | undefined;
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

/**
 * Reads the whole configuration from the environment, reporting every problem at once.
 * Relative paths resolve against the current directory.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const hostDist = read(env, 'PORTAL_HOST_DIST');
  const config: Config = {
    port: readPort(env, problems),
    host,
    nodeEnv: oneOf(env, 'NODE_ENV', NODE_ENVS, 'development', problems),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info', problems),
    database: readDatabase(env, problems),
    hostDist: hostDist === undefined ? resolve(REPO_ROOT, 'host/dist') : resolve(hostDist),
    remotes: readRemotes(env, problems),
    seed: readSeed(env, problems),
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
