import type { LevelWithSilent } from 'pino';
import { integer, invalid, oneOf, reader } from './readers.js';
import { configPart, variable } from './schema.js';

export type NodeEnv = 'development' | 'production' | 'test';

const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const PORT = variable({
  name: 'PORT',
  description: 'port to listen on (`0`: any free port)',
  schema: integer({
    min: 0,
    max: 65535,
    fallback: 8080,
    type: 'port 0-65535',
    message: (value) => `"${value}" is not a port number (0-65535)`,
  }),
  example: { value: '8080' },
});

const HOST = variable({
  name: 'HOST',
  description: 'interface to listen on (`0.0.0.0` in a container)',
  schema: reader('interface address', '127.0.0.1', (value) => value),
  example: { value: '0.0.0.0' },
});

const NODE_ENV = variable({
  name: 'NODE_ENV',
  description: '`production` refuses the dev-only switches, hides GraphiQL and internal error details',
  schema: oneOf(['development', 'production', 'test'] as const, 'development'),
  example: { value: 'production' },
});

const LOG_LEVEL = variable({
  name: 'LOG_LEVEL',
  description: "the logger's level",
  schema: oneOf(LOG_LEVELS, 'info'),
  example: { value: 'info' },
});

const TRUST_PROXY = variable({
  name: 'TRUST_PROXY',
  description:
    "the number of reverse proxies in front (allauth's `ALLAUTH_TRUSTED_PROXY_COUNT`; `true` means 1): the client address is the one that many hops back in `X-Forwarded-For`, counted from the right, so what a client writes further left is never believed (rate limits are per address)",
  schema: reader('whole number 0-10, true or false', 0, (value) => {
    if (value === 'false') return 0;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    return invalid(`"${value}" is not a number of proxies from 0 to 10`);
  }),
  example: { value: '1' },
});

/** The process: where it listens, how it logs, whom it believes about the client's address. */
export const serverPart = configPart({
  key: 'server',
  title: 'process and network',
  variables: [PORT, HOST, NODE_ENV, LOG_LEVEL, TRUST_PROXY],
  build: (get) => ({
    host: get(HOST),
    port: get(PORT),
    nodeEnv: get(NODE_ENV) as NodeEnv,
    logLevel: get(LOG_LEVEL),
    trustProxy: get(TRUST_PROXY),
  }),
});
