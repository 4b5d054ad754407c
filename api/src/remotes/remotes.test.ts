import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Env } from '../config.js';
import type { Database } from '../db/client.js';
import { captureLogs, openTestDatabase, testConfig } from '../test/helpers.js';

describe('GET /remotes.json', () => {
  let database: Database;
  let tmp: string;
  const apps: FastifyInstance[] = [];

  function appWith(env: Env, logger?: ReturnType<typeof captureLogs>['logger']): FastifyInstance {
    const app = buildApp(testConfig(env), { database, logger });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    tmp = mkdtempSync(join(tmpdir(), 'portal-remotes-'));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('maps every remote to its local dev server by default', async () => {
    const response = await appWith({}).inject({ method: 'GET', url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      auth: 'http://localhost:8081/mf-manifest.json',
      workspace: 'http://localhost:8082/mf-manifest.json',
      billing: 'http://localhost:8083/mf-manifest.json',
      compute: 'http://localhost:8084/mf-manifest.json',
      support: 'http://localhost:8085/mf-manifest.json',
    });
  });

  it('serves PORTAL_REMOTES as given', async () => {
    const map = {
      auth: 'https://cdn.example.com/remote-auth/3.1.0/mf-manifest.json',
      billing: 'https://billing.example.com/mf-manifest.json',
    };
    const response = await appWith({ PORTAL_REMOTES: JSON.stringify(map) }).inject({
      method: 'GET',
      url: '/remotes.json',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(map);
  });

  it('re-reads PORTAL_REMOTES_FILE on every request, so a remote can be repointed live', async () => {
    const file = join(tmp, 'live.json');
    writeFileSync(file, JSON.stringify({ compute: 'http://localhost:9184/mf-manifest.json' }));
    const app = appWith({
      PORTAL_REMOTES_FILE: file,
      PORTAL_REMOTES: '{"compute":"http://ignored.example.com/mf-manifest.json"}',
    });

    const first = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(first.json()).toEqual({ compute: 'http://localhost:9184/mf-manifest.json' });
    expect(first.headers['cache-control']).toBe('no-store');

    writeFileSync(file, JSON.stringify({ compute: 'http://localhost:9284/v2/mf-manifest.json' }));
    const second = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ compute: 'http://localhost:9284/v2/mf-manifest.json' });
  });

  it('a page asked again after a promotion gets the new remote origin in its policy, never a 304', async () => {
    const file = join(tmp, 'promoted.json');
    writeFileSync(file, JSON.stringify({ support: 'http://127.0.0.1:9285/mf-manifest.json' }));
    const hostDist = join(tmp, 'host');
    mkdirSync(hostDist, { recursive: true });
    writeFileSync(
      join(hostDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    const app = appWith({ PORTAL_REMOTES_FILE: file, PORTAL_HOST_DIST: hostDist });
    const page = { method: 'GET', url: '/support', headers: { accept: 'text/html' } } as const;
    const first = await app.inject(page);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-security-policy']).toContain('http://127.0.0.1:9285');

    writeFileSync(file, JSON.stringify({ support: 'http://127.0.0.1:9300/support/2.0.0/mf-manifest.json' }));
    const again = await app.inject({
      ...page,
      headers: {
        ...page.headers,
        ...(first.headers.etag ? { 'if-none-match': String(first.headers.etag) } : {}),
        ...(first.headers['last-modified']
          ? { 'if-modified-since': String(first.headers['last-modified']) }
          : {}),
      },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-security-policy']).toContain('http://127.0.0.1:9300');
    expect(again.headers['content-security-policy']).not.toContain('9285');
  });

  it.each([
    ['is not JSON', '{"auth": ', /invalid JSON/],
    ['has a non-http URL', '{"auth":"file:///etc/passwd"}', /remote "auth": .* must use http or https/],
    [
      'names an unknown remote',
      '{"admin":"http://localhost:9000/mf-manifest.json"}',
      /unknown remote "admin"/,
    ],
  ])('answers 500 and logs why when the file %s, never a stale map', async (_what, content, reason) => {
    const file = join(tmp, `bad-${Math.random()}.json`);
    writeFileSync(file, JSON.stringify({ auth: 'http://localhost:9181/mf-manifest.json' }));
    const { logger, lines } = captureLogs();
    const app = appWith({ PORTAL_REMOTES_FILE: file }, logger);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(200);

    writeFileSync(file, content);
    const response = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'The remote map is misconfigured.',
    });
    expect(response.body).not.toContain('9181');
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toContain('PORTAL_REMOTES_FILE');
    expect(errors[0]?.msg).toContain(file);
    expect(errors[0]?.msg).toMatch(reason);
  });

  it('answers 500 when the file is missing', async () => {
    const { logger, lines } = captureLogs();
    const missing = join(tmp, 'missing.json');
    const response = await appWith({ PORTAL_REMOTES_FILE: missing }, logger).inject({
      method: 'GET',
      url: '/remotes.json',
    });
    expect(response.statusCode).toBe(500);
    expect(lines.find((line) => line.level === 50)?.msg).toMatch(/cannot read .*missing\.json: ENOENT/);
  });
});
