import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  JsonTooDeep,
  NULL_CHARACTERS_CODE,
  NULL_CHARACTERS_MESSAGE,
  nullCharacterPath,
} from '../http/null-characters.js';
import { Ctx, type IdentityServices } from './context.js';
import { CSRF_COOKIE, CSRF_FORM_FIELD, csrfFails, isFormPost, setCsrfCookie } from './csrf.js';
import { MESSAGES } from './messages.js';
import { authRoutes } from './routes/auth.js';
import { emailRoutes } from './routes/email.js';
import { mfaRoutes } from './routes/mfa.js';
import { passwordRoutes } from './routes/password.js';
import { providerCallbackRoutes, providerRoutes } from './routes/provider.js';
import type { Route } from './routes/route.js';
import { sessionsRoutes } from './routes/sessions.js';
import { verificationRoutes } from './routes/verification.js';
import { BrowserSession } from './session.js';
import { asBody } from './validation.js';

export const IDENTITY_PREFIX = '/_allauth/browser/v1';

const rotating = new WeakSet<FastifyRequest>();

class MalformedJson extends Error {
  statusCode = 400;
}

/** A field holding U+0000: allauth (Django's forms) answers it as that field's error. */
class NullCharacters extends Error {
  statusCode = 400;
  constructor(readonly param: string) {
    super(NULL_CHARACTERS_MESSAGE);
  }
}

function refuseNullCharacters(body: unknown, done: (error: Error | null, body?: unknown) => void): void {
  let param: string | null;
  try {
    param = nullCharacterPath(body);
  } catch (error) {
    // nested past any form's depth: malformed for a form, as allauth's parser would find it
    if (!(error instanceof JsonTooDeep)) throw error;
    done(new MalformedJson(MESSAGES.malformed_json), undefined);
    return;
  }
  if (param === null) done(null, body);
  else done(new NullCharacters(param), undefined);
}

const csrfRefusal = (request: FastifyRequest, reply: FastifyReply) => {
  request.log.info({ hasCookie: Boolean(request.cookies[CSRF_COOKIE]) }, 'csrf check failed');
  return reply.code(403).send({ status: 403, errors: [{ code: 'csrf', message: MESSAGES.csrf_failed }] });
};

/**
 * What every identity route shares, in the plugin that calls it: the CSRF check, the `csrftoken`
 * cookie and `Cache-Control: no-store` on every answer (also a refusal), the error answers, and
 * `route`, which hands each handler the request's browser session and saves the session before the
 * answer goes out.
 */
function identityContext(app: FastifyInstance, services: IdentityServices): Route {
  const secure = services.config.secureCookies;

  app.addHook('onRequest', async (request, reply) => {
    // A form post carries its token in the body: checked in preHandler, once the body is parsed.
    if (!isFormPost(request) && csrfFails(request)) return csrfRefusal(request, reply);
  });
  app.addHook('preHandler', async (request, reply) => {
    if (isFormPost(request) && csrfFails(request, asBody(request.body)[CSRF_FORM_FIELD])) {
      return csrfRefusal(request, reply);
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
    if (error instanceof NullCharacters) {
      request.log.info({ param: error.param }, 'identity request with a null character');
      return reply.code(400).send({
        status: 400,
        errors: [
          {
            code: NULL_CHARACTERS_CODE,
            message: error.message,
            ...(error.param ? { param: error.param } : {}),
          },
        ],
      });
    }
    if (status >= 500) request.log.error({ err: error }, 'identity request failed');
    else request.log.info({ err: error }, 'identity request rejected');
    return reply.code(status).send({ status });
  });

  return (method, url, handler) => {
    app.route({
      method,
      url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const session = await BrowserSession.load(
          services.db,
          request,
          services.now,
          services.config.sessionMaxAgeS,
        );
        const ctx = new Ctx(services, request, reply, session);
        const answer = await handler(ctx, asBody(request.body));
        await session.commit(request, reply, { secure });
        if (ctx.rotateCsrf) rotating.add(request);
        if ('redirect' in answer) return reply.redirect(answer.redirect, 302);
        return reply.code(answer.status).send(answer);
      },
    });
  };
}

/**
 * The django-allauth headless "browser" API. Every answer (also a refusal) carries the `csrftoken`
 * cookie and `Cache-Control: no-store`, like allauth's responses.
 */
export async function identityPlugin(
  app: FastifyInstance,
  opts: { services: IdentityServices },
): Promise<void> {
  // allauth reads an empty body as no fields (then "required" errors) and refuses malformed JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new MalformedJson(MESSAGES.malformed_json), undefined);
    }
    refuseNullCharacters(parsed, done);
  });
  // The provider redirect is a plain HTML form post (the browser must follow the answer's redirect).
  // Django's QueryDict.get: the last value of a repeated field.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) =>
      refuseNullCharacters(Object.fromEntries(new URLSearchParams(String(body))), done),
  );

  const route = identityContext(app, opts.services);
  authRoutes(route);
  verificationRoutes(route);
  passwordRoutes(route);
  mfaRoutes(route);
  sessionsRoutes(route);
  emailRoutes(route);
  providerRoutes(route);
}

/**
 * The provider callback, outside `/_allauth`: allauth serves it at `/accounts/oidc/{id}/login/callback/`
 * (the redirect URI registered at the provider). Same session, cookies and CSRF rotation as the API.
 */
export async function providerCallbackPlugin(
  app: FastifyInstance,
  opts: { services: IdentityServices },
): Promise<void> {
  providerCallbackRoutes(identityContext(app, opts.services));
}
