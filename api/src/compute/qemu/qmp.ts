import { EventEmitter } from 'node:events';
import { connect, type Socket } from 'node:net';

/** A QMP reply's error, as QEMU words it. */
export class QmpError extends Error {
  constructor(
    message: string,
    readonly errorClass: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * A client of QEMU's machine protocol on its unix socket (`-qmp unix:…,server=on,wait=off`): the
 * greeting and `qmp_capabilities` on connect, then `execute` (one JSON object a line, answers in
 * order, matched by id). Emits `event` (`{ event, data }`: POWERDOWN, SHUTDOWN, …) and `close` once
 * the socket ends, which is also how the driver hears that the QEMU process went away.
 */
export class QmpClient extends EventEmitter {
  private buffer = '';
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();
  private closedFlag = false;

  private constructor(private readonly socket: Socket) {
    super();
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.onData(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closedFlag = true;
      for (const p of this.pending.values()) p.reject(new Error('QMP connection closed'));
      this.pending.clear();
      this.emit('close');
    });
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** Connects and negotiates capabilities; rejects when nothing answers within `timeoutMs`. */
  static async connect(path: string, timeoutMs = 5000): Promise<QmpClient> {
    const socket = connect(path);
    const client = new QmpClient(socket);
    const timer = setTimeout(() => socket.destroy(new Error('QMP did not answer')), timeoutMs);
    try {
      await new Promise<void>((resolve, reject) => {
        const onGreeting = () => resolve();
        client.once('greeting', onGreeting);
        socket.once('error', reject);
        socket.once('close', () => reject(new Error('QMP connection closed before its greeting')));
      });
      await client.execute('qmp_capabilities');
      return client;
    } catch (error) {
      socket.destroy();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  execute<T = unknown>(command: string, args?: Record<string, unknown>): Promise<T> {
    if (this.closedFlag) return Promise.reject(new Error('QMP connection closed'));
    const id = String(this.nextId++);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.socket.write(
        `${JSON.stringify({ execute: command, ...(args ? { arguments: args } : {}), id })}\n`,
      );
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n'); end >= 0; end = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, end).trim();
      this.buffer = this.buffer.slice(end + 1);
      if (!line) continue;
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue;
      }
      if ('QMP' in message) this.emit('greeting', message.QMP);
      else if ('event' in message) this.emit('event', { event: message.event, data: message.data });
      else if ('id' in message) {
        const waiting = this.pending.get(String(message.id));
        if (!waiting) continue;
        this.pending.delete(String(message.id));
        if ('error' in message) {
          const error = message.error as { class?: string; desc?: string };
          waiting.reject(new QmpError(error.desc ?? 'QMP error', error.class ?? 'GenericError'));
        } else waiting.resolve(message.return);
      }
    }
  }
}
