// Performance bench of the portal (npm run bench → pnpm --filter @portal/bench bench): what
// Module Federation costs compared with the same app built as one bundle. See bench/README.md.
//
//   node run.mjs [--no-build]
//
// 1. builds host and remotes in production (timed one by one), unless --no-build;
// 2. snapshots every dist into bench/.tmp/served (with the build's brotli / gzip twins) and
//    measures their emitted JS and each remote page's first chunk set (from mf-manifest.json);
// 3. builds the monolith baseline (bench/monolith) and measures its emitted JS;
// 4. serves both (brotli / gzip twins, history fallback, /remotes.json) on free ports of 127.0.0.1 and loads
//    /auth/login (the first screen of every customer: the bench has no session) in Chromium,
//    recording the JS downloaded until the login card's heading shows and the network is idle;
// 5. the compute rows (lib/compute.mjs) and time and memory under throttling, federated against the
//    monolith, both served by the api (lib/throttled.mjs), then the api's throughput (lib/api.mjs);
// 6. writes bench/results/latest.json and latest.md and prints the table.
// Exits 1 when a build or measurement fails, or a sanity check fails (page not rendered, React or
// react-dom not exactly once, JS not served from the builds). Missed aims are reported, not fatal.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH as CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { measureApi } from './lib/api.mjs';
import { buildApp, buildMonolith, clearBuildOverrides, killChildren } from './lib/build.mjs';
import { clusterSection, measureCluster } from './lib/cluster.mjs';
import { measureCompute, measureDashboardJs } from './lib/compute.mjs';
import { measureFloors } from './lib/floors.mjs';
import { measureFirstScreen } from './lib/measure.mjs';
import { measureQemu } from './lib/qemu.mjs';
import { apiSection, floorsSection, renderMarkdown } from './lib/report.mjs';
import { prepareServedCopy, startServer, stopServer } from './lib/serve.mjs';
import { emittedJs, firstChunkSets } from './lib/sizes.mjs';
import { measureThrottled } from './lib/throttled.mjs';

const ROUTE = '/auth/login';
const HEADING = 'Welcome';
/** the remote that renders ROUTE: the federated page must load its JS from there */
const PAGE_REMOTE = 'auth';
const MAX_OVERHEAD = 1.15;
const MAX_REMOTE_FIRST_CHUNK_GZIP = 50_000;
// 8 minutes until the throttled section (issue 14: 4x CPU, 1.6 Mbit/s, 5 runs of 4 loads) added
// about 4; the whole run takes about 7 to 10 minutes on 2 shared cores.
const WATCHDOG_MS = 15 * 60_000;

const benchDir = import.meta.dirname;
const rootDir = path.resolve(benchDir, '..');
const tmpDir = path.join(benchDir, '.tmp');
const resultsDir = path.join(benchDir, 'results');

const args = new Set(process.argv.slice(2));
const OPTIONS = ['--no-build', '--api', '--cluster', '--floors', '--first-screen', '--throttled'];
const unknown = [...args].filter((a) => !OPTIONS.includes(a));
if (unknown.length > 0) {
  console.error(
    `unknown option(s): ${unknown.join(' ')}\nusage: node run.mjs [--no-build] [--api] [--cluster] [--floors] [--first-screen [--throttled]]`,
  );
  process.exit(2);
}
const skipBuild = args.has('--no-build');
/** Only the api's throughput (bench/lib/api.mjs), from api/dist: results/api.{json,md}. */
const apiOnly = args.has('--api');
/** Only the cluster's throughput at 1, 2, 3 api processes (bench/lib/cluster.mjs): results/cluster.{json,md}. */
const clusterOnly = args.has('--cluster');
/** Only the floors (bench/lib/floors.mjs: two tiny builds, seconds): results/floors.{json,md}. */
const floorsOnly = args.has('--floors');
/** Only the first screens (login against the monolith, the signed-in Dashboard): results/first-screen.{json,md}. */
const firstScreenOnly = args.has('--first-screen');
/** With --first-screen: their time and memory under throttling too (step 7, about 3 more minutes). */
const throttledToo = args.has('--throttled');

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
let cleaningUp;
function cleanup() {
  cleaningUp ??= (async () => {
    killChildren();
    for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
  })();
  return cleaningUp;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}
setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} min, giving up`);
  void cleanup().finally(() => process.exit(1));
}, WATCHDOG_MS).unref();

const log = (msg) => console.log(`bench: ${msg}`);

function discoverApps() {
  const remotes = readdirSync(rootDir, { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() &&
        d.name.startsWith('remote-') &&
        existsSync(path.join(rootDir, d.name, 'exposes.json')),
    )
    .map((d) => {
      const dir = path.join(rootDir, d.name);
      return {
        name: d.name.slice('remote-'.length),
        dir,
        exposes: JSON.parse(readFileSync(path.join(dir, 'exposes.json'), 'utf8')),
      };
    });
  if (remotes.length === 0) throw new Error('no remote-*/exposes.json found');
  return { host: { name: 'host', dir: path.join(rootDir, 'host') }, remotes };
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: rootDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

async function main() {
  const started = performance.now();
  clearBuildOverrides();
  const { host, remotes } = discoverApps();
  const apps = [host, ...remotes];
  rmSync(tmpDir, { recursive: true, force: true });
  mkdirSync(tmpDir, { recursive: true });

  // 1. Federated builds, one at a time so that each time is its own.
  const build = { skipped: skipBuild, apps: {}, federatedMs: null, monolithMs: null };
  if (!skipBuild) {
    for (const app of apps) {
      log(`building ${app.name}…`);
      build.apps[app.name] = await buildApp(app);
    }
    build.federatedMs = Object.values(build.apps).reduce((a, b) => a + b, 0);
  }

  // 2. Snapshot every build (bench/.tmp/served/<app>, with the build's .br / .gz twins): everything below is measured
  // on the snapshot, so a rebuild running meanwhile cannot mix two builds into one figure.
  const snapshot = (name, dist) => {
    const dir = path.join(tmpDir, 'served', name);
    prepareServedCopy(dist, dir);
    return dir;
  };
  const snap = {};
  for (const app of apps) snap[app.name] = snapshot(app.name, path.join(app.dir, 'dist'));

  // 3. Emitted JS and remote first chunk sets.
  const emitted = { federated: {}, federatedTotal: { files: 0, raw: 0, gzip: 0 }, monolith: null };
  const remoteFirstChunkSets = {};
  for (const app of apps) {
    const e = emittedJs(snap[app.name]);
    emitted.federated[app.name] = e;
    emitted.federatedTotal.files += e.files;
    emitted.federatedTotal.raw += e.raw;
    emitted.federatedTotal.gzip += e.gzip;
  }
  for (const remote of remotes) remoteFirstChunkSets[remote.name] = firstChunkSets(snap[remote.name]);

  // 4. Monolith baseline.
  log('building the monolith baseline…');
  const mono = await buildMonolith({
    remotes,
    outDir: path.join(tmpDir, 'monolith-dist'),
    pagesModule: path.join(tmpDir, 'remote-pages.generated.js'),
  });
  build.monolithMs = mono.ms;
  snap.monolith = snapshot('monolith', path.join(tmpDir, 'monolith-dist'));
  emitted.monolith = emittedJs(snap.monolith);
  // 4b. The floors: a bare login form on the required libraries, the federation runtime alone.
  log('building the floors…');
  const floors = await measureFloors({ tmpDir });

  // 5. Serve both variants on free ports and load the route in Chromium.
  log('serving and loading the first screen in Chromium…');
  const serve = async (name, options = {}) => {
    const { server, origin } = await startServer({ dir: snap[name], ...options });
    cleanups.push(() => stopServer(server));
    return origin;
  };
  const fedOrigins = {};
  const remoteMap = {};
  for (const remote of remotes) {
    const origin = await serve(remote.name);
    fedOrigins[origin] = { name: remote.name, dist: snap[remote.name] };
    remoteMap[remote.name] = `${origin}/mf-manifest.json`;
  }
  const fedHost = await serve('host', { spa: true, remotes: remoteMap });
  fedOrigins[fedHost] = { name: 'host', dist: snap.host };
  const dummyMap = Object.fromEntries(
    remotes.map((r) => [r.name, `http://127.0.0.1:9/${r.name}/mf-manifest.json`]),
  );
  const monoHost = await serve('monolith', { spa: true, remotes: dummyMap });
  const monoOrigins = { [monoHost]: { name: 'monolith', dist: snap.monolith } };

  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found (set CHROMIUM_PATH)`);
  // Signals are handled by the bench (cleanup() closes the browser and waits for it), not playwright.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  cleanups.push(() => browser.close());
  const firstScreen = {
    federated: await measureFirstScreen({
      browser,
      url: `${fedHost}${ROUTE}`,
      heading: HEADING,
      origins: fedOrigins,
    }),
    monolith: await measureFirstScreen({
      browser,
      url: `${monoHost}${ROUTE}`,
      heading: HEADING,
      origins: monoOrigins,
    }),
  };
  // 5b. Compute rows: the Dashboard with 500 instances and the instances query, against the real api.
  let compute = null;
  let computeSkipped = null;
  if (existsSync(path.join(rootDir, 'api/dist/main.js'))) {
    log(`compute: the Dashboard and the instances query at 500 instances…`);
    compute = await measureCompute({ browser, rootDir, hostDist: snap.host, remoteMap });
    // the same Dashboard's JavaScript as one bundle (issue 14's 370 kB, against the same code)
    compute.firstScreenJs.dashboardMonolith = await measureDashboardJs({
      browser,
      rootDir,
      hostDist: snap.monolith,
      remoteMap: dummyMap,
    });
  } else computeSkipped = 'api/dist/main.js not built (run `pnpm --filter @portal/api build`)';
  // 5c. Time and memory under throttling, federated and monolith, both served by the api.
  let throttled = null;
  if (compute && (!firstScreenOnly || throttledToo)) {
    log('time and memory under throttling (4x CPU, 1.6 Mbit/s, 150 ms RTT), federated and monolith…');
    throttled = await measureThrottled({
      browser,
      rootDir,
      builds: {
        federated: { hostDist: snap.host, remoteMap },
        monolith: { hostDist: snap.monolith, remoteMap: dummyMap },
      },
      log,
    });
  }
  await cleanup();
  // 5d. The api's throughput, PGlite and PostgreSQL (when this machine has it).
  const more = compute && !firstScreenOnly;
  const api = more ? await measureApi({ rootDir, log }) : null;
  // 5e. The QEMU driver: boot time to shell, RSS and power-off of real VMs (skipped with the reason
  // where qemu cannot run).
  const qemu = more ? await measureQemu({ rootDir, log }) : null;
  // 5f. The cluster (issue 16): allWorkspaces through HAProxy at 1, 2 and 3 api processes on
  // PostgreSQL (skipped with the reason without PostgreSQL or HAProxy).
  const cluster = more ? await measureCluster({ log }) : null;

  // 6. Ratios, aims, checks.
  const ratio = (a, b) => (b > 0 ? a / b : null);
  const fed = firstScreen.federated;
  const mon = firstScreen.monolith;
  const ratios = {
    firstScreenTransfer: ratio(fed.js.transfer, mon.js.transfer),
    firstScreenDecoded: ratio(fed.js.decoded, mon.js.decoded),
    emittedRaw: ratio(emitted.federatedTotal.raw, emitted.monolith.raw),
    emittedGzip: ratio(emitted.federatedTotal.gzip, emitted.monolith.gzip),
  };
  const once = (v) => Object.values(v.carriers).every((list) => list.length === 1);
  const largestChunk = Object.entries(remoteFirstChunkSets).reduce(
    (best, [name, f]) =>
      f.largest.gzip > best.value ? { value: f.largest.gzip, where: `${name}/${f.largest.page}` } : best,
    { value: 0, where: '' },
  );
  const aims = [
    {
      id: 'transfer',
      name: 'first-screen JS transfer ≤ 1.15x monolith',
      value: ratios.firstScreenTransfer,
      met: ratios.firstScreenTransfer !== null && ratios.firstScreenTransfer <= MAX_OVERHEAD,
    },
    {
      id: 'decoded',
      name: 'first-screen JS decoded ≤ 1.15x monolith',
      value: ratios.firstScreenDecoded,
      met: ratios.firstScreenDecoded !== null && ratios.firstScreenDecoded <= MAX_OVERHEAD,
    },
    { id: 'reactOnce', name: 'React and react-dom downloaded once', value: fed.carriers, met: once(fed) },
    {
      id: 'remoteChunk',
      name: 'no remote first chunk set over 50 kB gzip',
      ...largestChunk,
      met: largestChunk.value <= MAX_REMOTE_FIRST_CHUNK_GZIP,
    },
  ];
  if (throttled) {
    // the bytes' 1.15x, applied to the times as a yardstick (bench/README.md, step 7)
    for (const [id, name] of [
      ['loginInteractive', 'login form interactive, throttled, ≤ 1.15x monolith'],
      ['dashboardRows', 'Dashboard rows painted after sign-in, throttled, ≤ 1.15x monolith'],
    ]) {
      const value = throttled.ratios[id];
      aims.push({ id, name, value, met: value <= MAX_OVERHEAD });
    }
  }
  const checks = [];
  const check = (name, ok, detail = '') => checks.push({ name, ok: Boolean(ok), detail: ok ? '' : detail });
  for (const [variant, v] of Object.entries(firstScreen)) {
    check(
      `${variant}: ${HEADING} heading rendered`,
      v.rendered && !v.fallbackShown,
      `main shows: ${JSON.stringify(v.mainText)}`,
    );
    check(`${variant}: React / react-dom once`, once(v), JSON.stringify(v.carriers));
    check(`${variant}: no failed JS response`, v.js.failed.length === 0, v.js.failed.join(', '));
    check(
      `${variant}: JS served compressed (brotli or gzip)`,
      v.js.uncompressed.length === 0,
      v.js.uncompressed.join(', '),
    );
    check(
      `${variant}: every JS response is a file of the build`,
      v.js.unmatched.length === 0,
      v.js.unmatched.join(', '),
    );
    check(`${variant}: no uncaught page error`, v.pageErrors.length === 0, v.pageErrors.join(' | '));
  }
  check(
    `federated: ${PAGE_REMOTE} JS loaded from the ${PAGE_REMOTE} remote`,
    (fed.byApp[PAGE_REMOTE]?.requests ?? 0) > 0,
    `no JS from ${PAGE_REMOTE}`,
  );
  check(
    'monolith: one origin only',
    Object.keys(mon.byApp).every((a) => a === 'monolith'),
    JSON.stringify(Object.keys(mon.byApp)),
  );
  check(
    'monolith: no federation runtime loaded',
    !Object.keys(mon.packageBytes).some((p) => p.startsWith('@module-federation/')),
    Object.keys(mon.packageBytes)
      .filter((p) => p.startsWith('@module-federation/'))
      .join(', '),
  );

  if (compute) {
    check(
      'compute: the Dashboard paints one page (50 rows) of 500',
      compute.firstRows.rowsPainted === 50,
      `${compute.firstRows.rowsPainted} rows`,
    );
    check('compute: every api request answered', compute.api.failed === 0, `${compute.api.failed} failed`);
  }
  if (throttled) {
    for (const [variant, runs] of Object.entries(throttled.details)) {
      check(
        `throttled, ${variant}: a character typed into the login form's e-mail field is kept`,
        runs.some((run) => run.typed === true),
        'not typed',
      );
      check(
        `throttled, ${variant}: the Dashboard paints one page (50 rows) in every run`,
        runs.every((run) => run.rows === 50),
        runs.map((run) => run.rows).join(', '),
      );
      check(
        `throttled, ${variant}: no uncaught page error`,
        runs.every((run) => run.pageErrors.length === 0),
        runs.flatMap((run) => run.pageErrors).join(' | '),
      );
    }
  }

  const results = {
    timestamp: new Date().toISOString(),
    node: process.version,
    cpus: os.availableParallelism(),
    commit: gitCommit(),
    route: ROUTE,
    durationMs: Math.round(performance.now() - started),
    build,
    emitted,
    remoteFirstChunkSets,
    firstScreen,
    floors,
    ratios,
    aims,
    checks,
    compute,
    computeSkipped,
    throttled,
    api,
    qemu,
    cluster,
    ok: checks.every((c) => c.ok),
  };
  const markdown = renderMarkdown(results);
  mkdirSync(resultsDir, { recursive: true });
  const name = firstScreenOnly ? 'first-screen' : 'latest';
  writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, `${name}.md`), markdown);
  console.log(`\n${markdown}`);
  log(`results in ${path.relative(rootDir, resultsDir)}/${name}.{json,md}`);
  return results.ok ? 0 : 1;
}

/**
 * Writes one section's results alone (`results/<name>.{json,md}`) and prints its markdown.
 * @param {string} name
 * @param {string} title
 * @param {object} figures
 * @param {string[]} section the section's markdown lines
 */
function writeSectionResults(name, title, figures, section) {
  const results = {
    timestamp: new Date().toISOString(),
    node: process.version,
    cpus: os.availableParallelism(),
    commit: gitCommit(),
    ...figures,
  };
  const markdown = `## Portal bench: ${title}\n\n${results.timestamp} · Node ${results.node} · ${results.cpus} CPUs · commit ${results.commit?.slice(0, 12) ?? 'unknown'}\n\n${section.join('\n')}\n`;
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, `${name}.md`), markdown);
  console.log(`\n${markdown}`);
  log(`results in ${path.relative(rootDir, resultsDir)}/${name}.{json,md}`);
}

function requireApiBuild() {
  if (!existsSync(path.join(rootDir, 'api/dist/main.js')))
    throw new Error('api/dist/main.js not built (run `pnpm --filter @portal/api build`)');
}

/** `--api`: the api section alone, against api/dist (build it first). */
async function mainApi() {
  requireApiBuild();
  const api = await measureApi({ rootDir, log });
  writeSectionResults('api', 'the api', { api }, apiSection(api));
  return api.results.every((r) => r.allWorkspaces.failed + r.session.failed + r.trivial.failed === 0) ? 0 : 1;
}

/** `--floors`: the two floor builds alone. */
async function mainFloors() {
  const floors = await measureFloors({ tmpDir });
  writeSectionResults('floors', 'the floors', { floors }, floorsSection(floors));
  return 0;
}

/** `--cluster`: HAProxy, PostgreSQL and 1-3 api processes of api/dist (build it first). */
async function mainCluster() {
  requireApiBuild();
  const cluster = await measureCluster({ log });
  writeSectionResults('cluster', 'the cluster', { cluster }, clusterSection(cluster));
  return cluster.skipped || cluster.rows.every((r) => r.failed === 0) ? 0 : 1;
}

let code = 1;
try {
  code = clusterOnly
    ? await mainCluster()
    : apiOnly
      ? await mainApi()
      : floorsOnly
        ? await mainFloors()
        : await main();
} catch (error) {
  console.error(`bench failed: ${error?.stack ?? error}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
