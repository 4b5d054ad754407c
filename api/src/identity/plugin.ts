import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ctx, type IdentityServices } from './context.js';
import { CSRF_COOKIE, csrfFails, setCsrfCookie } from './csrf.js';
import type { Envelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import { authRoutes } from './routes/auth.js';
import { mfaRoutes } from './routes/mfa.js';
import { passwordRoutes } from './routes/password.js';
import { sessionsRoutes } from './routes/sessions.js';
import { verificationRoutes } from './routes/verification.js';
import { BrowserSession } from './session.js';
import { asBody, type Body } from './validation.js';

export const IDENTITY_PREFIX = '/_allauth/browser/v1';

export type IdentityHandler = (ctx: Ctx, body: Body) => Promise<Envelope>;

/** How a route module adds its routes: `route('POST', '/auth/login', handler)`. */
export type Route = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: IdentityHandler) => void;

const rotating = new WeakSet<FastifyRequest>();

class MalformedJson extends Error {
  statusCode = 400;
}

/**
 * The django-allauth headless "browser" API. Every handler gets the request's browser session, and
 * the session is saved before the answer goes out. Every answer (also a refusal) carries the
 * `csrftoken` cookie and `Cache-Control: no-store`, like allauth's responses.
 */
export async function identityPlugin(
  app: FastifyInstance,
  opts: { services: IdentityServices },
): Promise<void> {
  const { services } = opts;
  const secure = services.config.secureCookies;

  // allauth reads an empty body as no fields (then "required" errors) and refuses malformed JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new MalformedJson(MESSAGES.malformed_json), undefined);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (csrfFails(request)) {
      request.log.info({ hasCookie: Boolean(request.cookies[CSRF_COOKIE]) }, 'csrf check failed');
      return reply.code(403).send({ status: 403, errors: [{ code: 'csrf', message: MESSAGES.csrf_failed }] });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    setCsrfCookie(request, reply, { secure, rotate: rotating.has(request) });
    reply.header('cache-control', 'no-store, no-cache, must-revalidate, private');
    return payload;
  });

  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (error instanceof MalformedJson) {
      return reply.code(400).send({ status: 400, errors: [{ code: 'invalid', message: error.message }] });
    }
    if (status >= 500) request.log.error({ err: error }, 'identity request failed');
    else request.log.info({ err: error }, 'identity request rejected');
    return reply.code(status).send({ status });
  });

  const route: Route = (method, url, handler) => {
    app.route({
      method,
      url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const session = await BrowserSession.load(services.db, request, services.now);
        const ctx = new Ctx(services, request, reply, session);
        const envelope = await handler(ctx, asBody(request.body));
        await session.commit(request, reply, { secure });
        if (ctx.rotateCsrf) rotating.add(request);
        return reply.code(envelope.status).send(envelope);
      },
    });
  };

  authRoutes(route);
  verificationRoutes(route);
  passwordRoutes(route);
  mfaRoutes(route);
  sessionsRoutes(route);
}
