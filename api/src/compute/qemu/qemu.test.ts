import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../app.js';
import { REPO_ROOT } from '../../config.js';
import type { Database } from '../../db/client.js';
import { DEMO_CONTRACTS, type DemoSeed, OTHER_INSTANCES, seedDemo } from '../../db/seed.js';
import { PERMISSION_DENIED } from '../../graphql/errors.js';
import { gql, WSA_TOKEN } from '../../test/graphql.js';
import { openTestDatabase, testConfig } from '../../test/helpers.js';
import { type Browser, signedInBrowser } from '../../test/identity.js';
import { CONSOLE_CLOSE, CONSOLE_ENDPOINT } from '../console/socket.js';
import { computeAlertRules } from '../monitoring/tables.js';
import { ManualScheduler } from '../scheduler.js';
import type { ComputeService } from '../service.js';
import { computeInstances } from '../tables.js';
import { QEMU_MESSAGES, QemuDriver } from './driver.js';
import { ensureImage } from './image.js';

// The QEMU driver with real virtual machines (TCG): two boots in all. Charges and the metric
// sampler run on a clock the test moves; the machines on real time, so every wait is for an event
// (a status in the database, a text on the console) with a generous limit, never a sleep.

const IMAGE_DIR = resolve(REPO_ROOT, '.data/qemu/image');
const CAB: string = DEMO_CONTRACTS.cabinet;
const BOOT_MS = 90_000;

/** Why the tests cannot run here, or null: qemu and the image are there (built when missing). */
async function unavailable(): Promise<string | null> {
  try {
    await ensureImage(IMAGE_DIR);
    execFileSync('qemu-system-x86_64', ['--version']);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const reason = await unavailable();
if (reason) console.warn(`qemu tests skipped: ${reason}`);

const INSTANCE = 'uid name status pendingAction lastError';
const CREATE = `mutation ($input: CreateInstanceInput!) { createInstance(input: $input) { ${INSTANCE} } }`;
const ACTION = `mutation ($c: String!, $u: String!, $a: InstanceAction!) {
  instanceAction(contractUid: $c, uid: $u, action: $a) { ${INSTANCE} } }`;

let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
let clock: ManualScheduler;
let base: string;
let origin: string;
let dir: string;
let demo: Browser;
let compute: ComputeService;
let restarted: QemuDriver | undefined;

describe.skipIf(reason !== null)('the QEMU driver', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-qemu-'));
    database = await openTestDatabase();
    seed = await seedDemo(database.db);
    // The demo's machines under way (installing, an action pending) would boot VMs of their own.
    await database.db
      .update(computeInstances)
      .set({ status: 'INACTIVE', pendingAction: null, resizingToPlanId: null })
      .where(or(eq(computeInstances.status, 'INSTALLING'), isNotNull(computeInstances.pendingAction)));
    clock = new ManualScheduler(Date.now());
    app = buildApp(
      testConfig({ PORTAL_DEV_TOOLS: '1', PORTAL_COMPUTE_DRIVER: 'qemu', PORTAL_QEMU_DIR: dir }),
      {
        database,
        compute: {
          scheduler: clock,
          chargeTickMs: 3600_000,
          qemu: {
            dir,
            imageDir: IMAGE_DIR,
            maxVms: 1,
            memoryCapMb: 256,
            accel: 'tcg',
            stopOnClose: true,
            stopTimeoutMs: 30_000,
            bootTimeoutMs: BOOT_MS,
          },
        },
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    base = `ws://127.0.0.1:${address.port}${CONSOLE_ENDPOINT}`;
    origin = `http://127.0.0.1:${address.port}`;
    demo = await signedInBrowser(app, database.db, seed.demoUser);
    compute = app.graphql.compute;
  }, 120_000);

  afterAll(async () => {
    await restarted?.close();
    await app?.close();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('boots a VM, shows it on the console, keeps its files over a stop and start, deletes it', async () => {
    const created = await gql(demo, CREATE, {
      input: {
        contractUid: CAB,
        name: 'vm-1',
        imageUid: 'ubuntu-24-04',
        locationUid: 'fra1',
        planUid: 's-1vcpu-2gb',
        rootPassword: 'Root-Pass-2026',
      },
    });
    const uid = created.body.data.createInstance.uid as string;
    expect(created.body.data.createInstance.status).toBe('INSTALLING');
    await untilStatus(uid, 'ACTIVE');
    const qemu = compute.qemu!;
    const pid = qemu.pidOf(uid)!;
    expect(pid).toBeGreaterThan(0);

    // Two viewers see the same screen: the banner with the host name and the address.
    const first = open(uid, await tokenOf());
    await first.ready;
    const banner = await first.until('portal: ready');
    expect(banner).toContain('vm-1');
    expect(banner).toMatch(/eth0 10\.0\.2\.15\/24 \(user-mode NAT\)/);
    const second = open(uid, await tokenOf());
    await second.ready;
    await second.until('portal: ready');

    // A command typed in one answers in both.
    first.type('uname -r; echo note-$((6*7)) > /root/note.txt; sync; echo answer-$((6*7))\n');
    const answer = await first.until('answer-42');
    expect(answer).toMatch(/\d+\.\d+\.\d+-\d+-amd64/);
    await second.until('answer-42');

    // Metrics: a busy guest reads busy, and a CPU rule fires on it.
    // (the QEMU process's share of a host CPU: the host here is shared, so the busy mark is modest)
    await vi.waitFor(() => expect(qemu.sample(uid)?.cpu).toBeLessThan(8), {
      timeout: 30_000,
      interval: 1100,
    });
    first.type('yes > /dev/null &\n');
    await vi.waitFor(() => expect(qemu.sample(uid)?.cpu ?? 0).toBeGreaterThan(15), {
      timeout: 30_000,
      interval: 1100,
    });
    const [rule] = await database.db
      .insert(computeAlertRules)
      .values({
        workspaceId: (await rowOf(uid)).workspaceId,
        instanceId: uid,
        metric: 'CPU',
        condition: 'ABOVE',
        value: 12,
        periodMinutes: 5,
      })
      .returning();
    for (let minute = 0; minute < 6; minute++) {
      await clock.advance(60_000);
      await app.graphql.monitoring.tick();
    }
    const [fired] = await database.db
      .select()
      .from(computeAlertRules)
      .where(eq(computeAlertRules.id, rule!.id));
    expect(fired?.firing).toBe(true);
    expect(fired?.lastValue ?? 0).toBeGreaterThan(12);
    first.type('kill %1\n');

    // Stop: a clean power-off through the ACPI button; the viewers hear it.
    expect(
      (await gql(demo, ACTION, { c: CAB, u: uid, a: 'STOP' })).body.data.instanceAction.pendingAction,
    ).toBe('STOP');
    expect(await first.closed).toEqual(CONSOLE_CLOSE.stopped);
    expect(first.output()).toContain('portal: shutting down');
    await untilStatus(uid, 'INACTIVE');
    expect(isRunning(pid)).toBe(false);

    // Start again: the file written before is there.
    await gql(demo, ACTION, { c: CAB, u: uid, a: 'START' });
    await untilStatus(uid, 'ACTIVE');
    const again = open(uid, await tokenOf());
    await again.ready;
    await again.until('portal: ready');
    again.type('cat /root/note.txt\n');
    await again.until('note-42');

    // The cap: one VM at most here, so a second instance cannot boot.
    const other = await gql(demo, CREATE, {
      input: {
        contractUid: CAB,
        name: 'vm-2',
        imageUid: 'ubuntu-24-04',
        locationUid: 'fra1',
        planUid: 's-1vcpu-2gb',
        rootPassword: 'Root-Pass-2026',
      },
    });
    const otherUid = other.body.data.createInstance.uid as string;
    const refused = await untilStatus(otherUid, 'INACTIVE');
    expect(refused.lastError).toBe(QEMU_MESSAGES.cap(1));
    expect(refused.lastError).toBe(
      'This host already runs 1 virtual machines, the most it allows. Stop another instance and try again.',
    );

    // An api restart: the VM keeps running, a new driver re-attaches to it by its pid file and sockets.
    const runningPid = qemu.pidOf(uid)!;
    await qemu.detach();
    expect(await again.closed).toEqual(CONSOLE_CLOSE.goingAway);
    expect(isRunning(runningPid)).toBe(true);
    restarted = new QemuDriver({ report: (event) => compute.record(event) }, qemu.options);
    await restarted.adopt([
      { uid, status: 'ACTIVE', pendingAction: null },
      { uid: otherUid, status: 'INACTIVE', pendingAction: null },
    ]);
    expect(restarted.pidOf(uid)).toBe(runningPid);
    // The portal carries on with the new driver (as a restarted api would have it).
    (compute as unknown as { driver: QemuDriver }).driver = restarted;
    const after = open(uid, await tokenOf());
    await after.ready;
    after.type('echo back-$((1+1))\n');
    await after.until('back-2');

    // Delete: the VM ends, its folder goes.
    await gql(demo, ACTION, { c: CAB, u: uid, a: 'DELETE' });
    expect(await after.closed).toEqual(CONSOLE_CLOSE.deleted);
    await vi.waitFor(async () => expect((await rowOf(uid)).deletedAt).not.toBeNull(), {
      timeout: 60_000,
      interval: 250,
    });
    expect(isRunning(runningPid)).toBe(false);
    expect(existsSync(join(dir, 'instances', uid))).toBe(false);
  }, 240_000);

  it("refuses the console of another customer's instance", async () => {
    const term = open(OTHER_INSTANCES.otherWeb.uid, await tokenOf());
    expect(await term.closed).toEqual({ code: CONSOLE_CLOSE.denied.code, reason: PERMISSION_DENIED });
  });
});

async function rowOf(uid: string) {
  const [row] = await database.db
    .select()
    .from(computeInstances)
    .where(and(eq(computeInstances.id, uid)));
  if (!row) throw new Error(`no instance ${uid}`);
  return row;
}

/** Waits until the instance's step is over (no pending action, not installing), then checks its status. */
async function untilStatus(uid: string, status: string) {
  let row = await rowOf(uid);
  await vi.waitFor(
    async () => {
      row = await rowOf(uid);
      expect(row.pendingAction === null && row.status !== 'INSTALLING').toBe(true);
    },
    { timeout: BOOT_MS + 30_000, interval: 250 },
  );
  expect({ status: row.status, lastError: status === 'ACTIVE' ? row.lastError : undefined }).toEqual({
    status,
    lastError: status === 'ACTIVE' ? null : undefined,
  });
  return row;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/\) [ZX] /.test(execFileSync('cat', [`/proc/${pid}/stat`]).toString());
  } catch {
    return false;
  }
}

async function tokenOf(): Promise<string> {
  return (await gql(demo, WSA_TOKEN)).body.data.getWSAToken as string;
}

function open(uid: string, token: string) {
  const socket = new WebSocket(base + uid, { origin });
  let text = '';
  const waiting: Array<{ text: string; resolve: (out: string) => void }> = [];
  let onReady: (value: unknown) => void = () => {};
  const ready = new Promise((resolve) => {
    onReady = resolve;
  });
  socket.on('message', (data, isBinary) => {
    if (!isBinary) {
      if (JSON.parse(data.toString()).type === 'ready') onReady(true);
      return;
    }
    text += data.toString();
    for (const w of [...waiting])
      if (text.includes(w.text)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(text);
      }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, why) => resolve({ code, reason: why.toString() }));
    socket.on('error', () => resolve({ code: -1, reason: 'error' }));
  });
  socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token, cols: 100, rows: 30 })));
  return {
    ready,
    closed,
    output: () => text,
    until: (wanted: string) =>
      text.includes(wanted)
        ? Promise.resolve(text)
        : new Promise<string>((resolve) => waiting.push({ text: wanted, resolve })),
    type: (keys: string) => socket.send(Buffer.from(keys, 'utf8'), { binary: true }),
  };
}
