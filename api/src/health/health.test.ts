import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { healthRoutes } from './health.js';

describe('GET /healthz', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = buildApp(testConfig(), { database });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers ok once the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers 503 when the database is gone', async () => {
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /healthz with a database that hangs', () => {
  it('answers 503 once the timeout passes instead of hanging the probe', async () => {
    const app = Fastify();
    app.register(healthRoutes, { database: { ping: () => new Promise<void>(() => {}) }, timeoutMs: 50 });
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await app.close();
  });
});
