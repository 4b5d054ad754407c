import type { ConsoleChannel, ConsoleSink, ConsoleTarget } from './console/channel.js';
import type { InstanceAction, InstanceStatus } from './tables.js';

/**
 * The compute driver: what runs the machines. The embedded default is the simulator
 * (`simulator.ts`); a real one (QEMU/libvirt, a cloud API) implements the same interface. Every call
 * returns at once; the driver reports progress and results through `DriverEvents`, which the compute
 * service turns into database changes and `instanceChanged` events.
 */
export interface ComputeDriver {
  /** Creates and boots a machine: ends with `completed` (ACTIVE) or `failed`. */
  deploy(machine: DeploySpec): void;
  /**
   * Runs a row action on a machine now in `from`: ends with `completed` (the new status), `deleted`
   * (DELETE) or `failed`.
   */
  perform(uid: string, action: InstanceAction, from: InstanceStatus): void;
  /** Moves a machine (off, INACTIVE) to a larger plan: ends with `completed` (RESIZE) or `failed`. */
  resize(uid: string, planUid: string): void;
  /** After a restart of the api: carries on with what was under way (a deploy or an action). */
  resume(
    uid: string,
    state: { status: InstanceStatus; pendingAction: InstanceAction | null; resizing?: boolean },
  ): void;
  /**
   * Attaches to the running machine's serial console (ttyS0) as a duplex byte stream: what the user
   * types goes in through the channel, what the machine prints comes out through `sink`, which also
   * hears when the console ends (the machine stopped or was deleted, the driver lost it). The
   * caller has checked that the machine runs and that the user may see it. See `console/channel.ts`.
   */
  attachConsole(target: ConsoleTarget, sink: ConsoleSink): ConsoleChannel;
  /** Stops timers and waits for running work; nothing is reported afterwards. */
  close(): Promise<void>;
  /**
   * A real driver, at start-up before `resume`: re-attaches to the machines still running, powers
   * off orphans, reports (`poweredOff`) the ones that should run but do not. The simulator has none.
   */
  adopt?(
    live: ReadonlyArray<{ uid: string; status: InstanceStatus; pendingAction: InstanceAction | null }>,
  ): Promise<void>;
  /** A real driver: what a running machine measures now (the metric sampler's current minute). */
  sample?(uid: string): LiveSample | null;
}

/** Measured values of a running machine, in the units of the monitoring's `Sample` (cpu %, ram bytes). */
export interface LiveSample {
  cpu?: number;
  ram?: number;
}

export interface DeploySpec {
  uid: string;
  name: string;
  imageUid: string;
  locationUid: string;
  planUid: string;
  /** Handed to the machine once, never stored; null when it is deployed with SSH keys only. */
  rootPassword: string | null;
  /** The OpenSSH public keys put into root's authorized_keys. */
  sshKeys?: readonly string[];
}

/** What a driver steps through: a row action, a deployment (also a rebuild) or a resize. */
export type DriverStep = InstanceAction | 'DEPLOY' | 'RESIZE';

/** What a driver reports. `action` is `DEPLOY` for a deployment. */
export type DriverEvent =
  | { type: 'completed'; uid: string; action: DriverStep; status: InstanceStatus }
  | { type: 'deleted'; uid: string }
  /** A real machine went off by itself (the guest powered off, crashed): ACTIVE becomes INACTIVE. */
  | { type: 'poweredOff'; uid: string; message: string | null }
  /** `status`: what the machine is left in (a failed deployment leaves it INACTIVE, off). */
  | {
      type: 'failed';
      uid: string;
      action: DriverStep;
      status: InstanceStatus;
      message: string;
    };

export interface DriverEvents {
  /** Awaited: the driver reports the next step only after the last one was recorded. */
  report(event: DriverEvent): Promise<void>;
}
