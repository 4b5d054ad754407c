// The QEMU driver's bench (issue 18): boots N real VMs at once through the api's driver
// (api/dist, so build the api first) and reports, per VM, the time from deploy to the console's
// `portal: ready` (the shell on ttyS0) and the QEMU process's resident memory once booted; then
// powers them off (the ACPI power button) and reports that too. Writes bench/results/qemu.local.json.
//
//   node qemu.mjs [--vms N]        (pnpm --filter @portal/bench bench:qemu; default 2, at most 3)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const benchDir = import.meta.dirname;
const rootDir = path.resolve(benchDir, '..');
const argIndex = process.argv.indexOf('--vms');
const count = Math.min(3, Math.max(1, Number(argIndex > 0 ? process.argv[argIndex + 1] : 2) || 2));

const { QemuDriver, QEMU_DEFAULTS } = await import(path.join(rootDir, 'api/dist/compute/qemu/driver.js'));

const dir = path.join(os.tmpdir(), `portal-bench-qemu-${process.pid}`);
const waiting = new Map();
const log = { info() {}, warn: console.warn, error: console.error, debug() {} };
const driver = new QemuDriver(
  {
    async report(event) {
      waiting.get(event.uid)?.(event);
    },
  },
  {
    ...QEMU_DEFAULTS,
    dir,
    imageDir: path.join(rootDir, '.data/qemu/image'),
    memoryCapMb: 256,
    maxVms: count,
    stopOnClose: true,
    log,
    machineOf: async (uid) => ({ name: `bench-${uid.slice(0, 4)}`, memoryMb: 256, vcpus: 1 }),
  },
);
const next = (uid) => new Promise((resolve) => waiting.set(uid, resolve));
const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

console.log(`building the image if missing (${path.join(rootDir, '.data/qemu/image')})…`);
await driver.prepare();
const uids = Array.from({ length: count }, () => crypto.randomUUID());
const started = performance.now();
const booted = await Promise.all(
  uids.map(async (uid) => {
    const done = next(uid);
    const t0 = performance.now();
    driver.deploy({ uid, name: uid, imageUid: 'x', locationUid: 'x', planUid: 'x', rootPassword: null });
    const event = await done;
    if (event.type !== 'completed') throw new Error(`${uid}: ${event.message ?? event.type}`);
    return { uid, bootMs: Math.round(performance.now() - t0) };
  }),
);
for (const vm of booted) vm.rssMb = Math.round(rssMb(driver.pidOf(vm.uid)));
for (const vm of booted) {
  const done = next(vm.uid);
  const t0 = performance.now();
  driver.perform(vm.uid, 'STOP', 'ACTIVE');
  await done;
  vm.powerOffMs = Math.round(performance.now() - t0);
}
await driver.close();
rmSync(dir, { recursive: true, force: true });

const results = {
  timestamp: new Date().toISOString(),
  cpus: os.cpus().length,
  accel: driver.accelerator(),
  vms: count,
  wallMs: Math.round(performance.now() - started),
  each: booted,
};
writeFileSync(path.join(benchDir, 'results/qemu.local.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nQEMU driver: ${count} VM(s) at once, ${results.accel}, ${results.cpus} CPUs\n`);
console.log('| VM | deploy to shell (ms) | RSS booted (MB) | clean power-off (ms) |');
console.log('| -- | --: | --: | --: |');
for (const [i, vm] of booted.entries())
  console.log(`| ${i + 1} | ${vm.bootMs} | ${vm.rssMb} | ${vm.powerOffMs} |`);
