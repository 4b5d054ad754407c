import { connect, type Socket } from 'node:net';
import type { ConsoleChannel, ConsoleEndReason, ConsoleSink } from '../console/channel.js';

/** What a new viewer is shown of what came before: the tail of the output. */
const SCROLLBACK_BYTES = 64 * 1024;

/**
 * The serial console (ttyS0) of one running VM. QEMU's chardev server takes one client at a time,
 * so the driver holds that one connection and fans it out: every viewer hears the same output (a
 * new one first gets the scrollback, so it sees the same screen), and what any of them types goes
 * to the machine. `waitFor` lets the driver watch the boot (the init's `portal: ready`).
 */
export class SerialHub {
  private readonly socket: Socket;
  private readonly viewers = new Set<ConsoleSink>();
  private scrollback = Buffer.alloc(0);
  /** Everything since connecting, as text, for `waitFor` (trimmed to the last 64 KiB as well). */
  private text = '';
  private readonly waiters = new Set<{ text: string; resolve(): void; reject(e: Error): void }>();
  private ended = false;

  /** `whyClosed`: when the socket closes, why (the machine went off, or only the connection). */
  constructor(path: string, whyClosed: () => Promise<ConsoleEndReason> = async () => 'detached') {
    this.socket = connect(path);
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      void whyClosed().then((reason) => this.end(reason));
    });
  }

  /** Resolves when the output (since connecting) contains `text`; rejects on timeout, abort or end. */
  waitFor(text: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.text.includes(text)) return Promise.resolve();
    if (this.ended) return Promise.reject(new Error('The console ended'));
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        text,
        resolve: () => {
          cleanup();
          resolve();
        },
        reject: (error: Error) => {
          cleanup();
          reject(error);
        },
      };
      const timer = setTimeout(() => waiter.reject(new Error(`timed out waiting for "${text}"`)), timeoutMs);
      const onAbort = () => waiter.reject(new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiters.delete(waiter);
      };
      this.waiters.add(waiter);
    });
  }

  /** Types into the machine (the driver uses it only in tests and tools; viewers use `attach`). */
  write(bytes: Uint8Array | string): void {
    if (!this.ended) this.socket.write(bytes);
  }

  attach(sink: ConsoleSink): ConsoleChannel {
    if (this.ended) {
      sink.end('stopped');
      return { write: () => undefined, resize: () => undefined, close: () => undefined };
    }
    if (this.scrollback.length > 0) sink.data(new Uint8Array(this.scrollback));
    this.viewers.add(sink);
    return {
      write: (bytes) => {
        if (this.viewers.has(sink)) this.write(bytes);
      },
      // A serial line has no window size.
      resize: () => undefined,
      close: () => {
        this.viewers.delete(sink);
      },
    };
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  /** Ends every viewer with `reason` (the machine stopped, was deleted) and drops the connection. */
  end(reason: ConsoleEndReason): void {
    if (this.ended) return;
    this.ended = true;
    this.socket.destroy();
    for (const waiter of [...this.waiters]) waiter.reject(new Error('The console ended'));
    const viewers = [...this.viewers];
    this.viewers.clear();
    for (const viewer of viewers) viewer.end(reason);
  }

  private onData(chunk: Buffer): void {
    this.scrollback = Buffer.concat([this.scrollback, chunk]);
    if (this.scrollback.length > SCROLLBACK_BYTES)
      this.scrollback = this.scrollback.subarray(this.scrollback.length - SCROLLBACK_BYTES);
    this.text += chunk.toString('utf8');
    if (this.text.length > SCROLLBACK_BYTES) this.text = this.text.slice(-SCROLLBACK_BYTES);
    for (const waiter of [...this.waiters]) if (this.text.includes(waiter.text)) waiter.resolve();
    for (const viewer of [...this.viewers]) viewer.data(new Uint8Array(chunk));
  }
}
