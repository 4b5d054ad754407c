import type { DriverEvent, DriverStep } from '../driver.js';
import type { ConsoleChannel, ConsoleEndReason, ConsoleSink, ConsoleTarget } from './channel.js';
import { LineDiscipline } from './line-discipline.js';
import { isWindows, runSac, SAC_PROMPT, sacBanner } from './sac.js';
import {
  formatDate,
  HOME,
  loginScreen,
  osProfile,
  prompt,
  runCommand,
  type ShellMachine,
  type ShellState,
} from './shell.js';

const CLEAR_SCREEN = '\x1b[H\x1b[2J\x1b[3J';
const encoder = new TextEncoder();

/**
 * The simulator's serial consoles: one login session per attachment (a real serial line is one
 * shared screen; separate sessions keep two viewers from typing into each other here). The
 * simulator tells them what the machine does: a Stop or Delete ends them, a Restart reboots them
 * into a new login.
 */
export class SimulatedConsoles {
  private readonly sessions = new Map<string, Set<SimulatedConsole>>();
  private readonly bootedAt = new Map<string, Date>();

  constructor(private readonly now: () => number) {}

  attach(target: ConsoleTarget, sink: ConsoleSink): ConsoleChannel {
    let set = this.sessions.get(target.uid);
    if (!set) {
      set = new Set();
      this.sessions.set(target.uid, set);
    }
    const sessions = set;
    const session = new SimulatedConsole(
      () => ({ ...target, bootedAt: this.bootedAt.get(target.uid) ?? target.createdAt }),
      sink,
      () => new Date(this.now()),
      () => {
        sessions.delete(session);
        if (sessions.size === 0 && this.sessions.get(target.uid) === sessions)
          this.sessions.delete(target.uid);
      },
    );
    sessions.add(session);
    session.login();
    return session;
  }

  /** How many viewers are attached to the machine. */
  attached(uid: string): number {
    return this.sessions.get(uid)?.size ?? 0;
  }

  /** A step of the life cycle begins: the system announces a power-off or reboot. */
  stepStarted(uid: string, step: DriverStep): void {
    // DEPLOY with a console attached is a rebuild of a running machine: it reinstalls and reboots
    if (step !== 'STOP' && step !== 'RESTART' && step !== 'DEPLOY') return;
    for (const session of this.sessions.get(uid) ?? [])
      session.goingDown(step === 'STOP' ? 'power off' : 'reboot');
  }

  /** A step ended as the driver reports it. */
  stepEnded(event: DriverEvent): void {
    const sessions = [...(this.sessions.get(event.uid) ?? [])];
    if (event.type === 'deleted') {
      this.bootedAt.delete(event.uid);
      for (const session of sessions) session.end('deleted');
      return;
    }
    if (event.type === 'completed') {
      if (event.action === 'STOP') {
        for (const session of sessions) session.end('stopped');
        return;
      }
      if (event.action !== 'DELETE') this.bootedAt.set(event.uid, new Date(this.now()));
      if (event.action === 'RESTART' || event.action === 'DEPLOY')
        for (const session of sessions) session.boot();
      return;
    }
    if (event.type === 'poweredOff' || event.status === 'INACTIVE') {
      // a failed rebuild leaves the machine off
      for (const session of sessions) session.end('stopped');
      return;
    }
    // Failed: the machine stays as it was; a restart that failed still came back to a login.
    for (const session of sessions) session.carryOn();
  }

  /** The driver shuts down: every console ends. */
  closeAll(): void {
    for (const sessions of [...this.sessions.values()])
      for (const session of [...sessions]) session.end('detached');
    this.sessions.clear();
  }
}

/** One attachment: a tty (the line discipline) in front of a root shell. */
export class SimulatedConsole implements ConsoleChannel {
  private readonly discipline = new LineDiscipline();
  private readonly decoder = new TextDecoder();
  private readonly state: ShellState = { cwd: HOME, cols: 80, rows: 24, history: [] };
  private lastLogin: Date | null = null;
  /** Shutting down or rebooting: keys are not read. */
  private down = false;
  private closed = false;

  constructor(
    private readonly machine: () => ShellMachine,
    private readonly sink: ConsoleSink,
    private readonly now: () => Date,
    private readonly onClose: () => void,
  ) {}

  write(bytes: Uint8Array): void {
    if (this.closed) return;
    const text = this.decoder.decode(bytes, { stream: true });
    if (this.down) return;
    for (const item of this.discipline.feed(text)) {
      if (this.closed || this.down) return;
      switch (item.type) {
        case 'echo':
          this.print(item.text);
          break;
        case 'interrupt':
          this.print(this.prompt());
          break;
        case 'eof':
          // SAC has no logout; bash's login shell ends and getty logs in again.
          if (isWindows(this.machine().system)) break;
          this.print('logout\n');
          this.login();
          break;
        case 'clear':
          this.print(CLEAR_SCREEN + this.prompt() + item.pending);
          break;
        case 'line':
          this.run(item.line);
          break;
      }
    }
  }

  resize(cols: number, rows: number): void {
    this.state.cols = cols;
    this.state.rows = rows;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
  }

  /** A new login on the console (at attach, after `exit`, after a reboot). */
  login(): void {
    const now = this.now();
    this.discipline.reset();
    this.state.cwd = HOME;
    const m = this.machine();
    const screen = isWindows(m.system) ? sacBanner() : loginScreen(m, now, this.lastLogin);
    this.print(screen + this.prompt());
    this.lastLogin = now;
  }

  goingDown(how: 'reboot' | 'power off'): void {
    if (this.closed) return;
    this.down = true;
    const m = this.machine();
    if (isWindows(m.system)) {
      this.print(`\n\nThe system is ${how === 'reboot' ? 'restarting' : 'shutting down'}.\n`);
      return;
    }
    this.print(
      `\n\nBroadcast message from root@${m.name} (${formatDate(this.now())}):\n\n` +
        `The system will ${how} now!\n\n` +
        '[  OK  ] Stopped target multi-user.target - Multi-User System.\n' +
        '[  OK  ] Stopped ssh.service - OpenBSD Secure Shell server.\n' +
        '[  OK  ] Reached target shutdown.target - System Shutdown.\n',
    );
  }

  /** The machine came back from a reboot: kernel lines, then a new login. */
  boot(): void {
    if (this.closed) return;
    this.down = false;
    const m = this.machine();
    if (isWindows(m.system)) {
      this.login();
      return;
    }
    const p = osProfile(m.system);
    this.print(
      `[    0.000000] Linux version ${p.kernel} ${p.kernelBuild}\n` +
        `[    0.000000] Command line: BOOT_IMAGE=/vmlinuz-${p.kernel} root=LABEL=cloudimg-rootfs ro console=tty1 console=ttyS0\n` +
        `[    0.412551] smp: Brought up 1 node, ${m.vcpus} CPU${m.vcpus === 1 ? '' : 's'}\n` +
        `[    1.903228] EXT4-fs (vda1): mounted filesystem with ordered data mode.\n` +
        `[  OK  ] Reached target multi-user.target - Multi-User System.\n`,
    );
    this.login();
  }

  /** A stop or restart failed: the machine kept running. */
  carryOn(): void {
    if (this.closed || !this.down) return;
    this.down = false;
    this.print(`\n${this.prompt()}`);
  }

  end(reason: ConsoleEndReason): void {
    if (this.closed) return;
    this.close();
    this.sink.end(reason);
  }

  private run(line: string): void {
    if (line.trim() !== '') this.state.history.push(line);
    const m = this.machine();
    const result = isWindows(m.system)
      ? runSac(line, m, this.now())
      : runCommand(line, m, this.now(), this.state);
    if (result.effect === 'clear') {
      this.print(CLEAR_SCREEN + this.prompt());
      return;
    }
    if (result.output) this.print(`${result.output}\n`);
    if (result.effect === 'logout') {
      this.login();
      return;
    }
    this.print(this.prompt());
  }

  private prompt(): string {
    const m = this.machine();
    return isWindows(m.system) ? SAC_PROMPT : prompt(m, this.state.cwd);
  }

  private print(text: string): void {
    if (this.closed) return;
    this.sink.data(encoder.encode(text.replace(/\r?\n/g, '\r\n')));
  }
}
