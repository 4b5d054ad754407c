import { randomBytes } from 'node:crypto';
import type { DatabaseConfig } from './database.js';
import { integer, invalid, reader } from './readers.js';
import { configPart, variable } from './schema.js';

export interface GraphqlConfig {
  /** Signs the websocket (WSA) tokens: `PORTAL_SECRET_KEY`, else a random key of this process. */
  secretKey: Uint8Array;
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

/** Without PORTAL_SECRET_KEY: one random key per process (tokens die with it, which is fine for 60 s tokens). */
const PROCESS_SECRET_KEY = randomBytes(32);
const MIN_SECRET_KEY_LENGTH = 32;

const SECRET_KEY = variable({
  name: 'PORTAL_SECRET_KEY',
  description: `at least ${MIN_SECRET_KEY_LENGTH} characters: signs the websocket (WSA) tokens. Required with \`NODE_ENV=production\` and \`DATABASE_URL\` (every process must share it, e.g. \`openssl rand -base64 48\`); with embedded PGlite there is one process per data folder, so a random key is enough`,
  schema: reader(`at least ${MIN_SECRET_KEY_LENGTH} characters`, PROCESS_SECRET_KEY as Uint8Array, (value) =>
    value.length >= MIN_SECRET_KEY_LENGTH
      ? new TextEncoder().encode(value)
      : invalid(`too short (at least ${MIN_SECRET_KEY_LENGTH} characters)`),
  ),
  defaultText: 'random per process',
  secret: true,
  example: { value: '' },
});

const WSA_TOKEN_TTL_S = variable({
  name: 'PORTAL_WSA_TOKEN_TTL_S',
  description: 'lifetime of a WSA token in seconds',
  schema: integer({
    min: 1,
    max: 3600,
    fallback: 60,
    message: (value) => `"${value}" is not a number of seconds from 1 to 3600`,
  }),
  example: { value: '60' },
});

/** The GraphQL endpoint and its subscription websocket. */
export const graphqlPart = configPart({
  key: 'graphql',
  title: 'GraphQL and its websocket',
  variables: [SECRET_KEY, WSA_TOKEN_TTL_S],
  build: (get, { production, need, raw, problem }) => {
    const secretKey = get(SECRET_KEY);
    if (raw(SECRET_KEY) === undefined && production && need<DatabaseConfig>('database').kind === 'postgres') {
      // Several api processes may share a PostgreSQL database: a token from one must verify on another.
      // Embedded PGlite admits one process per data folder, so a per-process key is enough there.
      problem(
        `PORTAL_SECRET_KEY: required when NODE_ENV=production with DATABASE_URL (at least ${MIN_SECRET_KEY_LENGTH} random characters)`,
      );
    }
    const publicUrl = need<{ publicUrl: string }>('identity').publicUrl;
    const graphql: GraphqlConfig = {
      secretKey,
      wsaTokenTtlS: get(WSA_TOKEN_TTL_S),
      graphiql: !production,
      ws: { publicOrigin: new URL(publicUrl).origin, allowLoopbackOrigins: !production, production },
    };
    return { graphql };
  },
});
