import type { LevelWithSilent } from 'pino';
import type { PaymentsConfig } from './billing/payments/config.js';
import type { ComputeConfig } from './compute/config.js';
import type { BrowserConfig } from './config/browser.js';
import type { DatabaseConfig } from './config/database.js';
import type { GraphqlConfig } from './config/graphql.js';
import type { HttpConfig } from './config/http.js';
import { DEFAULT_PARTS } from './config/parts.js';
import { buildParts, ConfigError, type ConfigPart, type Env } from './config/schema.js';
import type { NodeEnv } from './config/server.js';
import type { IdentityConfig } from './identity/config.js';
import type { JobsConfig } from './jobs/config.js';
import type { RemotesSource } from './remotes/remote-map.js';
import type { SupportConfig } from './support/config.js';

export type { PaymentsConfig, PayPalConfig } from './billing/payments/config.js';
export type { ComputeConfig } from './compute/config.js';
export { type BrowserConfig, DEFAULT_BROWSER_CONFIG } from './config/browser.js';
export type { DatabaseConfig } from './config/database.js';
export type { GraphqlConfig, WsConfig } from './config/graphql.js';
export type { HttpConfig } from './config/http.js';
export { PGLITE_MEMORY, REPO_ROOT } from './config/paths.js';
export { ConfigError, type ConfigPart, type Env } from './config/schema.js';
export type { NodeEnv } from './config/server.js';
export type { IdentityConfig } from './identity/config.js';
export type { JobsConfig } from './jobs/config.js';
export type { SupportConfig } from './support/config.js';

/** The whole configuration; what each key holds and which variable sets it: `src/config/parts.ts`. */
export interface Config {
  port: number;
  host: string;
  nodeEnv: NodeEnv;
  logLevel: LevelWithSilent;
  database: DatabaseConfig;
  hostDist: string;
  remotes: RemotesSource;
  seed: 'demo' | undefined;
  /** How many reverse proxies stand in front: the client address is that many hops back in X-Forwarded-For. */
  trustProxy: number;
  http: HttpConfig;
  identity: IdentityConfig;
  graphql: GraphqlConfig;
  /** Null: the browser reports nothing. */
  sentryDsn: string | null;
  /** Deployment settings only the browser uses, published in `/runtime-config.json`. */
  browser: BrowserConfig;
  compute: ComputeConfig;
  support: SupportConfig;
  payments: PaymentsConfig;
  jobs: JobsConfig;
}

/**
 * Reads the whole configuration from the environment, part by part, reporting every problem at
 * once. Relative paths resolve against the current directory.
 */
export function loadConfig(env: Env = process.env, parts: readonly ConfigPart[] = DEFAULT_PARTS): Config {
  const problems: string[] = [];
  const config = buildParts(env, parts, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return config as unknown as Config;
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
