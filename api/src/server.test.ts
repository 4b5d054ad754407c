import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db/client.js';
import { acquireDataDirLock } from './db/data-dir-lock.js';
import { users } from './db/schema.js';
import { startServer } from './server.js';
import { captureLogs, testConfig } from './test/helpers.js';

describe('startServer with a PGlite folder on disk', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-server-'));
  const dataDir = join(tmp, 'pglite');
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('migrates, seeds, serves, shuts down, and the data survives a restart', async () => {
    const { logger, lines } = captureLogs();
    const config = testConfig({ PORT: '0', PGLITE_DIR: dataDir, PORTAL_SEED: 'demo' });
    const server = await startServer(config, logger);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
      expect(lines.some((line) => line.msg === 'demo data seeded')).toBe(true);
      // One process per data folder: a second opener fails instead of corrupting it.
      await expect(openDatabase(config.database)).rejects.toThrow(/already open in this process/);
    } finally {
      await server.close();
    }
    expect(server.app.server.listening).toBe(false);
    await expect(server.database.ping()).rejects.toHaveProperty('cause.message', 'PGlite is closed');
    await (await acquireDataDirLock(dataDir, { waitS: 0 }))(); // the lock is free

    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await reopened.db.select().from(users).where(eq(users.email, 'demo@example.com'));
      expect(rows).toMatchObject([{ firstName: 'Demo', lastName: 'Customer' }]);
    } finally {
      await reopened.close();
    }
    // seeding a folder on disk takes 10-25 s on 2 busy cores: a margin, not a budget
  }, 120_000);

  it('closes the database when it cannot listen', async () => {
    const { logger } = captureLogs();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = squatter.address() as { port: number };
      const config = testConfig({ PORT: String(port), PGLITE_DIR: dataDir });
      await expect(startServer(config, logger)).rejects.toThrow(/EADDRINUSE/);
      await (await acquireDataDirLock(dataDir, { waitS: 0 }))(); // the lock is free
    } finally {
      squatter.close();
    }
  });
});

describe('connections that stall', () => {
  /** A client that sends the headers and part of a body, then nothing. */
  async function stalledUpload(url: string) {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += String(chunk);
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    socket.write(
      'POST /api/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"q',
    );
    return { closed, answer: () => answer };
  }

  it('answers 408 and closes a request whose body stalls past the request timeout', async () => {
    const { logger } = captureLogs();
    const server = await startServer(testConfig({ PORT: '0', PORTAL_REQUEST_TIMEOUT_S: '1' }), logger);
    try {
      const upload = await stalledUpload(server.url);
      await upload.closed; // Node checks every second: closed after 1-2 s, not held for good
      expect(upload.answer()).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('shuts down within the grace with uploads in flight, and closes the database', async () => {
    const { logger, lines } = captureLogs();
    const server = await startServer(testConfig({ PORT: '0', PORTAL_SHUTDOWN_GRACE_S: '0' }), logger);
    const uploads = await Promise.all([1, 2, 3].map(() => stalledUpload(server.url)));
    // in flight once the server has read their headers; before that a connection is idle and
    // closed at once (a busy machine can take a while to get there)
    await vi.waitFor(() => expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(3), {
      timeout: 30_000,
      interval: 20,
    });
    await server.close();
    await Promise.all(uploads.map((u) => u.closed));
    await expect(server.database.ping()).rejects.toHaveProperty('cause.message', 'PGlite is closed');
    expect(lines.some((line) => line.msg === 'shutdown: cutting off the requests still running')).toBe(true);
  }, 60_000);
});
