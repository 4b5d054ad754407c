import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';

/** The PNG images inside an ICO: [width, height, bytes]. */
function icoImages(body: Buffer): [number, number, Buffer][] {
  expect(body.readUInt16LE(0)).toBe(0);
  expect(body.readUInt16LE(2)).toBe(1); // type 1: icon
  const count = body.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const entry = 6 + 16 * i;
    const size = body.readUInt32LE(entry + 8);
    const offset = body.readUInt32LE(entry + 12);
    return [body[entry]!, body[entry + 1]!, body.subarray(offset, offset + size)];
  });
}

describe('favicon', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    // No host build: the icon comes from the api itself, not from the host's files.
    app = buildApp(testConfig({ PORTAL_HOST_DIST: '/nonexistent/host-dist' }), { database });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('serves /favicon.ico: an ICO of 16, 32 and 48 px PNG images, cached for a day', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const images = icoImages(response.rawPayload);
    expect(images.map(([w, h]) => [w, h])).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ]);
    for (const [width, , png] of images) {
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.readUInt32BE(16)).toBe(width); // IHDR width
    }
  });

  it('serves /favicon.svg, the same icon as SVG', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
  });

  it('leaves the name to the host build when it ships its own icon', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-host-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>host</title>');
    writeFileSync(join(dist, 'favicon.ico'), 'the host icon');
    const withIcon = buildApp(testConfig({ PORTAL_HOST_DIST: dist }), { database });
    try {
      const ico = await withIcon.inject({ method: 'GET', url: '/favicon.ico' });
      expect(ico.body).toBe('the host icon');
      expect(ico.headers['cache-control']).toBe('no-cache');
      // the SVG it lacks still comes from the api
      expect((await withIcon.inject({ method: 'GET', url: '/favicon.svg' })).headers['content-type']).toBe(
        'image/svg+xml',
      );
    } finally {
      await withIcon.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('answers a matching If-None-Match with 304, and HEAD without a body', async () => {
    const first = await app.inject({ method: 'GET', url: '/favicon.ico' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({
      method: 'GET',
      url: '/favicon.ico',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await app.inject({ method: 'HEAD', url: '/favicon.ico' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });
});
