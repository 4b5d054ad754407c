#!/usr/bin/env node
// The root commands (`npm start`, `npm test`, `npm run bench`) on a fresh machine with only Node:
// installs the pinned pnpm and the dependencies when missing, then builds, tests or runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PNPM_VERSION = '10.34.8';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2];

function log(message) {
  console.log(`\n[portal] ${message}`);
}

function run(cmd, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`[portal] failed: ${cmd} ${args.join(' ')} (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  return (Date.now() - started) / 1000;
}

function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ['pnpm'];
  log(`installing pnpm ${PNPM_VERSION}`);
  const install = spawnSync('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' });
  if (
    install.status === 0 &&
    spawnSync('pnpm', ['--version'], { encoding: 'utf8' }).stdout?.trim() === PNPM_VERSION
  ) {
    return ['pnpm'];
  }
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

const [pnpmBin, ...pnpmPrefix] = pnpmCommand();
const pnpm = (args, options) => run(pnpmBin, [...pnpmPrefix, ...args], options);

function ensureDependencies() {
  const marker = path.join(root, 'node_modules/.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing dependencies');
  pnpm(['install', '--frozen-lockfile']);
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    console.error(
      "[portal] /usr/bin/chromium is missing: install Debian's chromium (apt-get install chromium)",
    );
    process.exit(1);
  }
  log('installing Debian chromium for the end-to-end tests');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const buildApps = () =>
  pnpm([
    '-r',
    '--workspace-concurrency=2',
    '--filter',
    './host',
    '--filter',
    './remote-*',
    '--filter',
    '@portal/api',
    'run',
    'build',
  ]);

async function start() {
  ensureDependencies();
  // `--no-build`: serve the builds as they are (e.g. a QA run against a portal started separately)
  if (!process.argv.includes('--no-build')) {
    log('building the portal (host, five remotes, api)');
    const seconds = buildApps();
    log(`built in ${seconds.toFixed(0)} s`);
  }
  const { startStaticServer } = await import('./static-server.mjs');
  const { PORTS } = await import('../shared/build/federation.mjs');
  const host = process.env.HOST || '127.0.0.1';
  const port = process.env.PORT || PORTS.host;
  const portal = `http://localhost:${port}`;
  const allowOrigin = [portal, `http://127.0.0.1:${port}`];
  // the remotes on the five ports after the portal's (8081-8085), the releases on the next
  const releases = await import('./release.mjs');
  const ports = releases.portalPorts({ ...process.env, PORT: String(port) });
  for (const remote of ['auth', 'workspace', 'billing', 'compute', 'support']) {
    const dir = path.join(root, `remote-${remote}/dist`);
    await startStaticServer({ dir, port: ports.remotes[remote], host, allowOrigin });
  }
  // released versions (`npm run release`), served as deployed; the live map is a file the api
  // re-reads on every /remotes.json, so `npm run release:promote` / `release:rollback` switch a
  // remote without a restart (README, "Releasing a remote")
  const releaseConfig = releases.releaseConfig({ ...process.env, PORT: String(port) });
  mkdirSync(releaseConfig.dir, { recursive: true });
  await startStaticServer({ dir: releaseConfig.dir, port: ports.releases, host, allowOrigin });
  const liveMap = {};
  if (!process.env.PORTAL_REMOTES_FILE && !process.env.PORTAL_REMOTES) {
    if (!existsSync(releaseConfig.remotesFile))
      releases.writeLiveMap(releaseConfig, releases.readLiveMap(releaseConfig));
    liveMap.PORTAL_REMOTES_FILE = releaseConfig.remotesFile;
  }
  const api = spawn(process.execPath, ['api/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    // the demo pays through the embedded sandbox (no payment provider is reachable from here)
    env: {
      PORTAL_SEED: 'demo',
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX_IN_PRODUCTION: '1',
      ...liveMap,
      ...process.env,
    },
  });
  const stop = (signal) => {
    api.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  api.on('exit', (code) => process.exit(code ?? 0));
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${portal}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(
    [
      '',
      `  Customer portal: ${portal}`,
      '  Demo login: demo@example.com / Demo-Pass-2026',
      '  Also: totp@example.com (2FA; TOTP secret JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP), unverified@example.com',
      '  E-mails and SMS codes are printed in this log (outbox).',
      `  Remotes: ports ${ports.remotes.auth}-${ports.remotes.support}, releases ${ports.releases}`,
      `  Live remote map: ${liveMap.PORTAL_REMOTES_FILE ?? 'PORTAL_REMOTES(_FILE) from the environment'}   Stop: Ctrl-C`,
      '',
    ].join('\n'),
  );
}

async function test() {
  ensureDependencies();
  ensureChromium();
  const times = {};
  log('typecheck');
  times.typecheck = pnpm(['-r', '--workspace-concurrency=2', 'run', 'typecheck']);
  log('lint and format (biome)');
  times.lint = pnpm(['exec', 'biome', 'ci', '.']);
  log('dependency rules (dependency-cruiser, .dependency-cruiser.cjs)');
  times.deps = pnpm(['run', 'deps']);
  log('unit and integration tests of every package');
  times.unit = pnpm(['-r', '--workspace-concurrency=1', 'run', 'test']);
  // issue 16: the api's tests once more on PostgreSQL 15 (a subset covering every repository and
  // migration, api/vitest.postgres.config.ts), then the cluster test on the production build
  const { ensureHaproxy, ensurePostgres } = await import('./cluster.mjs');
  const postgres = process.env.PORTAL_TEST_DATABASE_URL ? null : ensurePostgres({ log });
  if (postgres) log(`api tests on PostgreSQL SKIPPED: ${postgres}`);
  else {
    log('api tests on PostgreSQL 15 (a new database per file)');
    times.postgres = pnpm(['--filter', '@portal/api', 'run', 'test:postgres']);
  }
  log('production build');
  times.build = buildApps();
  const haproxy = postgres ?? ensureHaproxy({ log });
  if (haproxy) log(`cluster test SKIPPED: ${haproxy}`);
  else {
    log('cluster test (PostgreSQL, three api processes, HAProxy)');
    times.cluster = pnpm(['--filter', '@portal/api', 'run', 'test:cluster']);
  }
  log('end-to-end suites (Playwright, Chromium, production build, real api)');
  times.e2e = pnpm(['--filter', '@portal/e2e', 'run', 'e2e']);
  log('QA mode: two suites against a portal started separately (E2E_BASE_URL)');
  times.qa = await againstDeployment(['tests/remote-in-host.spec.ts', 'tests/identity/login.spec.ts']);
  log(
    `done: ${Object.entries(times)
      .map(([k, v]) => `${k} ${v.toFixed(0)} s`)
      .join(', ')}`,
  );
}

/**
 * Starts a portal as `npm start --no-build` would (its own port, an in-memory database, a temporary
 * releases folder), runs suites against it with E2E_BASE_URL, and stops it.
 */
async function againstDeployment(files) {
  const started = Date.now();
  const port = Number(process.env.PORTAL_E2E_PORT || 9280) + 100;
  const releasesDir = mkdtempSync(path.join(tmpdir(), 'portal-qa-'));
  const portal = spawn(process.execPath, [path.join(root, 'scripts/portal.mjs'), 'start', '--no-build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: 'test',
      PGLITE_DIR: 'memory://',
      PORTAL_RELEASES_DIR: releasesDir,
      PORTAL_RATE_LIMIT_SCALE: '10',
      LOG_LEVEL: 'warn',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  let failed = '';
  try {
    for (let i = 0; i < 240; i++) {
      if (portal.exitCode !== null) throw new Error(`the portal exited with ${portal.exitCode}`);
      const remotes = await fetch(`${url}/remotes.json`).then(
        (r) => r.ok,
        () => false,
      );
      if (remotes) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const suites = spawnSync(
      pnpmBin,
      [...pnpmPrefix, '--filter', '@portal/e2e', 'exec', 'playwright', 'test', ...files],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: url, E2E_REPORT_DIR: 'playwright-report/deployment' },
      },
    );
    if (suites.status !== 0) failed = `suites against ${url} failed (exit ${suites.status ?? suites.signal})`;
  } finally {
    portal.kill('SIGTERM');
    await new Promise((resolve) => (portal.exitCode !== null ? resolve() : portal.once('exit', resolve)));
    rmSync(releasesDir, { recursive: true, force: true });
  }
  if (failed) {
    console.error(`[portal] failed: ${failed}`);
    process.exit(1);
  }
  return (Date.now() - started) / 1000;
}

function bench() {
  ensureDependencies();
  ensureChromium();
  pnpm(['--filter', '@portal/bench', 'run', 'bench', ...process.argv.slice(3)]);
}

switch (command) {
  case 'start':
    await start();
    break;
  case 'test':
    await test();
    break;
  case 'qa': {
    // suites (default: the two of npm test) against a portal started separately
    const files = process.argv.slice(3);
    const seconds = await againstDeployment(
      files.length ? files : ['tests/remote-in-host.spec.ts', 'tests/identity/login.spec.ts'],
    );
    log(`done in ${seconds.toFixed(0)} s`);
    break;
  }
  case 'bench':
    bench();
    break;
  case 'cluster': {
    // several api processes on PostgreSQL behind HAProxy (scripts/cluster.mjs, deploy/README.md)
    ensureDependencies();
    if (!process.argv.includes('--no-build')) {
      log('building the portal (host, five remotes, api)');
      buildApps();
    }
    const { runCluster } = await import('./cluster.mjs');
    await runCluster(process.argv.slice(3).filter((a) => a !== '--no-build'));
    break;
  }
  default:
    console.error(
      'usage: node scripts/portal.mjs start [--no-build]|cluster [--processes N] [--port P] [--no-build]|test|qa [e2e test files]|bench',
    );
    process.exit(2);
}
