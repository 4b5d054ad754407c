import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Django's CSRF origin check, which allauth's own deployment applies before the token: an unsafe
 * request that says where it comes from (`Origin`, which a page cannot forge) must come from the
 * portal: its public origin, or the very origin it was sent to (`Host`, with the scheme of the
 * public URL or the connection). A request without `Origin` (a server: webhooks; an old browser) is
 * left to the CSRF token and the session.
 */
export function foreignOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === publicOrigin) return false;
  if (!URL.canParse(origin)) return true; // `null` (a sandboxed frame, a privacy redirect) included
  const { protocol, host } = new URL(origin);
  const served = request.headers.host;
  return !served || host !== served || (protocol !== 'http:' && protocol !== 'https:');
}

/** The refusal, in the shape of the endpoint it was meant for (allauth's, GraphQL's, plain). */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  const message = 'CSRF Failed: Origin checking failed - the request does not come from this portal.';
  // after every onRequest hook (the cookies are parsed for the answer's hooks), before the body is read
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!foreignOrigin(request, publicOrigin)) return payload;
    request.log.warn(
      { origin: request.headers.origin, url: request.url },
      'cross-origin unsafe request refused',
    );
    reply.code(403).header('cache-control', 'no-store');
    if (request.url.startsWith('/_allauth/'))
      return reply.send({ status: 403, errors: [{ code: 'csrf', message }] });
    if (request.url.startsWith('/api/'))
      return reply.send({ errors: [{ message, extensions: { code: 'CSRF' } }] });
    return reply.send({ statusCode: 403, error: 'Forbidden', message });
  });
}
