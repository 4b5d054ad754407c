/**
 * A machine's serial console as the compute driver hands it over: a duplex byte stream (what the
 * user types goes in, what the machine prints comes out), a resize, and an end. A QEMU driver
 * (issue 18) connects to the serial chardev's unix socket (`-serial unix:<dir>/ttyS0.sock,server,
 * nowait`) and pipes it: `write` → `socket.write`, `socket.on('data')` → `sink.data`, `close` →
 * `socket.end()`, the socket's end → `sink.end('detached')`; a serial line has no window size, so
 * its `resize` does nothing (the simulator's shell uses it, as `stty size` would tell).
 */
export interface ConsoleChannel {
  /** Bytes the user typed or pasted (UTF-8). */
  write(bytes: Uint8Array): void;
  /** The terminal's size in character cells. */
  resize(cols: number, rows: number): void;
  /** Detaches this viewer; the machine keeps running. Nothing reaches the sink afterwards. */
  close(): void;
}

/** Why the console ended on the machine's side. */
export type ConsoleEndReason =
  /** The machine was powered off (Stop) while attached. */
  | 'stopped'
  /** The machine was deleted while attached. */
  | 'deleted'
  /** The driver lost the console (its socket closed, the driver shut down). */
  | 'detached';

/** Where the console's output goes. */
export interface ConsoleSink {
  /** Bytes the machine printed (UTF-8, with terminal control sequences). */
  data(bytes: Uint8Array): void;
  /** The console ended; called once, and nothing follows. */
  end(reason: ConsoleEndReason): void;
}

/**
 * What a driver may need to know of the machine to attach. A real driver needs the uid only (the
 * machine answers for itself); the simulator's shell reads the rest, as a real machine would know
 * its own host name, image, size and addresses.
 */
export interface ConsoleTarget {
  uid: string;
  name: string;
  /** e.g. `Ubuntu 24.04 LTS`, `WordPress on Ubuntu 24.04`. */
  imageName: string;
  /** The operating system, e.g. `Ubuntu 24.04 LTS`. */
  system: string;
  vcpus: number;
  memoryMb: number;
  diskGb: number;
  ipv4: string | null;
  ipv6: string | null;
  city: string;
  createdAt: Date;
}
