import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { createYoga, maskError, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Db } from '../db/client.js';
import { JsonTooDeep, NULL_CHARACTERS_MESSAGE, nullCharacterPath } from '../http/null-characters.js';
import { csrfFails } from '../identity/csrf.js';
import { SUPPORT_REQUEST_BYTES } from '../support/limits.js';
import { type GraphQLContext, type GraphqlServices, httpContext, tokenContext } from './context.js';
import { PERMISSION_DENIED } from './errors.js';
import { databaseRateLimitStore, floodCounter, memoryRateLimitStore } from './rate-limit-store.js';
import type { WsaClaims } from './wsa-token.js';

export const GRAPHQL_ENDPOINT = '/api/';

/** Django REST framework's words for the same refusal. */
export const CSRF_FAILED = 'CSRF Failed: CSRF token missing or incorrect.';

/**
 * What an operation runs for. Over HTTP: the Fastify request (the caller is its session cookie's
 * user). Over the websocket (`/ws/api/`, next): the claims of the `connection_init` WSA token,
 * already verified with `app.graphql.wsaTokens.verify`, and the socket's client address.
 */
export type ServerContext = { req: FastifyRequest; reply: FastifyReply } | { wsa: WsaClaims; ip: string };

export type PortalYoga = YogaServerInstance<ServerContext, GraphQLContext>;

export interface YogaOptions {
  services: GraphqlServices;
  /** The contract with the modules' resolvers (`src/modules.ts`). */
  schema: GraphQLSchema;
  graphiql: boolean;
  /** Production: no introspection (the contract is the `.graphql` files, codegen reads those). */
  production: boolean;
  logger: FastifyBaseLogger;
}

/**
 * What one operation may ask, checked while parsing and validating, before anything runs
 * (graphql-armor at its defaults, which are these): an alias flood, a deep or costly query, a
 * directive flood or a giant document is refused at once instead of holding the process. Every
 * operation the portal's apps send stays within them (`src/hardening.test.ts` checks each one).
 */
export const OPERATION_LIMITS = {
  maxAliases: 15,
  maxDepth: 10,
  maxCost: 5_000,
  maxTokens: 1_000,
  maxDirectives: 50,
} as const;

function armor(): Plugin {
  const { maxAliases, maxDepth, maxCost, maxTokens, maxDirectives } = OPERATION_LIMITS;
  return EnvelopArmorPlugin({
    maxAliases: { n: maxAliases },
    maxDepth: { n: maxDepth },
    costLimit: { maxCost },
    maxTokens: { n: maxTokens },
    maxDirectives: { n: maxDirectives },
    // "Did you mean …?" would map the schema for a stranger; the contract files serve developers.
    blockFieldSuggestion: { enabled: true },
  }) as Plugin;
}

/**
 * Subscriptions run over the websocket only, where the session is re-checked and the socket closes
 * at sign-out. Yoga would also serve them over HTTP (`Accept: text/event-stream`), a stream that
 * outlives the session: refused.
 */
export const SUBSCRIPTIONS_OVER_WEBSOCKET = 'Subscriptions run over the websocket (/ws/api/).';

function subscriptionsOverWebsocketOnly(): Plugin<ServerContext> {
  return {
    onSubscribe({ args }) {
      if ('req' in (args.contextValue as Partial<ServerContext>)) {
        throw new GraphQLError(SUBSCRIPTIONS_OVER_WEBSOCKET, {
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        });
      }
    },
  };
}

/**
 * By name, as yoga itself checks: a library that loads graphql through `require` (graphql-armor)
 * may hold another copy of its classes, so `instanceof` would call its refusals bugs.
 */
const isGraphQLError = (error: unknown): error is GraphQLError =>
  error instanceof Error && error.name === 'GraphQLError';

/**
 * U+0000 in a variable, or written as `\u0000` in the document's strings, is refused before
 * parsing (PostgreSQL text cannot hold it; it would fail as a query, "Unexpected error.").
 */
function refuseNullCharacters(): Plugin {
  return {
    onParams({ params }) {
      const query = typeof params.query === 'string' ? params.query : '';
      const inQuery = query.includes('\u0000') || /\\u0000|\\u\{0+\}/i.test(query);
      let variable: string | null;
      try {
        variable = nullCharacterPath(params.variables ?? {});
      } catch (error) {
        if (!(error instanceof JsonTooDeep)) throw error;
        throw new GraphQLError(error.message, {
          extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
        });
      }
      if (inQuery || variable !== null) {
        throw new GraphQLError(NULL_CHARACTERS_MESSAGE, {
          extensions: {
            code: 'BAD_USER_INPUT',
            http: { status: 400 },
            ...(variable ? { field: variable } : {}),
          },
        });
      }
    },
  };
}

/** The GraphQL server; its plugins (and so the same behaviour) serve HTTP and, later, the websocket. */
export function createPortalYoga({
  services,
  schema,
  graphiql,
  production,
  logger,
}: YogaOptions): PortalYoga {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    plugins: [
      refuseNullCharacters(),
      armor(),
      subscriptionsOverWebsocketOnly(),
      ...(production ? [useDisableIntrospection()] : []),
    ],
    graphqlEndpoint: GRAPHQL_ENDPOINT,
    graphiql,
    landingPage: false,
    // Same origin only: the portal and the api share one origin, and the session is a cookie.
    cors: false,
    // room for a support message's attachments (25 MB in all) and its text; the resolver checks each limit
    maxRequestBodySize: SUPPORT_REQUEST_BYTES,
    logging: {
      debug: (...args) => logger.debug({ args }, 'graphql'),
      info: (...args) => logger.info({ args }, 'graphql'),
      warn: (...args) => logger.warn({ args }, 'graphql'),
      error: (...args) => logger.error({ args }, 'graphql'),
    },
    maskedErrors: {
      // A resolver's own GraphQLError (permission, expiry, user-facing refusal) goes out as is;
      // anything else is a bug: logged in full, answered as "Unexpected error.".
      maskError(error, message, isDev) {
        const original = isGraphQLError(error) ? error.originalError : error;
        if (original && !isGraphQLError(original)) {
          logger.error({ err: original }, 'graphql resolver failed');
        }
        return maskError(error, message, isDev);
      },
    },
    context: (initial) =>
      'wsa' in initial ? tokenContext(services, initial.wsa, initial.ip) : httpContext(services, initial.req),
  });
}

/**
 * Requests a minute to `/api/`: per session for a signed-in browser (every tab and socket of it
 * together), per address for anyone else. The portal's screens send a few a minute; a loop or a
 * script hits the wall and gets 429 with `Retry-After`. Counted in the database on PostgreSQL
 * (`rate-limit-store.ts`), so several api processes count together; in memory on PGlite, whose
 * database only one process can open.
 */
export const API_RATE_LIMITS = { session: 600, address: 300 } as const;
const API_RATE_WINDOW_MS = 60_000;

/** PostgreSQL: counted in the database (every process); PGlite (one process): in memory. */
export function floodStore(db: Db, databaseKind: 'postgres' | 'pglite'): FastifyRateLimitStoreCtor {
  return databaseKind === 'postgres' ? databaseRateLimitStore(db) : memoryRateLimitStore();
}

/**
 * A websocket operation counts against its session's allowance of `/api/` (the same key, the same
 * windows): a socket is no way around the limit.
 */
export function websocketFloodGuard(store: FastifyRateLimitStoreCtor, scale: number) {
  const count = floodCounter(store, API_RATE_WINDOW_MS);
  return (claims: WsaClaims): Promise<boolean> =>
    count(
      claims.sessionId !== null ? `session:${claims.sessionId}` : `user:${claims.userId}`,
      API_RATE_LIMITS.session * scale,
    );
}
export const API_RATE_LIMITED = 'Too many requests: try again in a moment.';

/** The signed-in session of a request, verified (null for none, an ended or a made-up cookie). */
export type VerifiedSession = (request: FastifyRequest) => Promise<string | null>;

function apiRateLimit(scale: number, sessionOf: VerifiedSession) {
  return {
    timeWindow: API_RATE_WINDOW_MS,
    // keyed on a session only once it is looked up: a made-up cookie per request is an address
    keyGenerator: async (request: FastifyRequest) => {
      const session = await sessionOf(request);
      return session !== null ? `session:${session}` : `address:${request.ip}`;
    },
    max: (_request: FastifyRequest, key: string) =>
      (key.startsWith('session:') ? API_RATE_LIMITS.session : API_RATE_LIMITS.address) * scale,
    // thrown, so the app's error handler answers it: 429 `{statusCode, error, message}`
    errorResponseBuilder: () => Object.assign(new Error(API_RATE_LIMITED), { statusCode: 429 }),
  };
}

/**
 * `POST /api/` (spec section 7): JSON or multipart (GraphQL multipart request spec) bodies. Unsafe
 * calls must echo the `csrftoken` cookie in `X-CSRFToken`, like the identity service's (same
 * check), else 403. GraphiQL (`GET /api/`) only outside production.
 */
export async function graphqlPlugin(
  app: FastifyInstance,
  opts: {
    yoga: PortalYoga;
    graphiql: boolean;
    rateLimitScale: number;
    /** Where the flood guard counts (`floodStore`), shared with the websocket's operations. */
    store: FastifyRateLimitStoreCtor;
    /** The identity service's session check (memoised per request). */
    verifiedSession: VerifiedSession;
  },
) {
  const { yoga } = opts;
  const sessions = new WeakMap<FastifyRequest, Promise<string | null>>();
  const sessionOf: VerifiedSession = (request) => {
    let found = sessions.get(request);
    if (!found) {
      found = opts.verifiedSession(request);
      sessions.set(request, found);
    }
    return found;
  };
  const { store } = opts;
  await app.register(rateLimit, { global: false, store });
  // Yoga reads multipart bodies itself, from the raw stream.
  app.addContentTypeParser('multipart/form-data', {}, (_request, _payload, done) => done(null));

  app.route({
    url: GRAPHQL_ENDPOINT,
    method: opts.graphiql ? ['GET', 'POST'] : ['POST'],
    config: { rateLimit: apiRateLimit(opts.rateLimitScale, sessionOf) },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // GET serves GraphiQL's page only: an operation in a GET's URL would run on the session
      // cookie alone, which any page can make a browser send (no CSRF token)
      if (request.method === 'GET' && new URL(request.url, 'http://x').searchParams.has('query')) {
        return reply
          .code(405)
          .header('allow', 'POST')
          .send({
            errors: [{ message: 'Send operations with POST.', extensions: { code: 'METHOD_NOT_ALLOWED' } }],
          });
      }
      if (csrfFails(request)) {
        request.log.info({ hasCookie: Boolean(request.cookies.csrftoken) }, 'graphql csrf check failed');
        return reply.code(403).send({ errors: [{ message: CSRF_FAILED, extensions: { code: 'CSRF' } }] });
      }
      // an upload (up to 27 MB) is read only for someone signed in: a stranger's is refused unread,
      // and the connection closed rather than drained
      if (request.headers['content-type']?.startsWith('multipart/') && (await sessionOf(request)) === null) {
        return reply
          .code(403)
          .header('connection', 'close')
          .send({ errors: [{ message: PERMISSION_DENIED, extensions: { code: 'FORBIDDEN' } }] });
      }
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { req: request, reply });
      for (const [name, value] of response.headers) reply.header(name, value);
      reply.status(response.status);
      return reply.send(response.body);
    },
  });
}
