import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { addressesFor } from '../addresses.js';
import type { ConsoleChannel, ConsoleSink, ConsoleTarget } from '../console/channel.js';
import type {
  ComputeDriver,
  DeploySpec,
  DriverEvent,
  DriverEvents,
  DriverStep,
  LiveSample,
} from '../driver.js';
import type { InstanceAction, InstanceStatus } from '../tables.js';
import { ensureImage, type GuestImage } from './image.js';
import { QmpClient } from './qmp.js';
import { SerialHub } from './serial.js';

const run = promisify(execFile);

/** What the driver needs to know of an instance when it boots it (read fresh: a rename, a resize). */
export interface QemuMachine {
  name: string;
  memoryMb: number;
  vcpus: number;
}

export interface QemuOptions {
  /** Where the image and the instances' folders live (`PORTAL_QEMU_DIR`, `.data/qemu`). */
  dir: string;
  /** VMs running at once on this machine at most (`PORTAL_QEMU_MAX_VMS`, 3). */
  maxVms: number;
  /** A guest gets its plan's memory up to this (`PORTAL_QEMU_MAX_MEMORY_MB`, 512). */
  memoryCapMb: number;
  /** `kvm` only where it is a real one (`auto`), else TCG (`PORTAL_QEMU_ACCEL`: auto, tcg, kvm). */
  accel: 'auto' | 'tcg' | 'kvm';
  /** The persistent disk made at create (MiB). */
  diskMb: number;
  /** The kernel and initramfs (`<dir>/image` unless set: tests share the repository's cache). */
  imageDir?: string;
  /** From pressing the power button to the forced stop. */
  stopTimeoutMs: number;
  /** From launching to the init's `portal: ready`. */
  bootTimeoutMs: number;
  /** On `close`, power the VMs off (tests); by default they keep running and a restart re-attaches. */
  stopOnClose: boolean;
  /** The instance as it is now, or null when it is gone. */
  machineOf(uid: string): Promise<QemuMachine | null>;
  log: FastifyBaseLogger;
}

export const QEMU_DEFAULTS = {
  maxVms: 3,
  memoryCapMb: 512,
  accel: 'auto',
  diskMb: 256,
  stopTimeoutMs: 20_000,
  bootTimeoutMs: 120_000,
  stopOnClose: false,
} as const;

/** The line the guest's init prints once the console is ready (`build-image.sh`). */
export const READY_MARKER = 'portal: ready';

/** What the driver tells the user (the instance's last error), by step. */
export const QEMU_MESSAGES = {
  cap: (max: number) =>
    `This host already runs ${max} virtual machines, the most it allows. Stop another instance and try again.`,
  image: 'The machine image could not be prepared on this host. Try again later.',
  boot: 'Start failed: the machine did not boot in time. Try again.',
  launch: 'Start failed: the hypervisor could not launch the machine. Try again.',
  deleteFailed: 'Delete failed: the disk could not be released. Try again.',
  poweredOff: 'The machine powered itself off.',
  lost: 'The machine was not running when the portal restarted. Start it again.',
} as const;

interface Vm {
  uid: string;
  pid: number;
  qmp: QmpClient;
  serial: SerialHub;
  /** Resolves when the QEMU process is gone (its QMP socket closed). */
  exited: Promise<void>;
  /** The driver is taking it down (STOP, RESTART, DELETE): its end is not news. */
  stopping: boolean;
  memoryBytes: number;
  vcpus: number;
  /** The last CPU reading: the process's ticks, when, and the % it gave. */
  cpu: { ticks: number; at: number; last: number | null };
}

interface Step {
  controller: AbortController;
  done: Promise<void>;
}

class Aborted extends Error {}

const CLK_TCK = 100;

/**
 * The QEMU driver: each instance a real virtual machine (TCG, or KVM where it is real), booted from
 * the image `build-image.sh` makes, with a per-instance folder under `<dir>/instances/<uid>/`: its
 * persistent disk (`disk.img`, ext4, mounted by the guest on /root), the serial and QMP sockets,
 * the pid file and QEMU's log. Steps of one instance run one at a time; a new one replaces the one
 * under way (DELETE while installing), as the simulator does.
 */
export class QemuDriver implements ComputeDriver {
  private readonly vms = new Map<string, Vm>();
  /** Launches under way count against the cap too. */
  private readonly launching = new Set<string>();
  private readonly steps = new Map<string, Step>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private readonly instancesDir: string;
  private readonly imageDir: string;

  constructor(
    private readonly events: DriverEvents,
    readonly options: QemuOptions,
  ) {
    this.instancesDir = join(options.dir, 'instances');
    this.imageDir = options.imageDir ?? join(options.dir, 'image');
  }

  /** Builds the image now (in the background at start-up) so that the first deploy waits less. */
  prepare(): Promise<GuestImage> {
    return ensureImage(this.imageDir);
  }

  /** The accelerator: KVM only where /dev/kvm is usable and backed by kvm_intel or kvm_amd. */
  accelerator(): 'kvm' | 'tcg' {
    if (this.options.accel !== 'auto') return this.options.accel;
    try {
      accessSync('/dev/kvm', constants.R_OK | constants.W_OK);
    } catch {
      return 'tcg';
    }
    return existsSync('/sys/module/kvm_intel') || existsSync('/sys/module/kvm_amd') ? 'kvm' : 'tcg';
  }

  folderOf(uid: string): string {
    return join(this.instancesDir, uid);
  }

  /** Running VMs (tests, bench). */
  get runningCount(): number {
    return this.vms.size;
  }

  /** The serial console of a running VM (tests type into it). */
  serialOf(uid: string): SerialHub | null {
    return this.vms.get(uid)?.serial ?? null;
  }

  pidOf(uid: string): number | null {
    return this.vms.get(uid)?.pid ?? null;
  }

  // --- the driver interface ------------------------------------------------------------------

  deploy(machine: DeploySpec): void {
    this.step(machine.uid, 'DEPLOY', 'INSTALLING', async (signal) => {
      await this.takeDown(machine.uid, signal);
      // A deployment (also a rebuild) starts from a fresh disk.
      await this.makeFolder(machine.uid, true);
      return this.boot(machine.uid, 'DEPLOY', 'INSTALLING', signal);
    });
  }

  perform(uid: string, action: InstanceAction, from: InstanceStatus): void {
    this.step(uid, action, from, async (signal): Promise<DriverEvent | null> => {
      switch (action) {
        case 'START':
          if (this.vms.has(uid)) return { type: 'completed', uid, action, status: 'ACTIVE' };
          return this.boot(uid, action, from, signal);
        case 'STOP':
          await this.takeDown(uid, signal);
          return { type: 'completed', uid, action, status: 'INACTIVE' };
        case 'RESTART':
          await this.takeDown(uid, signal);
          return this.boot(uid, action, from, signal);
        case 'DELETE':
          await this.takeDown(uid, signal, 'deleted');
          try {
            await rm(this.folderOf(uid), { recursive: true, force: true });
          } catch {
            return { type: 'failed', uid, action, status: from, message: QEMU_MESSAGES.deleteFailed };
          }
          return { type: 'deleted', uid };
      }
    });
  }

  /** The memory follows the plan at the next start (`machineOf` reads it then). */
  resize(uid: string, _planUid: string): void {
    this.step(uid, 'RESIZE', 'INACTIVE', async () => ({
      type: 'completed',
      uid,
      action: 'RESIZE',
      status: 'INACTIVE',
    }));
  }

  resume(
    uid: string,
    state: { status: InstanceStatus; pendingAction: InstanceAction | null; resizing?: boolean },
  ): void {
    if (state.resizing) this.resize(uid, '');
    else if (state.pendingAction) this.perform(uid, state.pendingAction, state.status);
    else if (state.status === 'INSTALLING')
      this.step(uid, 'DEPLOY', 'INSTALLING', async (signal) => {
        await this.takeDown(uid, signal);
        await this.makeFolder(uid, true);
        return this.boot(uid, 'DEPLOY', 'INSTALLING', signal);
      });
  }

  /**
   * At start-up, before `resume`: re-attaches to the VMs still running for instances that should
   * run, powers off the orphans (no live instance, or one that should be off), and reports the
   * instances that should run but do not (INACTIVE, honestly).
   */
  async adopt(
    live: ReadonlyArray<{ uid: string; status: InstanceStatus; pendingAction: InstanceAction | null }>,
  ): Promise<void> {
    const byUid = new Map(live.map((row) => [row.uid, row]));
    const folders = existsSync(this.instancesDir) ? readdirSync(this.instancesDir) : [];
    for (const uid of folders) {
      const pid = this.runningPid(uid);
      const row = byUid.get(uid);
      if (pid === null) {
        if (!row) await rm(this.folderOf(uid), { recursive: true, force: true }).catch(() => undefined);
        continue;
      }
      if (row && (row.status === 'ACTIVE' || row.pendingAction !== null)) {
        try {
          await this.attach(uid, pid);
          this.options.log.info({ instance: uid, pid }, 'qemu: re-attached to a running VM');
          continue;
        } catch (error) {
          this.options.log.warn({ err: error, instance: uid, pid }, 'qemu: a running VM did not answer');
        }
      }
      this.options.log.warn({ instance: uid, pid }, 'qemu: powering off an orphaned VM');
      killPid(pid);
      if (!row) await rm(this.folderOf(uid), { recursive: true, force: true }).catch(() => undefined);
    }
    for (const row of live) {
      if (row.status === 'ACTIVE' && row.pendingAction === null && !this.vms.has(row.uid)) {
        // A machine this driver never ran (no folder: the demo seed, another driver's) is simply off.
        const ran = existsSync(this.folderOf(row.uid));
        await this.report({ type: 'poweredOff', uid: row.uid, message: ran ? QEMU_MESSAGES.lost : null });
      }
    }
  }

  attachConsole(target: ConsoleTarget, sink: ConsoleSink): ConsoleChannel {
    const vm = this.vms.get(target.uid);
    if (!vm) {
      sink.end('stopped');
      return { write: () => undefined, resize: () => undefined, close: () => undefined };
    }
    return vm.serial.attach(sink);
  }

  /** CPU (% of the machine's vCPUs, from the QEMU process's ticks) and memory (RSS, up to its size). */
  sample(uid: string): LiveSample | null {
    const vm = this.vms.get(uid);
    if (!vm) return null;
    try {
      const stat = readFileSync(`/proc/${vm.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${vm.pid}/status`, 'utf8'))?.[1] ?? 0);
      const at = Date.now();
      const elapsed = (at - vm.cpu.at) / 1000;
      // Under a second the ticks (10 ms) say too little: the last value stands.
      if (elapsed >= 1 || vm.cpu.last === null) {
        const cpu = elapsed > 0 ? ((ticks - vm.cpu.ticks) / CLK_TCK / elapsed / vm.vcpus) * 100 : 0;
        vm.cpu = { ticks, at, last: Math.max(0, Math.min(100, Math.round(cpu * 10) / 10)) };
      }
      return {
        cpu: vm.cpu.last ?? 0,
        ram: Math.min(rssKb * 1024, vm.memoryBytes),
      };
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {
    await this.shutDown(this.options.stopOnClose);
  }

  /** Lets go of the VMs without stopping them, as an api that exits does (a restart re-attaches). */
  async detach(): Promise<void> {
    await this.shutDown(false);
  }

  private async shutDown(stopVms: boolean): Promise<void> {
    this.closed = true;
    for (const step of this.steps.values()) step.controller.abort();
    await Promise.allSettled([...this.running]);
    for (const vm of [...this.vms.values()]) {
      vm.stopping = true;
      if (stopVms) {
        await vm.qmp.execute('quit').catch(() => undefined);
        await Promise.race([vm.exited, delay(5000)]);
        killPid(vm.pid);
      }
      vm.serial.end('detached');
      vm.qmp.close();
    }
    this.vms.clear();
  }

  // --- steps ---------------------------------------------------------------------------------

  private step(
    uid: string,
    action: DriverStep,
    from: InstanceStatus,
    body: (signal: AbortSignal) => Promise<DriverEvent | null>,
  ): void {
    if (this.closed) return;
    const previous = this.steps.get(uid);
    previous?.controller.abort();
    const controller = new AbortController();
    const done = (async () => {
      await previous?.done;
      if (controller.signal.aborted || this.closed) return;
      let event: DriverEvent | null;
      try {
        event = await body(controller.signal);
      } catch (error) {
        if (error instanceof Aborted || controller.signal.aborted || this.closed) return;
        this.options.log.error({ err: error, instance: uid, action }, 'qemu: a step failed');
        const status: InstanceStatus =
          from === 'INSTALLING' ? 'INACTIVE' : this.vms.has(uid) ? 'ACTIVE' : 'INACTIVE';
        event = {
          type: 'failed',
          uid,
          action,
          status,
          message: QEMU_MESSAGES.launch,
        };
      }
      if (event && !controller.signal.aborted && !this.closed) await this.report(event);
    })().finally(() => {
      if (this.steps.get(uid)?.controller === controller) this.steps.delete(uid);
      this.running.delete(done);
    });
    this.running.add(done);
    this.steps.set(uid, { controller, done });
  }

  private async report(event: DriverEvent): Promise<void> {
    await this.events.report(event).catch(() => undefined);
  }

  private async makeFolder(uid: string, fresh: boolean): Promise<void> {
    const folder = this.folderOf(uid);
    await mkdir(folder, { recursive: true });
    const disk = join(folder, 'disk.img');
    if (fresh || !existsSync(disk)) {
      await rm(disk, { force: true });
      await run('truncate', ['-s', `${this.options.diskMb}M`, disk]);
      await run('mke2fs', ['-q', '-t', 'ext4', '-F', '-L', 'data', disk]);
    }
  }

  /** Launches the VM and waits for its console; `completed` ACTIVE, or a failure the user can read. */
  private async boot(
    uid: string,
    action: DriverStep,
    from: InstanceStatus,
    signal: AbortSignal,
  ): Promise<DriverEvent> {
    const failed = (message: string): DriverEvent => ({
      type: 'failed',
      uid,
      action,
      status: from === 'INSTALLING' || from === 'ACTIVE' ? 'INACTIVE' : from,
      message,
    });
    const machine = await this.options.machineOf(uid);
    if (!machine) throw new Aborted();
    // (a booting VM is in both sets)
    if (new Set([...this.vms.keys(), ...this.launching]).size >= this.options.maxVms)
      return failed(QEMU_MESSAGES.cap(this.options.maxVms));
    this.launching.add(uid);
    try {
      let image: GuestImage;
      try {
        image = await this.prepare();
      } catch (error) {
        this.options.log.error({ err: error }, 'qemu: the guest image could not be built');
        return failed(QEMU_MESSAGES.image);
      }
      if (signal.aborted) throw new Aborted();
      await this.makeFolder(uid, false);
      const folder = this.folderOf(uid);
      const memoryMb = Math.max(128, Math.min(machine.memoryMb, this.options.memoryCapMb));
      const vcpus = Math.max(1, Math.min(machine.vcpus, 2));
      await rm(join(folder, 'qemu.pid'), { force: true });
      const args = [
        '-name',
        `${machine.name},process=portal-vm`,
        '-accel',
        this.accelerator(),
        '-M',
        'pc',
        '-m',
        String(memoryMb),
        '-smp',
        String(vcpus),
        '-display',
        'none',
        '-nodefaults',
        '-no-user-config',
        '-no-reboot',
        '-kernel',
        image.kernel,
        '-initrd',
        image.initrd,
        '-append',
        `console=ttyS0 quiet panic=-1 portal.hostname=${machine.name} portal.ipv4=${addressesFor(uid).ipv4} portal.uid=${uid}`,
        '-serial',
        `unix:${join(folder, 'serial.sock')},server=on,wait=off`,
        '-qmp',
        `unix:${join(folder, 'qmp.sock')},server=on,wait=off`,
        '-drive',
        `file=${join(folder, 'disk.img')},format=raw,if=virtio`,
        '-netdev',
        'user,id=n0',
        '-device',
        'virtio-net-pci,netdev=n0',
        '-pidfile',
        join(folder, 'qemu.pid'),
        '-D',
        join(folder, 'qemu.log'),
        '-daemonize',
      ];
      try {
        await launch(args);
      } catch (error) {
        this.options.log.error({ err: error, instance: uid }, 'qemu: launch failed');
        return failed(QEMU_MESSAGES.launch);
      }
      const pid = this.runningPid(uid);
      if (pid === null) return failed(QEMU_MESSAGES.launch);
      let vm: Vm;
      try {
        vm = await this.attach(uid, pid);
      } catch (error) {
        this.options.log.error({ err: error, instance: uid }, 'qemu: the new VM did not answer');
        killPid(pid, 'SIGKILL');
        return failed(QEMU_MESSAGES.launch);
      }
      try {
        await vm.serial.waitFor(READY_MARKER, this.options.bootTimeoutMs, signal);
      } catch (error) {
        if (signal.aborted) throw new Aborted();
        this.options.log.warn({ err: error, instance: uid }, 'qemu: no console in time');
        await this.takeDown(uid, undefined, 'stopped', true);
        return failed(QEMU_MESSAGES.boot);
      }
      return { type: 'completed', uid, action, status: 'ACTIVE' };
    } finally {
      this.launching.delete(uid);
    }
  }

  /** Connects QMP and the serial console of a running QEMU process, and watches it end. */
  private async attach(uid: string, pid: number): Promise<Vm> {
    const folder = this.folderOf(uid);
    const qmp = await QmpClient.connect(join(folder, 'qmp.sock'));
    // What QEMU says of the machine: a crashed or shut-down guest is not one to keep.
    const { status } = await qmp
      .execute<{ status: string }>('query-status')
      .catch(() => ({ status: 'unknown' }));
    if (status === 'guest-panicked' || status === 'shutdown' || status === 'internal-error') {
      qmp.close();
      killPid(pid, 'SIGKILL');
      throw new Error(`the VM is ${status}`);
    }
    // The serial socket closes as QEMU exits, a moment before QMP's does: then the machine went off.
    const serial = new SerialHub(join(folder, 'serial.sock'), async () => {
      const gone = qmp.closed || (await Promise.race([once(qmp, 'close').then(() => true), delay(3000)]));
      return gone ? 'stopped' : 'detached';
    });
    let memoryBytes = 0;
    let vcpus = 1;
    try {
      const summary = await qmp.execute<{ 'base-memory': number }>('query-memory-size-summary');
      memoryBytes = summary['base-memory'];
      vcpus = (await qmp.execute<unknown[]>('query-cpus-fast')).length || 1;
    } catch {
      // an answer we cannot read: defaults
    }
    const vm: Vm = {
      uid,
      pid,
      qmp,
      serial,
      exited: new Promise<void>((resolve) => qmp.once('close', () => resolve())),
      stopping: false,
      memoryBytes,
      vcpus,
      cpu: { ticks: 0, at: processStart(pid), last: null },
    };
    this.vms.set(uid, vm);
    void vm.exited.then(() => this.onExit(vm));
    return vm;
  }

  /** The QEMU process ended: on its own (the guest powered off, crashed) it is news. */
  private async onExit(vm: Vm): Promise<void> {
    if (this.vms.get(vm.uid) === vm) this.vms.delete(vm.uid);
    vm.serial.end('stopped');
    if (vm.stopping || this.closed) return;
    this.options.log.info({ instance: vm.uid }, 'qemu: the VM powered off');
    await this.report({ type: 'poweredOff', uid: vm.uid, message: QEMU_MESSAGES.poweredOff });
  }

  /**
   * Takes the VM down if it runs: the ACPI power button (the guest's init powers off cleanly), then
   * QMP `quit`, then SIGKILL, each after `stopTimeoutMs` without an end.
   */
  private async takeDown(
    uid: string,
    signal?: AbortSignal,
    reason: 'stopped' | 'deleted' = 'stopped',
    hard = false,
  ): Promise<void> {
    const vm = this.vms.get(uid);
    if (!vm) {
      const pid = this.runningPid(uid);
      if (pid !== null) killPid(pid);
      return;
    }
    vm.stopping = true;
    if (reason === 'deleted') vm.serial.end('deleted');
    if (!hard) {
      await vm.qmp.execute('system_powerdown').catch(() => undefined);
      const ended = await Promise.race([
        vm.exited.then(() => true),
        delay(this.options.stopTimeoutMs, signal),
      ]);
      if (ended) return;
      this.options.log.warn({ instance: uid }, 'qemu: no clean power-off in time, forcing');
    }
    await vm.qmp.execute('quit').catch(() => undefined);
    if (await Promise.race([vm.exited.then(() => true), delay(5000)])) return;
    killPid(vm.pid, 'SIGKILL');
    await Promise.race([vm.exited, delay(5000)]);
    this.vms.delete(uid);
  }

  /** The pid in the instance's pid file, when that process runs and is this instance's QEMU. */
  private runningPid(uid: string): number | null {
    const folder = this.folderOf(uid);
    try {
      const pid = Number(readFileSync(join(folder, 'qemu.pid'), 'utf8').trim());
      if (!Number.isInteger(pid) || pid <= 0) return null;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes(folder)) return null;
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/\) [ZX] /.test(state)) return null;
      return pid;
    } catch {
      return null;
    }
  }
}

function killPid(pid: number, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
}

function delay(ms: number, signal?: AbortSignal): Promise<false> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Aborted());
      },
      { once: true },
    );
  });
}

/** QEMU with `-daemonize`: the parent exits once the machine is set up (sockets listening, pid file written). */
function launch(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('qemu-system-x86_64', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`qemu-system-x86_64 exited with ${code}: ${stderr.trim()}`));
    });
  });
}

/** When the process started, in ms since the epoch (its CPU average until the first sample). */
function processStart(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    return Date.now() - (uptime - startTicks / CLK_TCK) * 1000;
  } catch {
    return Date.now();
  }
}
