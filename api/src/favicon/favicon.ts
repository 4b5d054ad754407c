import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

/** `api/public/`, found from the module so it works from `src/` and `dist/` alike. */
export const PUBLIC_DIR = new URL('../../public/', import.meta.url);

const FILES = {
  '/favicon.ico': { file: 'favicon.ico', type: 'image/x-icon' },
  '/favicon.svg': { file: 'favicon.svg', type: 'image/svg+xml' },
} as const;

/**
 * The portal's icon, drawn by `api/scripts/favicon.mjs`: `/favicon.ico` (16, 32 and 48 px), which
 * browsers ask for on their own, and `/favicon.svg` for a `<link rel="icon">`. Served by the api, so
 * the origin has an icon without the host build shipping one; a host build that does ship its own
 * file of that name (checked once at start, like the build itself) is served instead. Read once at
 * start; a day of caching, then revalidation by ETag (the names never change).
 */
export const faviconRoutes: FastifyPluginAsync<{ hostDist: string }> = async (app, { hostDist }) => {
  for (const [path, { file, type }] of Object.entries(FILES)) {
    if (existsSync(join(hostDist, file))) continue;
    const body = readFileSync(new URL(file, PUBLIC_DIR));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    app.get(path, async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(type).send(body);
    });
  }
};
