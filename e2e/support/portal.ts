import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { REMOTES, REPO, type Remote, remoteDir } from './paths';

export interface Portal {
  url: string;
  /** true: a deployment started by someone else (`E2E_BASE_URL`), not a portal of this run */
  deployment: boolean;
  /** the api's development tools (`/_dev/...`: outbox, clocks, simulators) answer */
  devTools: boolean;
  /** the remote map file the api re-reads on every /remotes.json (a portal of this run only) */
  remotesFile?: string;
  /** manifest URL of each remote as served now */
  remotes: Record<Remote, string>;
  /** points one remote at another manifest URL (rewrites the api's remotes file; no restart) */
  setRemote(remote: Remote, manifestUrl: string): void;
  /** serves a folder as a remote's static host on a port; returns the manifest URL */
  serveRemote(
    dir: string,
    port: number,
    intercept?: Parameters<typeof startStaticServer>[0]['intercept'],
  ): Promise<{ manifestUrl: string; close: () => Promise<void> }>;
  stop(): Promise<void>;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function waitForHealth(url: string, api: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`api exited with ${api.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`api did not become healthy at ${url}:\n${output()}`);
}

/**
 * Starts the portal as deployed: the api (serving the host build and /remotes.json) on a fresh
 * in-memory database, and each remote's production build on its own static origin.
 */
export async function startPortal({
  basePort,
  env = {},
}: {
  basePort: number;
  /** extra api environment (e.g. a short reauthentication timeout, an OIDC provider) */
  env?: Record<string, string>;
}): Promise<Portal> {
  const url = `http://127.0.0.1:${basePort}`;
  const work = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const remotesFile = path.join(work, 'remotes.json');
  const servers: Server[] = [];
  const remotes = {} as Record<Remote, string>;
  const serveRemote: Portal['serveRemote'] = async (dir, port, intercept) => {
    const server = await startStaticServer({
      dir,
      port,
      allowOrigin: url,
      ...(intercept ? { intercept } : {}),
    });
    servers.push(server);
    return { manifestUrl: `http://127.0.0.1:${port}/mf-manifest.json`, close: () => close(server) };
  };
  for (const [i, remote] of REMOTES.entries()) {
    remotes[remote] = (await serveRemote(path.join(remoteDir(remote), 'dist'), basePort + 1 + i)).manifestUrl;
  }
  const writeRemotes = () => writeFileSync(remotesFile, JSON.stringify(remotes, null, 2));
  writeRemotes();

  let output = '';
  const api = spawn(process.execPath, [path.join(REPO, 'api/dist/main.js')], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(basePort),
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      // the run's migrated PGlite (support/globalSetup.ts)
      ...(process.env.PORTAL_E2E_PGLITE_TEMPLATE
        ? { PGLITE_TEMPLATE: process.env.PORTAL_E2E_PGLITE_TEMPLATE }
        : {}),
      PORTAL_SEED: 'demo',
      // each file stops its own portal: no balancer to drain for
      PORTAL_SHUTDOWN_DRAIN_S: '0',
      PORTAL_REMOTES_FILE: remotesFile,
      PORTAL_HOST_DIST: path.join(REPO, 'host/dist'),
      LOG_LEVEL: 'warn',
      // the suites read e-mail links and SMS codes from the outbox
      PORTAL_DEV_TOOLS: '1',
      PORTAL_PUBLIC_URL: url,
      // every browser of the suites comes from 127.0.0.1: allauth's per-address allowances x10
      // (the api's own tests hold the real values)
      PORTAL_RATE_LIMIT_SCALE: '10',
      // the compute simulator 4x faster: a deployment takes 2 s, stop/start/restart about 1 s
      PORTAL_COMPUTE_SIM_SPEED: '4',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.on('data', (d) => {
    output += d;
  });
  api.stderr?.on('data', (d) => {
    output += d;
  });
  await waitForHealth(url, api, () => output);

  return {
    url,
    deployment: false,
    devTools: true,
    remotesFile,
    remotes,
    serveRemote,
    setRemote(remote, manifestUrl) {
      remotes[remote] = manifestUrl;
      writeRemotes();
    },
    async stop() {
      api.kill('SIGTERM');
      await Promise.all(servers.map(close));
      await new Promise<void>((resolve) =>
        api.exitCode !== null ? resolve() : api.once('exit', () => resolve()),
      );
      rmSync(work, { recursive: true, force: true });
    },
  };
}

export const NOT_ON_DEPLOYMENT =
  'needs a portal of its own (it serves and repoints remote builds): skipped against E2E_BASE_URL';

/**
 * An already running deployment (`E2E_BASE_URL`): its remote map as served, and whether it has the
 * development tools (`GET /_dev/outbox` answers 404 on a production api). Remotes cannot be served
 * or repointed on it: a test that tries is skipped with the reason.
 */
export async function connectToDeployment(baseUrl: string): Promise<Portal> {
  const url = baseUrl.replace(/\/+$/, '');
  const health = await fetch(`${url}/healthz`).catch((error: Error) => {
    throw new Error(`E2E_BASE_URL=${url} does not answer: ${error.message}`);
  });
  if (!health.ok) throw new Error(`E2E_BASE_URL=${url}: /healthz answered ${health.status}`);
  const remotes = (await (await fetch(`${url}/remotes.json`)).json()) as Record<Remote, string>;
  const probe = await fetch(`${url}/_dev/outbox?to=${encodeURIComponent('probe@example.com')}`);
  const refuse = (): never => {
    test.skip(true, NOT_ON_DEPLOYMENT);
    throw new Error(NOT_ON_DEPLOYMENT);
  };
  return {
    url,
    deployment: true,
    devTools: probe.status === 200,
    remotes,
    setRemote: refuse,
    serveRemote: async () => refuse(),
    async stop() {},
  };
}
