import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { Database } from './db/client.js';
import { captureLogs, openTestDatabase, testConfig } from './test/helpers.js';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

describe('every response', () => {
  let database: Database;
  let app: FastifyInstance;
  const { logger, lines } = captureLogs();

  beforeAll(async () => {
    database = await openTestDatabase();
    app = buildApp(testConfig(), { database, logger });
    // Routes a later feature would add, to see how failures come out.
    app.get('/api/test/boom', async () => {
      throw new Error('connection to 10.0.0.5 refused');
    });
    app.get('/api/test/teapot', async () => {
      throw Object.assign(new Error('short and stout'), { statusCode: 418 });
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each([
    ['a route', '/healthz', 200],
    ['the remote map', '/remotes.json', 200],
    ['an unknown path', '/api/nope', 404],
    ['a failing route', '/api/test/boom', 500],
  ])('carries the security headers: %s', async (_what, url, status) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('carries a request id, a fresh one unless a proxy sent a well-formed one', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const another = await app.inject({ method: 'GET', url: '/healthz' });
    expect(another.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const forwarded = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234.5' },
    });
    expect(forwarded.headers['x-request-id']).toBe('lb-1234.5');

    const forged = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'x\n{"level":60}' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hides the message of a server error from the client but logs it with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
    const logged = lines.filter(
      (line) => line.reqId === response.headers['x-request-id'] && line.level === 50,
    );
    expect(logged).toMatchObject([
      { msg: 'request failed', err: { message: 'connection to 10.0.0.5 refused' } },
    ]);
  });

  it('shows the message of a client error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({ statusCode: 418, error: "I'm a Teapot", message: 'short and stout' });
  });
});
