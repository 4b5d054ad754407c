import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
/** Django's CSRF_COOKIE_AGE: about a year. */
const CSRF_AGE_S = 31_449_600;
const WELL_FORMED = /^[A-Za-z0-9_-]{32,64}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** The form field Django reads the token from in a plain HTML form post (the provider redirect). */
export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';

/**
 * Django's double-submit check, as allauth's browser client relies on it: an unsafe call must echo
 * the `csrftoken` cookie in `X-CSRFToken`, or (a form post) in the `csrfmiddlewaretoken` field,
 * which Django reads first. A cross-site page can make the browser send the cookie but cannot read
 * it to set the header or the field.
 */
export function csrfFails(request: FastifyRequest, formToken?: unknown): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const cookie = request.cookies[CSRF_COOKIE];
  const token = typeof formToken === 'string' && formToken !== '' ? formToken : request.headers[CSRF_HEADER];
  if (!cookie || typeof token !== 'string' || !WELL_FORMED.test(cookie)) return true;
  const a = Buffer.from(cookie);
  const b = Buffer.from(token);
  return a.length !== b.length || !timingSafeEqual(a, b);
}

/** A plain HTML form post, whose token is in the body: checked once the body is parsed. */
export const isFormPost = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');

/** Every identity response (re)sets the cookie; a fresh value when there is none or on login (rotation). */
export function setCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secure: boolean; rotate: boolean },
): void {
  const current = request.cookies[CSRF_COOKIE];
  const value =
    !options.rotate && current && WELL_FORMED.test(current) ? current : randomBytes(24).toString('base64url');
  reply.setCookie(CSRF_COOKIE, value, {
    path: '/',
    sameSite: 'lax',
    secure: options.secure,
    // Read by the browser client to fill X-CSRFToken.
    httpOnly: false,
    maxAge: CSRF_AGE_S,
  });
}
