// The markdown report of a bench run (printed, and written to bench/results/latest.md).
import { API_AIMS } from './api.mjs';
import { clusterSection } from './cluster.mjs';
import { kB, packageOf } from './files.mjs';
import { qemuSection } from './qemu.mjs';

const x = (ratio) => (ratio == null ? '–' : `${ratio.toFixed(2)}x`);
const s = (ms) => (ms == null ? '–' : `${(ms / 1000).toFixed(1)} s`);
const mark = (ok) => (ok ? '✅' : '❌');
const row = (cells) => `| ${cells.join(' | ')} |`;

/** @param {any} r the results object of run.mjs */
export function renderMarkdown(r) {
  const fed = r.firstScreen.federated;
  const mono = r.firstScreen.monolith;
  const aim = Object.fromEntries(r.aims.map((a) => [a.id, a]));
  const lines = [];
  lines.push(
    `## Portal bench: ${r.route}`,
    '',
    `${r.timestamp} · Node ${r.node} · ${r.cpus} CPUs · commit ${r.commit ? r.commit.slice(0, 12) : 'unknown'} · ` +
      `run ${s(r.durationMs)}${r.build.skipped ? ' · federated builds skipped (--no-build)' : ''}`,
    '',
    row(['Figure', 'Federated', 'Monolith', 'Ratio', 'Aim']),
    row(['---', '---:', '---:', '---:', '---']),
    row([
      'First-screen JS, transfer (as served: brotli)',
      `${kB(fed.js.transfer)} (${fed.js.requests} req)`,
      `${kB(mono.js.transfer)} (${mono.js.requests} req)`,
      x(r.ratios.firstScreenTransfer),
      `≤ 1.15x ${mark(aim.transfer.met)}`,
    ]),
    row([
      'First-screen JS, decoded',
      kB(fed.js.decoded),
      kB(mono.js.decoded),
      x(r.ratios.firstScreenDecoded),
      `≤ 1.15x ${mark(aim.decoded.met)}`,
    ]),
    row([
      'Responses carrying react / react-dom / react-dom client',
      carriers(fed),
      carriers(mono),
      '',
      `1 / 1 / 1 ${mark(aim.reactOnce.met)}`,
    ]),
    row([
      'Library modules in more than one response (extra copies, decoded)',
      `${fed.duplicates.length} (${kB(fed.duplicateBytes)})`,
      `${mono.duplicates.length} (${kB(mono.duplicateBytes)})`,
      '',
      '',
    ]),
    row([
      'Emitted JS, raw',
      kB(r.emitted.federatedTotal.raw),
      kB(r.emitted.monolith.raw),
      x(r.ratios.emittedRaw),
      '',
    ]),
    row([
      'Emitted JS, gzip -9',
      kB(r.emitted.federatedTotal.gzip),
      kB(r.emitted.monolith.gzip),
      x(r.ratios.emittedGzip),
      '',
    ]),
    row([
      'Largest remote first chunk set, gzip',
      `${kB(aim.remoteChunk.value)} (${aim.remoteChunk.where})`,
      '–',
      '',
      `≤ 50.0 kB ${mark(aim.remoteChunk.met)}`,
    ]),
    row([
      'Build time',
      r.build.skipped ? 'skipped' : `${s(r.build.federatedMs)} (${Object.keys(r.build.apps).length} builds)`,
      s(r.build.monolithMs),
      '',
      '',
    ]),
    '',
    row([
      'App',
      'Build',
      'JS files',
      'Emitted raw',
      'Emitted gzip',
      'First chunk set gzip (largest page)',
      'First screen (req, transfer)',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:']),
  );
  for (const [name, e] of Object.entries(r.emitted.federated)) {
    const fcs = r.remoteFirstChunkSets[name];
    const shown = fed.byApp[name];
    lines.push(
      row([
        name,
        s(r.build.apps[name]),
        String(e.files),
        kB(e.raw),
        kB(e.gzip),
        fcs ? `${kB(fcs.largest.gzip)} (${fcs.largest.page})` : '–',
        shown ? `${shown.requests}, ${kB(shown.transfer)}` : '0',
      ]),
    );
  }
  lines.push(
    row([
      'monolith',
      s(r.build.monolithMs),
      String(r.emitted.monolith.files),
      kB(r.emitted.monolith.raw),
      kB(r.emitted.monolith.gzip),
      '–',
      `${mono.js.requests}, ${kB(mono.js.transfer)}`,
    ]),
  );
  lines.push('', 'First-screen decoded JS by package (from source maps), largest differences:', '');
  lines.push(row(['Package', 'Federated', 'Monolith', 'Difference']), row(['---', '---:', '---:', '---:']));
  for (const [pkg, f, m] of packageDifferences(fed, mono, 12))
    lines.push(row([pkg, kB(f), kB(m), signed(f - m)]));
  lines.push('', 'Largest first-screen JS responses, federated:', '');
  lines.push(row(['Response', 'Transfer', 'Decoded']), row(['---', '---:', '---:']));
  for (const resp of topResponses(fed, 8))
    lines.push(row([`${resp.app} ${resp.path}`, kB(resp.transfer), kB(resp.decoded)]));
  if (fed.duplicates.length > 0) {
    lines.push('', `Library modules downloaded more than once (federated, ${fed.duplicates.length}):`, '');
    for (const group of groupDuplicates(fed.duplicates)) lines.push(`- ${group}`);
  }
  const failed = r.checks.filter((c) => !c.ok);
  lines.push(
    '',
    failed.length === 0
      ? 'All checks passed.'
      : `Failed checks: ${failed.map((c) => `${c.name} (${c.detail})`).join('; ')}`,
  );
  if (r.floors)
    lines.push('', ...floorsSection(r.floors, { federated: fed.js.transfer, monolith: mono.js.transfer }));
  if (r.compute) lines.push('', ...computeSection(r.compute));
  else if (r.computeSkipped) lines.push('', `Compute rows skipped: ${r.computeSkipped}`);
  if (r.throttled) lines.push('', ...throttledSection(r.throttled));
  if (r.cluster) lines.push('', ...clusterSection(r.cluster));
  if (r.qemu) lines.push('', ...qemuSection(r.qemu));
  if (r.api) lines.push('', ...apiSection(r.api));
  return `${lines.join('\n')}\n`;
}

function carriers(variant) {
  const c = variant.carriers;
  return `${c.react.length} / ${c['react-dom'].length} / ${c['react-dom/client'].length}`;
}

const signed = (bytes) => `${bytes >= 0 ? '+' : '−'}${kB(Math.abs(bytes))}`;

/** [package, federated bytes, monolith bytes], the n largest differences first. */
function packageDifferences(fed, mono, n) {
  const names = new Set([...Object.keys(fed.packageBytes), ...Object.keys(mono.packageBytes)]);
  return [...names]
    .map((pkg) => [pkg, fed.packageBytes[pkg] ?? 0, mono.packageBytes[pkg] ?? 0])
    .sort((a, b) => Math.abs(b[1] - b[2]) - Math.abs(a[1] - a[2]))
    .slice(0, n);
}

function topResponses(variant, n) {
  return variant.responses
    .filter((r) => r.js)
    .sort((a, b) => b.transfer - a.transfer)
    .slice(0, n);
}

/** Duplicated modules grouped by package: "@module-federation/sdk: 17 file(s), 41.0 kB extra, in host:/…, compute:/…". */
function groupDuplicates(duplicates) {
  const groups = new Map();
  for (const d of duplicates) {
    const pkg = packageOf(d.module);
    const g = groups.get(pkg) ?? { files: 0, bytes: 0, where: new Set() };
    g.files++;
    g.bytes += d.extraBytes;
    for (const w of d.responses) g.where.add(w);
    groups.set(pkg, g);
  }
  return [...groups]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([pkg, g]) => `${pkg}: ${g.files} file(s), ${kB(g.bytes)} extra, in ${[...g.where].join(', ')}`);
}

/** The compute rows (bench/lib/compute.mjs): medians of the runs, ratios from the same run. */
function computeSection(c) {
  const ms = (v) => `${v.toFixed(0)} ms`;
  return [
    `### Compute: ${c.instances} instances`,
    '',
    row(['Figure', 'Value', 'Against (same run)', 'Ratio']),
    row(['---', '---:', '---:', '---:']),
    row([
      `Dashboard, first rows painted (median of ${c.runs}; ${c.firstRows.rowsPainted} rows on the first page)`,
      ms(c.firstRows.dashboardMs),
      `login page ${ms(c.firstRows.loginMs)}`,
      x(c.firstRows.ratio),
    ]),
    ...(c.firstScreenJs
      ? [
          row([
            'Dashboard signed in, first-screen JS transfer (as served; aim ≤ 370.0 kB)',
            `${kB(c.firstScreenJs.dashboard.transfer)} (${c.firstScreenJs.dashboard.requests} req) ${c.firstScreenJs.dashboard.transfer <= 370_000 ? '✅' : '❌'}`,
            `login page ${kB(c.firstScreenJs.login.transfer)} (${c.firstScreenJs.login.requests} req)`,
            x(c.firstScreenJs.dashboard.transfer / Math.max(c.firstScreenJs.login.transfer, 1)),
          ]),
        ]
      : []),
    ...(c.firstScreenJs?.dashboardMonolith
      ? [
          row([
            'The same Dashboard built as one bundle (the monolith host, same api and data; one load after a warm-up)',
            `${kB(c.firstScreenJs.dashboardMonolith.transfer)} (${c.firstScreenJs.dashboardMonolith.requests} req)`,
            `federated ${kB(c.firstScreenJs.dashboard.transfer)}`,
            x(c.firstScreenJs.dashboard.transfer / Math.max(c.firstScreenJs.dashboardMonolith.transfer, 1)),
          ]),
        ]
      : []),
    row([
      `\`instances\` query, p99 on the api (autocannon, 4 connections, 8 s; ${c.api.instancesRps.toFixed(0)} req/s)`,
      ms(c.api.instancesP99Ms),
      `\`{ __typename }\` ${ms(c.api.trivialP99Ms)} (${c.api.trivialRps.toFixed(0)} req/s)`,
      x(c.api.ratio),
    ]),
  ];
}

/**
 * The floors (bench/lib/floors.mjs): what a bare login form on the required libraries and the
 * federation runtime alone weigh, against issue 14's aims; with `firstScreen` (this run's login
 * page, transfer as served), what the runtime alone does to the 1.15x aim.
 * @param {object} f
 * @param {{ federated: number, monolith: number }} [firstScreen]
 */
export function floorsSection(f, firstScreen) {
  const { loginForm: form, federationRuntime: runtime } = f;
  const both = { brotli: form.brotli + runtime.total.brotli, gzip: form.gzip + runtime.total.gzip };
  const lines = [
    '### Floors: what the first-screen aims leave room for (issue 14)',
    '',
    row(["Build (apps' loader, minifier and federation settings)", 'Scripts', 'Brotli 11', 'Gzip 9']),
    row(['---', '---:', '---:', '---:']),
    row([
      'A bare login form on the required libraries (React, the router, Fluent, i18next, react-final-form), one bundle',
      String(form.files),
      kB(form.brotli),
      kB(form.gzip),
    ]),
    row([
      "The federation runtime alone: a host's main.js and one remote's entry, sharing React only",
      String(runtime.total.files),
      kB(runtime.total.brotli),
      kB(runtime.total.gzip),
    ]),
    row(['Both: a federated bare login form', '', kB(both.brotli), kB(both.gzip)]),
    ...(f.containerV1Runtime
      ? [
          row([
            "For comparison, the same host and remote on rspack's built-in container plugin (`ModuleFederationPluginV1`, webpack 5's runtime; its remote declared at build time here, no manifest, no runtime plugins)",
            String(f.containerV1Runtime.total.files),
            kB(f.containerV1Runtime.total.brotli),
            kB(f.containerV1Runtime.total.gzip),
          ]),
        ]
      : []),
    '',
    `A federated bare login form leaves ${kB(200_000 - both.gzip)} of the 200 kB (gzip) aim for everything else the login page renders.`,
  ];
  if (firstScreen)
    lines.push(
      '',
      `The runtime alone is ${((runtime.total.brotli / firstScreen.monolith) * 100).toFixed(1)} % of this run's one-bundle login page (${kB(firstScreen.monolith)}): with nothing else federated it would be ${x((firstScreen.monolith + runtime.total.brotli) / firstScreen.monolith)} (aim ≤ 1.15x; the one-bundle build's own runtime, a few kB, not subtracted); this run's federated page is ${x(firstScreen.federated / firstScreen.monolith)}.`,
    );
  return lines;
}

/**
 * Time and memory under throttling (bench/lib/throttled.mjs, issue 14). The 1.15x overhead aim is
 * the issue's aim for bytes; the times are marked against it too (bench/README.md).
 */
export function throttledSection(t) {
  const ms = (v) => `${Math.round(v)} ms`;
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  const aim = (ratio) => `≤ 1.15x ${mark(ratio <= 1.15)}`;
  const down = t.throttling.downloadBitsPerSecond / 1e6;
  return [
    `### Time and memory (${t.throttling.cpuRate}x CPU, ${down} Mbit/s, ${t.throttling.rttMs} ms RTT; median of ${t.runs})`,
    '',
    row(['Figure', 'Federated', 'Monolith', 'Ratio', 'Aim']),
    row(['---', '---:', '---:', '---:', '---']),
    row([
      'Login form interactive (`/auth/login`, signed out)',
      ms(t.federated.loginInteractiveMs),
      ms(t.monolith.loginInteractiveMs),
      x(t.ratios.loginInteractive),
      aim(t.ratios.loginInteractive),
    ]),
    row([
      'Dashboard rows painted after sign-in (500 instances)',
      ms(t.federated.dashboardRowsMs),
      ms(t.monolith.dashboardRowsMs),
      x(t.ratios.dashboardRows),
      aim(t.ratios.dashboardRows),
    ]),
    row([
      'JS heap after GC, Dashboard with its rows',
      mb(t.federated.heapUsed),
      mb(t.monolith.heapUsed),
      x(t.ratios.heapUsed),
      'reported',
    ]),
    '',
    `Samples (ms; heap MB), in run order: federated login ${t.samples.federated.loginMs.map(Math.round).join(', ')}, ` +
      `Dashboard ${t.samples.federated.dashboardMs.map(Math.round).join(', ')}, heap ${t.samples.federated.heapUsed.map((b) => (b / 1e6).toFixed(1)).join(', ')}; ` +
      `monolith login ${t.samples.monolith.loginMs.map(Math.round).join(', ')}, ` +
      `Dashboard ${t.samples.monolith.dashboardMs.map(Math.round).join(', ')}, heap ${t.samples.monolith.heapUsed.map((b) => (b / 1e6).toFixed(1)).join(', ')}.`,
  ];
}

/** The api's throughput (bench/lib/api.mjs): autocannon per database, aims of issue 14 marked. */
export function apiSection(a) {
  const ms = (v) => `${Math.round(v)} ms`;
  const rps = (v) => `${v.toFixed(0)} req/s`;
  const lines = [
    `### The api: ${a.connections} connections, ${a.seconds} s per figure (autocannon)`,
    '',
    row(['Database', 'Figure', 'Value', 'Against `{ __typename }` (same api, same run)', 'Aim']),
    row(['---', '---', '---:', '---:', '---']),
  ];
  for (const r of a.results) {
    const aims = API_AIMS[r.database] ?? {};
    const versus = `${rps(r.trivial.rps)}, p99 ${ms(r.trivial.p99Ms)}`;
    const workspacesAim =
      aims.allWorkspacesP99Ms !== undefined
        ? `≥ ${aims.allWorkspacesRps} req/s, p99 ≤ ${aims.allWorkspacesP99Ms} ms ${mark(r.allWorkspaces.rps >= aims.allWorkspacesRps && r.allWorkspaces.p99Ms <= aims.allWorkspacesP99Ms)}`
        : `≥ ${aims.allWorkspacesRps} req/s ${mark(r.allWorkspaces.rps >= aims.allWorkspacesRps)}`;
    lines.push(
      row([
        r.database,
        "`allWorkspaces` of the demo customer (the shell's query)",
        `${rps(r.allWorkspaces.rps)}, p99 ${ms(r.allWorkspaces.p99Ms)}`,
        versus,
        workspacesAim,
      ]),
      row([
        r.database,
        '`GET /_allauth/browser/v1/auth/session`',
        `${rps(r.session.rps)}, p99 ${ms(r.session.p99Ms)}`,
        versus,
        `≥ ${aims.sessionRps} req/s ${mark(r.session.rps >= aims.sessionRps)}`,
      ]),
      row([
        r.database,
        `one balance change to ${r.fanOut.subscriptions} subscriptions (${r.fanOut.events} events; 20 sockets × 50, the caps of one user)`,
        `p50 ${ms(r.fanOut.p50Ms)}, p99 ${ms(r.fanOut.p99Ms)}`,
        '',
        `p99 ≤ ${API_AIMS.fanOutP99Ms} ms ${mark(r.fanOut.p99Ms <= API_AIMS.fanOutP99Ms)}`,
      ]),
    );
  }
  if (a.results.length === 1)
    lines.push(
      '',
      'PostgreSQL rows skipped: no PostgreSQL 15 here (or run as root, or set BENCH_DATABASE_URL).',
    );
  return lines;
}
