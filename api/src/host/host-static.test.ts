import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { captureLogs, openTestDatabase, testConfig } from '../test/helpers.js';
import { isContentHashed } from './host-static.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const DIST: Record<string, string> = {
  'index.html': INDEX_HTML,
  'static/js/main.3f2a1b9c.js': 'console.log("main");',
  'static/js/main.3f2a1b9c.js.br': 'brotli bytes',
  'static/js/main.3f2a1b9c.js.gz': 'gzip bytes',
  'static/css/main.css': 'body{}',
  'assets/logo.0123456789abcdef.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'favicon.ico': 'ico',
  '.env': 'SECRET=1',
};

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('host static build', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'portal-host-dist-'));
    for (const [path, content] of Object.entries(DIST)) {
      mkdirSync(dirname(join(dist, path)), { recursive: true });
      writeFileSync(join(dist, path), content);
    }
    app = buildApp(testConfig({ PORTAL_HOST_DIST: dist }), { database });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / for revalidation on every load', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('serves the precompressed twin the browser accepts, varying on Accept-Encoding', async () => {
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/static/js/main.3f2a1b9c.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const brotli = await get('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('brotli bytes');
    expect(brotli.headers['content-type']).toMatch(/^application\/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip bytes');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("main");');
  });

  it('lets hashed files be cached for good', async () => {
    for (const url of [
      '/static/js/main.3f2a1b9c.js',
      '/static/css/main.css',
      '/assets/logo.0123456789abcdef.svg',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(DIST[url.slice(1)]);
      expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    const script = await app.inject({ method: 'GET', url: '/static/js/main.3f2a1b9c.js' });
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it('makes everything else revalidate', async () => {
    for (const url of ['/index.html', '/favicon.ico']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it.each(['/workspace/abc/dashboard', '/billing', '/auth/login?next=%2Fbilling'])(
    'answers index.html for the host route %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept/i);
    },
  );

  it("names a page's first requests in its Link header: /remotes.json, and on a sign-in page the auth remote's manifest", async () => {
    const preload = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin`;
    const signIn = await app.inject({ method: 'GET', url: '/auth/login?next=%2Fbilling', headers: HTML });
    expect(signIn.headers.link).toBe(
      [preload('/remotes.json'), preload('http://localhost:8081/mf-manifest.json')].join(', '),
    );
    const other = await app.inject({ method: 'GET', url: '/workspace/abc/dashboard', headers: HTML });
    expect(other.headers.link).toBe(preload('/remotes.json'));
  });

  it('answers HEAD for a host route like GET, without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/workspace/abc/dashboard', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it('answers 404 for a missing asset, even to a browser', async () => {
    for (const url of ['/static/js/nope.js', '/static/js/main.00000000.js', '/nope.css']) {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
      expect(response.json(), url).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  // `GET /api/` itself is GraphiQL outside production (src/graphql/api.test.ts).
  it.each([
    '/api',
    '/api/unknown',
    '/ws/api/',
    '/_allauth/browser/v1/nope',
    '/_dev/outbox',
    '/healthz/deep',
    '/remotes.json/x',
  ])('never falls back for the server path %s', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: HTML });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('does not fall back for callers that do not ask for HTML, nor for other methods', async () => {
    const json = await app.inject({
      method: 'GET',
      url: '/workspace/abc',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/workspace/abc', headers: HTML });
    expect(post.statusCode).toBe(404);
  });

  it('does not serve dotfiles', async () => {
    const response = await app.inject({ method: 'GET', url: '/.env' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('SECRET');
  });
});

describe('host static build, with a broken remote map', () => {
  it('still answers the page, naming only /remotes.json (which answers 500) in its Link header', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-host-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    const app = buildApp(
      testConfig({ PORTAL_HOST_DIST: dist, PORTAL_REMOTES_FILE: join(dist, 'missing.json') }),
      {
        database,
      },
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/auth/login', headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers.link).toBe('</remotes.json>; rel=preload; as=fetch; crossorigin');
      expect((await app.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(500);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('host static build, not built', () => {
  let app: FastifyInstance;
  const { logger, lines } = captureLogs();
  const missing = join(tmpdir(), 'portal-no-such-host-dist');

  beforeAll(async () => {
    app = buildApp(testConfig({ PORTAL_HOST_DIST: missing }), { database, logger });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('warns at start-up', () => {
    const warning = lines.find((line) => line.level === 40);
    expect(warning).toMatchObject({ msg: expect.stringContaining('host build not found'), distDir: missing });
  });

  it('answers / with 503 and says the host is not built', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url: '/' });
      expect(response.statusCode, method).toBe(503);
      expect(response.headers['content-type'], method).toMatch(/^text\/plain/);
    }
    const response = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.body).toContain('The portal host is not built');
    expect(response.body).toContain(join(missing, 'index.html'));
  });

  it('answers host routes with the same 503, assets and server paths with 404', async () => {
    const route = await app.inject({ method: 'GET', url: '/workspace/abc/dashboard', headers: HTML });
    expect(route.statusCode).toBe(503);
    expect(route.body).toContain('not built');
    expect((await app.inject({ method: 'GET', url: '/static/js/main.js', headers: HTML })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/api/x', headers: HTML })).statusCode).toBe(404);
  });

  it('still serves the api', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(200);
  });
});

describe('isContentHashed', () => {
  it.each([
    ['static/js/main.js', true],
    ['static/media/font.woff2', true],
    ['remoteEntry.3f2a1b9c.js', true],
    ['assets/logo.0123456789abcdef.svg', true],
    ['index.html', false],
    ['favicon.ico', false],
    ['mf-manifest.json', false],
    ['main.3f2a1b9.js', false],
    ['main.3F2A1B9C.js', false],
    ['nested/static/app.js', false],
  ])('%s → %s', (path, hashed) => {
    expect(isContentHashed(path)).toBe(hashed);
  });
});
