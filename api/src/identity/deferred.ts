import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (the mail of a password reset): the answer goes out
 * first, so its timing says nothing about what the work found. Failures are logged; `settled()`
 * waits for what is running (at shutdown, and for the dev outbox, so a reader sees what was sent).
 */
export class DeferredWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(label: string, task: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.error({ err, task: label }, 'deferred work failed'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
