// The QEMU driver's figures (issue 18): N real VMs booted at once through the api's driver
// (api/dist/compute/qemu), as `PORTAL_COMPUTE_DRIVER=qemu` runs them: per VM the time from deploy to
// the console's `portal: ready` (the shell on ttyS0), the QEMU process's resident memory once booted,
// and the clean power-off (ACPI power button). The driver's set-up installs qemu and builds the guest
// image into .data/qemu/image when missing (as root); where that cannot be done the section is
// skipped with the reason.
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * @param {{ rootDir: string, count?: number, log?: (line: string) => void }} o
 * @returns {Promise<{ skipped: string } | { accel: string, cpus: number, vms: number, wallMs: number,
 *   each: { bootMs: number, rssMb: number, powerOffMs: number }[] }>}
 */
export async function measureQemu({ rootDir, count = 2, log = () => {} }) {
  const vms = Math.min(3, Math.max(1, count));
  const { QemuDriver, QEMU_DEFAULTS } = await import(path.join(rootDir, 'api/dist/compute/qemu/driver.js'));
  const dir = path.join(os.tmpdir(), `portal-bench-qemu-${process.pid}`);
  const waiting = new Map();
  const quiet = { info() {}, warn: console.warn, error: console.error, debug() {} };
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
      maxVms: vms,
      stopOnClose: true,
      log: quiet,
      machineOf: async (uid) => ({ name: `bench-${uid.slice(0, 4)}`, memoryMb: 256, vcpus: 1 }),
    },
  );
  const next = (uid) => new Promise((resolve) => waiting.set(uid, resolve));
  const rssMb = (pid) =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  try {
    log(`qemu: the guest image (built when missing, ${path.join(rootDir, '.data/qemu/image')})…`);
    try {
      await driver.prepare();
    } catch (error) {
      return {
        skipped: `the QEMU driver cannot run here: ${error instanceof Error ? error.message : error}`,
      };
    }
    log(`qemu: booting ${vms} VM(s) at once…`);
    const started = performance.now();
    const each = await Promise.all(
      Array.from({ length: vms }, async () => {
        const uid = crypto.randomUUID();
        const done = next(uid);
        const t0 = performance.now();
        driver.deploy({ uid, name: uid, imageUid: 'x', locationUid: 'x', planUid: 'x', rootPassword: null });
        const event = await done;
        if (event.type !== 'completed') throw new Error(`qemu: ${event.message ?? event.type}`);
        return { uid, bootMs: Math.round(performance.now() - t0) };
      }),
    );
    for (const vm of each) vm.rssMb = Math.round(rssMb(driver.pidOf(vm.uid)));
    for (const vm of each) {
      const done = next(vm.uid);
      const t0 = performance.now();
      driver.perform(vm.uid, 'STOP', 'ACTIVE');
      await done;
      vm.powerOffMs = Math.round(performance.now() - t0);
    }
    return {
      accel: driver.accelerator(),
      cpus: os.cpus().length,
      vms,
      wallMs: Math.round(performance.now() - started),
      each: each.map(({ uid, ...figures }) => figures),
    };
  } finally {
    await driver.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section of the report. */
export function qemuSection(q) {
  if ('skipped' in q) return ['### The QEMU driver', '', `Skipped: ${q.skipped}`];
  return [
    `### The QEMU driver: ${q.vms} VM(s) booted at once (${q.accel}, ${q.cpus} CPUs)`,
    '',
    '| VM | Deploy to shell on the serial console | RSS once booted | Clean power-off |',
    '| --- | ---: | ---: | ---: |',
    ...q.each.map(
      (vm, i) =>
        `| ${i + 1} | ${(vm.bootMs / 1000).toFixed(1)} s | ${vm.rssMb} MB | ${(vm.powerOffMs / 1000).toFixed(1)} s |`,
    ),
  ];
}
