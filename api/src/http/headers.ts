import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** On every answer; the HTML pages also get a Content-Security-Policy (`content-security.ts`). */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;

const INCOMING_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Keeps a well-formed `X-Request-Id` from a proxy so logs correlate across hops; else a new uuid. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Headers every response carries, whichever route (or the not-found or error handler) answers. */
export function addStandardHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    return payload;
  });
}
