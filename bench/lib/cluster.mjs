// `npm run bench -- --cluster` (issue 16): `allWorkspaces` through HAProxy at 1, 2 and 3 api
// processes on Debian's PostgreSQL 15 (scripts/cluster.mjs), as ratios to one process, with the CPU
// the api processes, PostgreSQL and HAProxy used while autocannon ran (from /proc: seconds of CPU per
// second of wall time, 1.00 = one core busy).
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { ensureHaproxy, ensurePostgres, freePort, startCluster } from '../../scripts/cluster.mjs';
import { ALL_WORKSPACES } from './api.mjs';
import { signInByFetch } from './apiServer.mjs';

const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 30);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process, in ticks (0 when it is gone). */
function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes (the postmaster and its backends). */
function postgresPids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

const sum = (pids) => pids.reduce((total, pid) => total + cpuTicks(pid), 0);

/** The whole machine's busy and total ticks (every process, other users' included), from /proc/stat. */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = fields.map(Number);
  const idle = values[3] + (values[4] ?? 0);
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

async function measure(processes, log) {
  const ports = {
    balancer: await freePort(),
    remotes: {},
    api: await Promise.all(Array.from({ length: processes }, () => freePort())),
  };
  const cluster = await startCluster({
    processes,
    ports,
    database: 'portal_cluster_bench',
    nodeEnv: 'test',
    staticFiles: false,
    env: { PORTAL_DEV_TOOLS: '1', PORTAL_RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'error' },
  });
  try {
    const auth = await signInByFetch(`http://127.0.0.1:${ports.balancer}`);
    const request = {
      url: `http://127.0.0.1:${ports.balancer}/api/`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: auth.cookie, 'x-csrftoken': auth.csrf },
      body: JSON.stringify({ query: ALL_WORKSPACES }),
    };
    // warm-up: every process compiles its code paths and fills its pool
    await new Promise((resolve, reject) =>
      autocannon({ ...request, connections: CONNECTIONS, duration: 3 }, (e, r) =>
        e ? reject(e) : resolve(r),
      ),
    );
    const apiPids = cluster.apis.map((api) => api.child.pid);
    const pgPids = postgresPids();
    const before = {
      api: sum(apiPids),
      postgres: sum(pgPids),
      haproxy: cpuTicks(cluster.haproxy.pid),
      bench: process.cpuUsage(),
      machine: machineTicks(),
    };
    const started = performance.now();
    const result = await new Promise((resolve, reject) =>
      autocannon({ ...request, connections: CONNECTIONS, duration: SECONDS }, (e, r) =>
        e ? reject(e) : resolve(r),
      ),
    );
    const wallS = (performance.now() - started) / 1000;
    const machine = machineTicks();
    const benchUse = process.cpuUsage(before.bench);
    const cores = (ticks) => Number((ticks / TICKS / wallS).toFixed(2));
    const row = {
      processes,
      rps: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      failed: result.errors + result.timeouts + result.non2xx,
      cpu: {
        api: cores(sum(apiPids) - before.api),
        postgres: cores(sum(postgresPids()) - before.postgres),
        haproxy: cores(cpuTicks(cluster.haproxy.pid) - before.haproxy),
        // autocannon, in this process
        client: Number(((benchUse.user + benchUse.system) / 1e6 / wallS).toFixed(2)),
        // everything on the machine (the other builds sharing it included), in cores
        machine: Number(
          (
            ((machine.busy - before.machine.busy) / (machine.total - before.machine.total)) *
            os.availableParallelism()
          ).toFixed(2),
        ),
      },
      loadAverage: Number(os.loadavg()[0].toFixed(1)),
    };
    log(
      `cluster: ${processes} process(es): ${row.rps.toFixed(0)} req/s, p99 ${row.p99Ms} ms, CPU api ${row.cpu.api} postgres ${row.cpu.postgres} haproxy ${row.cpu.haproxy} client ${row.cpu.client}, machine ${row.cpu.machine} of ${os.availableParallelism()} cores (load ${row.loadAverage})`,
    );
    return row;
  } finally {
    await cluster.stop();
  }
}

/** @param {{ log: (line: string) => void }} o */
export async function measureCluster({ log }) {
  const why = ensurePostgres({ log }) ?? ensureHaproxy({ log });
  if (why) {
    log(`cluster: skipped: ${why}`);
    return { skipped: why };
  }
  log(`cluster: allWorkspaces through HAProxy, ${CONNECTIONS} connections, ${SECONDS} s per figure…`);
  const rows = [];
  try {
    for (const processes of [1, 2, 3]) rows.push(await measure(processes, log));
  } finally {
    // the bench's own database, seeded at the first start and reused by the next two
    const { localDatabase } = await import('../../scripts/cluster.mjs');
    localDatabase('portal_cluster_bench').drop();
  }
  const one = rows[0].rps;
  for (const row of rows) row.ratio = Number((row.rps / one).toFixed(2));
  return { connections: CONNECTIONS, seconds: SECONDS, cores: os.availableParallelism(), rows };
}

/** The section of the markdown report. */
export function clusterSection(cluster) {
  if (cluster.skipped) return ['### Cluster (issue 16)', '', `Skipped: ${cluster.skipped}`, ''];
  const lines = [
    '### Cluster: `allWorkspaces` through HAProxy (issue 16)',
    '',
    `${cluster.connections} connections, ${cluster.seconds} s per row, PostgreSQL 15, ${cluster.cores} cores. CPU in cores busy (1.00 = one core) while autocannon ran.`,
    '',
    '| api processes | req/s | ratio to 1 | p50 ms | p99 ms | failed | CPU api | CPU PostgreSQL | CPU HAProxy | CPU autocannon | machine busy | load avg |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of cluster.rows)
    lines.push(
      `| ${r.processes} | ${r.rps.toFixed(0)} | ${r.ratio.toFixed(2)}x | ${r.p50Ms} | ${r.p99Ms} | ${r.failed} | ${r.cpu.api} | ${r.cpu.postgres} | ${r.cpu.haproxy} | ${r.cpu.client} | ${r.cpu.machine} | ${r.loadAverage} |`,
    );
  const ours = (r) => r.cpu.api + r.cpu.postgres + r.cpu.haproxy + r.cpu.client;
  const last = cluster.rows.at(-1);
  const saturated = last.cpu.machine >= cluster.cores * 0.9;
  const dbShare = last.cpu.postgres / Math.max(0.01, last.cpu.api + last.cpu.postgres);
  lines.push(
    '',
    `Ceiling: at ${last.processes} processes the machine's ${cluster.cores} cores were ${last.cpu.machine} busy, ` +
      `${ours(last).toFixed(2)} of that the cluster and its client (api ${last.cpu.api}, PostgreSQL ${last.cpu.postgres}). ` +
      (saturated
        ? `The CPU is the limit: every core is busy${ours(last) < cluster.cores * 0.6 ? ', mostly with other work on this shared machine,' : ''} and another api process only shares the same cores (more processes, more memory and context switches, no more throughput). `
        : 'Cores were left idle: the limit is the round trips to PostgreSQL and the client, not the CPU. ') +
      `PostgreSQL took ${(dbShare * 100).toFixed(0)} % of the api's and the database's CPU: ` +
      (dbShare >= 0.5
        ? 'the database would be the next ceiling on more cores.'
        : 'on more cores the api scales out until the one PostgreSQL primary (its CPU, its connections) is the ceiling.'),
    '',
  );
  return lines;
}
