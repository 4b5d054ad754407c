// A plain static file server for a remote's build, as any static host would serve it: CORS for the
// portal origin, long-lived caching for content-hashed files, no caching for mf-manifest.json, and
// the build's precompressed brotli / gzip twins by content negotiation.
import http from 'node:http';
import sirv from 'sirv';

/**
 * `allowOrigin`: the portal's origin(s), which alone may read the files cross-origin (`'*'` only
 * when asked for; there is no default).
 * @param {{ dir: string, port: number, host?: string, allowOrigin: string | string[],
 *   intercept?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean }} options
 * `intercept` lets a test answer a request itself (return true when it did).
 * @returns {Promise<http.Server>}
 */
export function startStaticServer({ dir, port, host = '127.0.0.1', allowOrigin, intercept }) {
  if (!allowOrigin || allowOrigin.length === 0)
    throw new Error('startStaticServer: allowOrigin (the portal origin) is required');
  const serve = sirv(dir, {
    dev: true, // look files up on each request: a redeployed folder is served as it is now
    etag: true,
    brotli: true, // `<file>.br` when the browser accepts br, else `<file>.gz` for gzip
    gzip: true,
    setHeaders(res, pathname) {
      // sirv sets `Vary: Accept-Encoding`, replacing ours: the answer depends on both
      res.setHeader('Vary', 'Origin, Accept-Encoding');
      const hashed = /\.[0-9a-f]{8,}\./.test(pathname);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const server = http.createServer((req, res) => {
    const origins = Array.isArray(allowOrigin) ? allowOrigin : [allowOrigin];
    const origin = req.headers.origin;
    if (origins.includes('*')) res.setHeader('Access-Control-Allow-Origin', '*');
    else if (origin && origins.includes(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.writeHead(204).end();
      return;
    }
    if (intercept?.(req, res)) return;
    serve(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
