// Serving builds to Chromium as `npm start` does: the build's own precompressed brotli / gzip twins
// by Accept-Encoding (as scripts/static-server.mjs and the api's static files serve them), CORS,
// history fallback to index.html for the host, /remotes.json answered by the bench. The served
// files are a snapshot under bench/.tmp; the real dist folders are never written to.
import { cpSync, existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { NEVER_LOADED_DIR } from './files.mjs';

/**
 * Copies a build (without independent-packages/), twins included: what is measured is what the
 * build ships, not a compression the bench adds.
 * @param {string} distDir
 * @param {string} copyDir
 */
export function prepareServedCopy(distDir, copyDir) {
  if (!existsSync(distDir)) throw new Error(`${distDir} does not exist: build first (or drop --no-build)`);
  cpSync(distDir, copyDir, {
    recursive: true,
    filter: (src) => !src.split(path.sep).includes(NEVER_LOADED_DIR),
  });
}

/**
 * @param {{ dir: string, spa?: boolean, remotes?: Record<string, string> }} o
 * `spa` (the host): history fallback to index.html, /remotes.json answered with `remotes`,
 * the identity and api paths answered 404 (the shell then starts signed out).
 * @returns {Promise<{ server: http.Server, origin: string }>}
 */
export async function startServer({ dir, spa = false, remotes }) {
  const serve = sirv(dir, {
    dev: true,
    etag: true,
    brotli: true,
    gzip: true,
    single: spa,
    setHeaders(res, pathname) {
      const hashed = /\.[0-9a-f]{8,}\./.test(pathname);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.writeHead(204).end();
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (spa && pathname === '/remotes.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(remotes ?? {}));
      return;
    }
    if (spa && /^\/(_allauth|api|ws|config)(\/|$)/.test(pathname)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    serve(req, res, () => res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found'));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

/** @param {http.Server} server */
export function stopServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve(undefined));
    server.closeAllConnections();
  });
}
