import type { JobQueue } from '../jobs/queue.js';
import { STATUS_AFTER } from './actions.js';
import type { ConsoleChannel, ConsoleSink, ConsoleTarget } from './console/channel.js';
import { SimulatedConsoles } from './console/simulated-console.js';
import type { ComputeDriver, DeploySpec, DriverEvent, DriverEvents, DriverStep } from './driver.js';
import type { Scheduler } from './scheduler.js';
import type { InstanceAction, InstanceStatus } from './tables.js';

/** How long each step takes at speed 1, in ms. */
export const SIMULATOR_DURATIONS_MS = {
  DEPLOY: 8000,
  START: 3000,
  STOP: 4000,
  RESTART: 5000,
  DELETE: 2000,
  RESIZE: 6000,
} as const satisfies Record<DriverStep, number>;

export interface SimulatorOptions {
  scheduler: Scheduler;
  /** Divides every duration (`PORTAL_COMPUTE_SIM_SPEED`): 4 makes a deployment take 2 s. */
  speed?: number;
  /** Probability (0-1) that a step fails (`PORTAL_COMPUTE_FAILURE_RATE`); 0 by default. */
  failureRate?: number;
  /** A number in [0, 1), for the failure draw. */
  random?: () => number;
  /**
   * With pg-boss (several api processes): each step is a deferred job (`compute.step`), run when it
   * falls due by whichever process takes it, and still run when the process that started it is gone.
   */
  jobs?: JobQueue;
}

interface StepJob {
  uid: string;
  step: DriverStep;
  from: InstanceStatus;
}

/** Why a simulated step failed: what a hypervisor would say. */
export const SIMULATED_FAILURES: Readonly<Record<DriverStep, string>> = {
  DEPLOY:
    'Installation failed: the image could not be written to the disk. Start the instance to try again, or delete it.',
  START: 'Start failed: the machine did not boot in time. Try again.',
  STOP: 'Stop failed: the operating system did not shut down. Try again.',
  RESTART: 'Restart failed: the machine did not come back in time. Try again.',
  DELETE: 'Delete failed: the disk could not be released. Try again.',
  RESIZE:
    'Resize failed: the host has no room for the larger plan right now. The instance keeps its plan; try again later.',
};

/**
 * The embedded compute driver: a life cycle with realistic durations, on an injected clock.
 * INSTALLING becomes ACTIVE after the deployment time; START, STOP and RESTART end ACTIVE, INACTIVE
 * and ACTIVE; DELETE ends with the machine gone. A step fails with `failureRate`, or when
 * `failNext(uid)` asked for it (a dev tool): the failure leaves the status as it was, except a failed
 * deployment, which leaves the machine INACTIVE (installed, off).
 */
export class SimulatorDriver implements ComputeDriver {
  private readonly timers = new Map<string, { cancel(): void }>();
  private readonly failing = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  /** The serial consoles (`console/`): a shell with a line discipline, told what the machine does. */
  readonly consoles: SimulatedConsoles;

  constructor(
    private readonly events: DriverEvents,
    private readonly options: SimulatorOptions,
  ) {
    this.consoles = new SimulatedConsoles(() => options.scheduler.now());
    if (options.jobs?.kind === 'pg-boss') {
      void options.jobs.define<StepJob>('compute.step', async ({ uid, step, from }) => {
        if (!this.closed) await this.finish(uid, step, from);
      });
    }
  }

  attachConsole(target: ConsoleTarget, sink: ConsoleSink): ConsoleChannel {
    return this.consoles.attach(target, sink);
  }

  /** The next step of this machine fails (once). */
  failNext(uid: string): void {
    this.failing.add(uid);
  }

  durationOf(step: DriverStep): number {
    return Math.round(SIMULATOR_DURATIONS_MS[step] / (this.options.speed ?? 1));
  }

  deploy(machine: DeploySpec): void {
    this.run(machine.uid, 'DEPLOY', 'INSTALLING');
  }

  perform(uid: string, action: InstanceAction, from: InstanceStatus): void {
    this.run(uid, action, from);
  }

  resize(uid: string, _planUid: string): void {
    this.run(uid, 'RESIZE', 'INACTIVE');
  }

  resume(
    uid: string,
    state: { status: InstanceStatus; pendingAction: InstanceAction | null; resizing?: boolean },
  ): void {
    if (state.resizing) this.run(uid, 'RESIZE', state.status);
    else if (state.pendingAction) this.run(uid, state.pendingAction, state.status);
    else if (state.status === 'INSTALLING') this.run(uid, 'DEPLOY', 'INSTALLING');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.consoles.closeAll();
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private run(uid: string, step: DriverStep, from: InstanceStatus): void {
    if (this.closed) return;
    const { jobs } = this.options;
    if (jobs?.kind === 'pg-boss') {
      // a replaced step (DELETE while installing) still runs; the service drops its report as stale
      this.consoles.stepStarted(uid, step);
      const job: StepJob = { uid, step, from };
      void jobs
        .send('compute.step', job, { afterMs: this.durationOf(step) })
        .catch((err: unknown) => this.events.report(this.lost(uid, step, from, err)));
      return;
    }
    // A new step replaces the one under way (DELETE while installing).
    this.timers.get(uid)?.cancel();
    this.consoles.stepStarted(uid, step);
    const timer = this.options.scheduler.schedule(this.durationOf(step), () => {
      if (this.timers.get(uid) === timer) this.timers.delete(uid);
      if (this.closed) return;
      const outcome = this.outcome(uid, step, from);
      this.consoles.stepEnded(outcome);
      const done = this.events.report(outcome).catch(() => undefined);
      this.running.add(done);
      return done.finally(() => this.running.delete(done));
    });
    this.timers.set(uid, timer);
  }

  /** A step job ran (any process): its outcome reported like a timer's. */
  private async finish(uid: string, step: DriverStep, from: InstanceStatus): Promise<void> {
    const outcome = this.outcome(uid, step, from);
    this.consoles.stepEnded(outcome);
    await this.events.report(outcome);
  }

  /** The step could not be queued (the database is gone): it fails at once, as a hypervisor's would. */
  private lost(uid: string, step: DriverStep, from: InstanceStatus, _err: unknown): DriverEvent {
    const status: InstanceStatus = from === 'INSTALLING' ? 'INACTIVE' : from;
    return { type: 'failed', uid, action: step, status, message: SIMULATED_FAILURES[step] };
  }

  private outcome(uid: string, step: DriverStep, from: InstanceStatus): DriverEvent {
    const forced = this.failing.delete(uid);
    const rate = this.options.failureRate ?? 0;
    if (forced || (rate > 0 && (this.options.random ?? Math.random)() < rate)) {
      const status: InstanceStatus = from === 'INSTALLING' ? 'INACTIVE' : from;
      return { type: 'failed', uid, action: step, status, message: SIMULATED_FAILURES[step] };
    }
    if (step === 'DELETE') return { type: 'deleted', uid };
    if (step === 'DEPLOY') return { type: 'completed', uid, action: step, status: 'ACTIVE' };
    if (step === 'RESIZE') return { type: 'completed', uid, action: step, status: from };
    return { type: 'completed', uid, action: step, status: STATUS_AFTER[step] };
  }
}
