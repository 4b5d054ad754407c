import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { createYoga, maskError, type YogaServerInstance } from 'graphql-yoga';
import type { IdentityServices } from '../identity/context.js';
import { csrfFails } from '../identity/csrf.js';
import { SUPPORT_REQUEST_BYTES } from '../support/limits.js';
import { type GraphQLContext, type GraphqlServices, httpContext, tokenContext } from './context.js';
import { buildSchema } from './schema.js';
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
  identity: IdentityServices;
  graphiql: boolean;
  logger: FastifyBaseLogger;
}

/** The GraphQL server; its plugins (and so the same behaviour) serve HTTP and, later, the websocket. */
export function createPortalYoga({ services, identity, graphiql, logger }: YogaOptions): PortalYoga {
  return createYoga<ServerContext, GraphQLContext>({
    schema: buildSchema(),
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
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original && !(original instanceof GraphQLError)) {
          logger.error({ err: original }, 'graphql resolver failed');
        }
        return maskError(error, message, isDev);
      },
    },
    context: (initial) =>
      'wsa' in initial
        ? tokenContext(services, initial.wsa, initial.ip)
        : httpContext(services, identity, initial.req),
  });
}

/**
 * `POST /api/` (spec section 7): JSON or multipart (GraphQL multipart request spec) bodies. Unsafe
 * calls must echo the `csrftoken` cookie in `X-CSRFToken`, like the identity service's (same
 * check), else 403. GraphiQL (`GET /api/`) only outside production.
 */
export async function graphqlPlugin(app: FastifyInstance, opts: { yoga: PortalYoga; graphiql: boolean }) {
  const { yoga } = opts;
  // Yoga reads multipart bodies itself, from the raw stream.
  app.addContentTypeParser('multipart/form-data', {}, (_request, _payload, done) => done(null));

  app.route({
    url: GRAPHQL_ENDPOINT,
    method: opts.graphiql ? ['GET', 'POST'] : ['POST'],
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (csrfFails(request)) {
        request.log.info({ hasCookie: Boolean(request.cookies.csrftoken) }, 'graphql csrf check failed');
        return reply.code(403).send({ errors: [{ message: CSRF_FAILED, extensions: { code: 'CSRF' } }] });
      }
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { req: request, reply });
      for (const [name, value] of response.headers) reply.header(name, value);
      reply.status(response.status);
      return reply.send(response.body);
    },
  });
}
