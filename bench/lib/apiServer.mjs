// The api for the bench: api/dist on a fresh database (in-memory PGlite, or the PostgreSQL of
// DATABASE_URL) with the demo seed and its dev tools, on a free port of 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ALLAUTH = '/_allauth/browser/v1';
export const DEMO = { email: 'demo@example.com', password: 'Demo-Pass-2026' };

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * @param {{ rootDir: string, hostDist?: string, remoteMap?: Record<string, string>, env?: Record<string, string> }} o
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startApi({ rootDir, hostDist, remoteMap = {}, env = {} }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const work = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const remotesFile = path.join(work, 'remotes.json');
  writeFileSync(remotesFile, JSON.stringify(remoteMap));
  let output = '';
  const child = spawn(process.execPath, [path.join(rootDir, 'api/dist/main.js')], {
    cwd: rootDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      PORTAL_SEED: 'demo',
      PORTAL_REMOTES_FILE: remotesFile,
      ...(hostDist ? { PORTAL_HOST_DIST: hostDist } : {}),
      PORTAL_DEV_TOOLS: '1',
      PORTAL_PUBLIC_URL: url,
      PORTAL_RATE_LIMIT_SCALE: '1000',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(work, { recursive: true, force: true });
  };
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`api did not start:\n${output}`);
}

/** Signs the demo customer in over HTTP: the cookie header and the (rotated) CSRF token. */
export async function signInByFetch(url, account = DEMO) {
  const jar = new Map();
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${url}${ALLAUTH}/auth/session`));
  const login = await fetch(`${url}${ALLAUTH}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-csrftoken': jar.get('csrftoken') ?? '',
    },
    body: JSON.stringify(account),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  keep(login);
  return { cookie: cookie(), csrf: jar.get('csrftoken') ?? '' };
}
