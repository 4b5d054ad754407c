import { existsSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RemotesSource } from '../remotes/remote-map.js';
import { firstScreenLinks } from './first-screen-hints.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths that belong to the server, never to the host's router: an unknown one is a plain 404. */
const SERVER_PREFIXES = [
  '/api',
  '/ws',
  '/_allauth',
  '/accounts',
  '/_dev',
  '/healthz',
  '/remotes.json',
  '/runtime-config.json',
] as const;

const CONTENT_HASH = /\.[0-9a-f]{8,}\./;

/** `relativePath` uses `/`. Hashed names change with their content, so they may be cached for good. */
export function isContentHashed(relativePath: string): boolean {
  return relativePath.startsWith('static/') || CONTENT_HASH.test(posix.basename(relativePath));
}

function pathname(request: FastifyRequest): string {
  const url = request.url;
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function isServerPath(path: string): boolean {
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * A browser navigating to one of the host's routes (`/workspace/abc/dashboard`): answered with
 * `index.html` so the host's router takes over. A path with an extension is a file, and a missing
 * file must stay a 404 (an HTML page in place of a script only hides the error).
 */
function isHistoryNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathname(request);
  if (isServerPath(path)) return false;
  if (posix.extname(path.slice(path.lastIndexOf('/') + 1)) !== '') return false;
  return request.headers.accept?.includes('text/html') ?? false;
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({
    statusCode: 404,
    error: 'Not Found',
    message: `Route ${request.method}:${pathname(request)} not found`,
  });
}

/**
 * Serves the host's static build at `/` with history fallback. Registered on the root instance: it
 * owns the app-wide not-found handler. Without a build the api still starts (so the api can be
 * worked on alone) and the host's pages answer 503.
 */
export function registerHostStatic(app: FastifyInstance, distDir: string, remotes: RemotesSource): void {
  const indexHtml = join(distDir, 'index.html');
  let hostPage: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
  if (existsSync(indexHtml)) {
    app.register(fastifyStatic, {
      root: distDir,
      index: 'index.html',
      dotfiles: 'ignore',
      // the build's `<file>.br` / `<file>.gz` twins by Accept-Encoding, with `Vary: accept-encoding`
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const relativePath = relative(distDir, filePath).split(sep).join('/');
        reply.header('cache-control', isContentHashed(relativePath) ? IMMUTABLE : REVALIDATE);
      },
    });
    // its first requests preloaded from the answer's headers (first-screen-hints.ts)
    hostPage = async (request, reply) =>
      reply.header('link', await firstScreenLinks(request, remotes)).sendFile('index.html');
  } else {
    app.log.warn({ distDir }, 'host build not found; its pages answer 503');
    const message = `The portal host is not built: ${indexHtml} is missing. Run \`pnpm --filter @portal/host build\` and restart the api.`;
    hostPage = (_request, reply) =>
      reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(message);
    app.get('/', hostPage);
  }

  app.setNotFoundHandler((request, reply) => {
    // The same URL answers the host page or a 404 depending on Accept: tell caches.
    reply.header('vary', 'accept');
    return isHistoryNavigation(request) ? hostPage(request, reply) : notFound(request, reply);
  });
}
