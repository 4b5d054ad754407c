#!/usr/bin/env node
// The scaled deployment on one machine (issue 16): Debian's PostgreSQL 15 (or DATABASE_URL), N api
// processes of api/dist on their own loopback ports sharing PORTAL_SECRET_KEY, and HAProxy in front
// (deploy/haproxy.cfg) with the remotes' builds behind it. `npm run start:cluster [-- --processes N]`
// runs it until Ctrl-C; the cluster test (api/src/cluster/) and `npm run bench -- --cluster` use
// `startCluster`. Everything it starts it stops, on Ctrl-C, on SIGTERM and when a start fails.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REMOTES = ['auth', 'workspace', 'billing', 'compute', 'support'];
const POSTGRES_BIN = '/usr/lib/postgresql/15/bin/postgres';
const HAPROXY_BIN = '/usr/sbin/haproxy';
const ROLE = { name: 'portal_cluster', password: 'portal-cluster' };

const isRoot = () => process.getuid?.() === 0;

function aptInstall(pkg, log) {
  log(`installing Debian ${pkg} (apt-get, as root)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  return spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env }).status === 0;
}

/**
 * Debian's PostgreSQL 15 running (installed with apt-get when missing, as root): null, or why not.
 * With `install: false` a missing server is a reason, not an installation (the tests' choice when
 * not root).
 */
export function ensurePostgres({ log = () => {}, install = true } = {}) {
  if (!existsSync(POSTGRES_BIN)) {
    if (!isRoot())
      return 'PostgreSQL 15 is not installed (apt-get install postgresql-15 as root), nor DATABASE_URL set';
    if (!install || !aptInstall('postgresql-15', log))
      return 'PostgreSQL 15 is not installed and apt-get could not install it';
  }
  if (!isRoot()) return 'starting Debian PostgreSQL needs root; set DATABASE_URL';
  try {
    execFileSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'pipe' });
  } catch {
    // running already (or the status below says why not)
  }
  try {
    psql('select 1');
  } catch (error) {
    return `PostgreSQL 15 did not start: ${String(error.message).split('\n')[0]}`;
  }
  return null;
}

/** HAProxy from Debian (installed when missing, as root): null, or why not. */
export function ensureHaproxy({ log = () => {}, install = true } = {}) {
  if (existsSync(HAPROXY_BIN)) return null;
  if (!isRoot()) return 'HAProxy is not installed (apt-get install haproxy as root)';
  if (!install || !aptInstall('haproxy', log))
    return 'HAProxy is not installed and apt-get could not install it';
  return null;
}

function psql(command, database = 'postgres') {
  return execFileSync(
    'su',
    [
      'postgres',
      '-c',
      `psql -X -q -t -A -v ON_ERROR_STOP=1 -d ${database} -c "${command.replaceAll('"', '\\"')}"`,
    ],
    { stdio: 'pipe', cwd: '/' },
  ).toString();
}

/**
 * A database of the local PostgreSQL 15 owned by the cluster's role. `created`: it did not exist
 * (so the caller seeds it). Names are ours only (`portal_cluster…`): nothing else is ever dropped.
 */
export function localDatabase(name) {
  if (!/^portal_cluster[a-z0-9_]*$/.test(name)) throw new Error(`not a cluster database name: ${name}`);
  psql(
    `do $$ begin if not exists (select from pg_roles where rolname = '${ROLE.name}') then create role ${ROLE.name} login password '${ROLE.password}'; end if; end $$`.replaceAll(
      '$',
      '\\$',
    ),
  );
  const exists = psql(`select 1 from pg_database where datname = '${name}'`).trim() === '1';
  if (!exists) psql(`create database ${name} owner ${ROLE.name}`);
  return {
    url: `postgres://${ROLE.name}:${ROLE.password}@127.0.0.1:5432/${name}`,
    created: !exists,
    drop: () => psql(`drop database if exists ${name} with (force)`),
  };
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The ports: the balancer on `port`, the remotes' static servers on the 5 after it, api i on port+10+i. */
export function clusterPorts(port, processes) {
  return {
    balancer: port,
    remotes: Object.fromEntries(REMOTES.map((name, i) => [name, port + 1 + i])),
    api: Array.from({ length: processes }, (_, i) => port + 10 + i),
  };
}

/** deploy/haproxy.cfg with its markers filled. */
export function haproxyConfig({ bind, api, remotes }) {
  const template = readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
  const servers = api.map((port, i) => `    server api${i + 1} 127.0.0.1:${port} check`).join('\n');
  const backends = Object.entries(remotes)
    .map(([name, port]) =>
      [
        `backend remote_${name}`,
        '    # the static server sends Cache-Control: immutable for content-hashed files, no-cache for',
        '    # mf-manifest.json / remoteEntry.js, and the .br / .gz twins by Accept-Encoding',
        `    http-request replace-path ^/remotes/${name}(/.*)$ \\1`,
        `    server static 127.0.0.1:${port}`,
      ].join('\n'),
    )
    .join('\n\n');
  return (
    template
      .split('\n')
      // a remote without a backend (the bench serves none) loses its routing line too
      .filter(
        (line) =>
          !/^ +use_backend remote_(\w+) /.exec(line) ||
          /^ +use_backend remote_(\w+) /.exec(line)[1] in remotes,
      )
      .join('\n')
      .replace(/^( +bind )\{\{BIND\}\}$/m, `$1${bind}`)
      .replace(/^\{\{API_SERVERS\}\}$/m, servers)
      .replace(/^\{\{REMOTE_BACKENDS\}\}$/m, backends)
  );
}

async function waitFor(check, { timeoutMs, what, failed }) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const why = failed?.();
    if (why) throw new Error(`${what}: ${why}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const healthy = (url) => fetch(`${url}/healthz`).then((r) => r.ok);

/**
 * Starts the cluster; resolves once the balancer answers through every process.
 * @param {{
 *   processes?: number, port?: number, ports?: ReturnType<typeof clusterPorts>,
 *   databaseUrl?: string, seed?: boolean, database?: string, dropDatabase?: boolean,
 *   nodeEnv?: string, env?: Record<string, string>, log?: (line: string) => void,
 *   output?: 'inherit' | 'capture', staticFiles?: boolean, drainS?: number,
 * }} options
 * `ports` (all of them, e.g. free ones for a test) replaces the layout from `port`. `databaseUrl`: a
 * PostgreSQL of one's own (migrated; demo data only with `seed`); else the local PostgreSQL 15's
 * database `database` (`portal_cluster…`), seeded when it is new, dropped at stop with `dropDatabase`.
 */
export async function startCluster(options = {}) {
  const {
    processes = 3,
    nodeEnv = 'production',
    env = {},
    log = () => {},
    output = 'capture',
    staticFiles = true,
    drainS = 2,
  } = options;
  const ports = options.ports ?? clusterPorts(options.port ?? 8080, processes);
  const port = ports.balancer;
  const url = `http://localhost:${port}`;
  const work = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
  const children = new Set();
  const servers = [];
  const logs = [];
  let stopped = false;
  const cleanups = [];

  const spawnLogged = (name, cmd, args, childEnv) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: childEnv ?? process.env,
      stdio: output === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    const lines = { name, text: '' };
    logs.push(lines);
    if (output !== 'inherit') {
      const keep = (d) => {
        lines.text = (lines.text + d).slice(-20_000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
    }
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };

  // the caller dying without calling stop (a test worker killed at its timeout) takes them along
  const killAll = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killAll);
    const exited = [...children].map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', resolve),
        ),
    );
    for (const child of children) child.kill('SIGTERM');
    // bounded: the api's drain, grace and close frames, then whatever is left is killed
    const force = setTimeout(
      () => {
        for (const child of children) child.kill('SIGKILL');
      },
      (drainS + 10) * 1000,
    );
    await Promise.all(exited);
    clearTimeout(force);
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    for (const cleanup of cleanups.reverse()) {
      try {
        cleanup();
      } catch (error) {
        log(`cleanup: ${error.message}`);
      }
    }
    rmSync(work, { recursive: true, force: true });
  };

  try {
    // 1. the database
    let databaseUrl = options.databaseUrl;
    let seed = options.seed ?? false;
    if (!databaseUrl) {
      const why = ensurePostgres({ log });
      if (why) throw new Error(why);
      const database = localDatabase(options.database ?? 'portal_cluster');
      databaseUrl = database.url;
      seed = database.created;
      if (options.dropDatabase) cleanups.push(database.drop);
    }
    const why = ensureHaproxy({ log });
    if (why) throw new Error(why);
    const secretKey =
      env.PORTAL_SECRET_KEY ?? process.env.PORTAL_SECRET_KEY ?? randomBytes(32).toString('base64url');
    const webhookSecret =
      env.PAYMENTS_SANDBOX_WEBHOOK_SECRET ??
      process.env.PAYMENTS_SANDBOX_WEBHOOK_SECRET ??
      `whsec_${randomBytes(24).toString('hex')}`;
    const remoteMap = Object.fromEntries(
      REMOTES.map((name) => [name, `${url}/remotes/${name}/mf-manifest.json`]),
    );
    const apiEnv = {
      ...process.env,
      NODE_ENV: nodeEnv,
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PGLITE_DIR: '',
      PORTAL_SECRET_KEY: secretKey,
      PAYMENTS_SANDBOX_WEBHOOK_SECRET: webhookSecret,
      PORTAL_PUBLIC_URL: url,
      PORTAL_REMOTES: JSON.stringify(remoteMap),
      PORTAL_REMOTES_FILE: '',
      TRUST_PROXY: '1',
      PORTAL_SHUTDOWN_DRAIN_S: String(drainS),
      PORTAL_SEED: '',
      // the demo cluster pays through the embedded sandbox unless the environment brings keys
      PAYMENTS_SANDBOX_IN_PRODUCTION: '1',
      ...env,
    };

    // 2. migrations (and the demo data on a new database) once, before any process starts
    log(seed ? 'migrating and seeding the demo data (new database)' : 'applying migrations');
    const once = spawnSync(
      process.execPath,
      [path.join(ROOT, seed ? 'api/dist/cli/seed.js' : 'api/dist/cli/migrate.js')],
      {
        cwd: ROOT,
        env: { ...apiEnv, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      },
    );
    if (once.status !== 0) throw new Error(`migrations failed:\n${once.stdout}${once.stderr}`);

    // 3. the remotes' builds, each on its own static server behind the balancer
    if (staticFiles) {
      const { startStaticServer } = await import('./static-server.mjs');
      for (const name of REMOTES) {
        servers.push(
          await startStaticServer({
            dir: path.join(ROOT, `remote-${name}/dist`),
            port: ports.remotes[name],
            host: '127.0.0.1',
            allowOrigin: [url, `http://127.0.0.1:${port}`],
          }),
        );
      }
    }

    // 4. the api processes
    const apis = ports.api.map((apiPort, i) => {
      const child = spawnLogged(`api${i + 1}`, process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
        ...apiEnv,
        PORT: String(apiPort),
      });
      return { name: `api${i + 1}`, port: apiPort, url: `http://127.0.0.1:${apiPort}`, child };
    });
    await Promise.all(
      apis.map((api) =>
        waitFor(() => healthy(api.url), {
          timeoutMs: 120_000,
          what: `${api.name} (port ${api.port})`,
          failed: () =>
            api.child.exitCode !== null
              ? `exited with ${api.child.exitCode}:\n${logs.find((l) => l.name === api.name)?.text ?? ''}`
              : null,
        }),
      ),
    );

    // 5. the balancer
    const configFile = path.join(work, 'haproxy.cfg');
    writeFileSync(
      configFile,
      haproxyConfig({ bind: `127.0.0.1:${port}`, api: ports.api, remotes: staticFiles ? ports.remotes : {} }),
    );
    const check = spawnSync(HAPROXY_BIN, ['-c', '-f', configFile], { encoding: 'utf8' });
    if (check.status !== 0)
      throw new Error(`haproxy -c refused the configuration:\n${check.stdout}${check.stderr}`);
    const haproxy = spawnLogged('haproxy', HAPROXY_BIN, ['-db', '-f', configFile]);
    await waitFor(() => healthy(`http://127.0.0.1:${port}`), {
      timeoutMs: 30_000,
      what: `HAProxy (port ${port})`,
      failed: () =>
        haproxy.exitCode !== null ? `exited with ${haproxy.exitCode}:\n${logs.at(-1)?.text}` : null,
    });

    return {
      url,
      ports,
      databaseUrl,
      webhookSecret,
      configFile,
      apis,
      haproxy,
      /** The captured output of a process (`output: 'capture'`). */
      logOf: (name) => logs.find((l) => l.name === name)?.text ?? '',
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * `npm run start:cluster [-- --processes N] [--port P] [--seed]` (portal.mjs builds first unless
 * --no-build). With DATABASE_URL that server's database is used (migrated; the demo data with --seed).
 */
export async function runCluster(args = process.argv.slice(2)) {
  const value = (flag, fallback) => {
    const at = args.indexOf(flag);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const processes = Number(value('--processes', '3'));
  const port = Number(value('--port', process.env.PORT || '8080'));
  if (!Number.isInteger(processes) || processes < 1 || processes > 16) {
    console.error('--processes: a whole number from 1 to 16');
    process.exit(2);
  }
  if (args.includes('--print-haproxy-config')) {
    const ports = clusterPorts(port, processes);
    process.stdout.write(haproxyConfig({ bind: `*:${port}`, api: ports.api, remotes: ports.remotes }));
    return;
  }
  const log = (line) => console.log(`[cluster] ${line}`);
  let cluster;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping (the api processes drain, then HAProxy and the static servers)');
    await cluster?.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const seed = args.includes('--seed');
  cluster = await startCluster({ processes, port, databaseUrl, seed, log, output: 'inherit' }).catch(
    (error) => {
      console.error(`[cluster] failed: ${error.message}`);
      process.exit(1);
    },
  );
  if (stopping) return;
  console.log(
    [
      '',
      `  Customer portal (HAProxy): ${cluster.url}`,
      '  Demo login: demo@example.com / Demo-Pass-2026',
      `  ${processes} api process(es): ${cluster.apis.map((a) => a.port).join(', ')} (127.0.0.1), PostgreSQL: ${cluster.databaseUrl.replace(/:[^:@/]+@/, ':***@')}`,
      `  Remotes behind the balancer at ${cluster.url}/remotes/<name>/ (static servers ${cluster.ports.remotes.auth}-${cluster.ports.remotes.support})`,
      `  HAProxy configuration: ${cluster.configFile}   Stop: Ctrl-C`,
      '',
    ].join('\n'),
  );
  // a process that dies is reported; the balancer sends its requests to the others
  for (const api of cluster.apis)
    api.child.once('exit', (code, signal) => {
      if (!stopping) log(`${api.name} exited (${code ?? signal}); HAProxy takes it out of rotation`);
    });
  cluster.haproxy.once('exit', (code) => {
    if (!stopping) {
      log(`HAProxy exited (${code}); stopping`);
      void shutdown();
    }
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runCluster();
