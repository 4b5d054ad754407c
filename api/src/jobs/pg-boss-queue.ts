import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Scheduler } from '../compute/scheduler.js';
import type { Db } from '../db/client.js';
import {
  type JobHandler,
  type JobOptions,
  type JobQueue,
  JobRuns,
  newProcessName,
  nextSlot,
  type Period,
  type PeriodicHandler,
  slotJobId,
} from './queue.js';

export interface PgBossOptions {
  /** how often an idle worker asks for work (seconds, at least 0.5) */
  pollS: number;
}

interface Definition {
  handler: JobHandler<object>;
  options: JobOptions;
}

/**
 * pg-boss on the api's PostgreSQL (its own schema `pgboss`, created and migrated by `start`; kept
 * out of drizzle's migrations). Every process defines the same jobs and works every queue; a job is
 * taken by one worker (`SKIP LOCKED`). Periodic jobs: each process keeps a timer for the next slot
 * of the period (aligned to the wall clock, so the processes agree on the slots) and queues it under
 * a job id derived from name and slot: the second process's insert of a slot does nothing, so the
 * slot runs once. A slot's job is not retried (the next slot does its work); deferred jobs wait in
 * the table and are taken by whichever process polls when they fall due.
 */
export class PgBossJobQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  readonly process = newProcessName();
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, Definition>();
  private readonly periodic = new Map<string, { period: Period; handler: PeriodicHandler }>();
  private readonly timers = new Set<{ cancel(): void }>();
  private readonly workers = new Map<string, string>();
  private readonly runs: JobRuns;
  private started = false;
  private stopped = false;

  constructor(
    url: string,
    db: Db,
    private readonly scheduler: Scheduler,
    private readonly log: FastifyBaseLogger,
    private readonly options: PgBossOptions,
  ) {
    this.boss = new PgBoss({
      connectionString: url,
      application_name: `portal-jobs ${this.process}`,
      max: 4,
      // cron schedules are not used: periodic jobs are slots queued by id (above)
      schedule: false,
    });
    this.boss.on('error', (err) => this.log.error({ err }, 'jobs: pg-boss error'));
    this.runs = new JobRuns(db, this.process);
  }

  async define<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: JobOptions = {},
  ): Promise<void> {
    this.definitions.set(name, { handler: handler as JobHandler<object>, options });
    if (this.started) await this.work(name);
  }

  async send<T extends object>(name: string, data: T, options: { afterMs?: number } = {}): Promise<void> {
    const afterS = Math.ceil((options.afterMs ?? 0) / 1000);
    await this.boss.send(name, data, afterS > 0 ? { startAfter: afterS } : {});
    // this process's worker looks at once instead of at its next poll
    const worker = this.workers.get(name);
    if (worker && afterS === 0) this.boss.notifyWorker(worker);
  }

  async every(name: string, period: Period, handler: PeriodicHandler): Promise<void> {
    this.periodic.set(name, { period, handler });
    await this.define<{ slot: number; at: number }>(
      name,
      async ({ slot, at }) => {
        await this.runs.record(name, slot);
        await handler({ slot, at });
      },
      { retryLimit: 0 },
    );
    if (this.started) this.plan(name);
  }

  async trigger(name: string, slot: number): Promise<boolean> {
    const entry = this.periodic.get(name);
    if (!entry) throw new Error(`no periodic job named ${name}`);
    const at = slot * entry.period.intervalMs + (entry.period.offsetMs ?? 0);
    const id = await this.boss.send(
      name,
      { slot, at },
      // not retried (the next slot does the work); a run may take one interval (a minute at least)
      {
        id: slotJobId(name, slot),
        retryLimit: 0,
        expireInSeconds: Math.max(60, entry.period.intervalMs / 1000),
      },
    );
    const worker = this.workers.get(name);
    if (id && worker) this.boss.notifyWorker(worker);
    return id !== null;
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    this.stopped = false;
    for (const name of this.definitions.keys()) await this.work(name);
    for (const name of this.periodic.keys()) this.plan(name);
  }

  async stop(): Promise<void> {
    if (!this.started || this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
    // waits for the jobs running here; queued ones stay for the other processes
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
  }

  private async work(name: string): Promise<void> {
    const definition = this.definitions.get(name)!;
    const { retryLimit = 0, retryDelayS = 0, retryBackoff = false } = definition.options;
    await this.createQueue({ name, retryLimit, retryDelay: retryDelayS, retryBackoff });
    const id = await this.boss.work<object>(
      name,
      { pollingIntervalSeconds: this.options.pollS, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        try {
          await definition.handler(job.data);
        } catch (error) {
          this.log.warn({ err: error, job: name, id: job.id }, 'job failed (pg-boss retries it if it may)');
          throw error;
        }
      },
    );
    this.workers.set(name, id);
  }

  /**
   * Creates the queue unless it exists. Processes starting together race to create it (a partition
   * of pg-boss's job table: DDL, where PostgreSQL may pick one of them as a deadlock victim), so a
   * failed attempt looks again.
   */
  private async createQueue(queue: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (await this.boss.getQueue(queue.name)) return;
      try {
        await this.boss.createQueue(queue.name, queue);
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        this.log.info(
          { err: error, queue: queue.name },
          'jobs: queue creation raced another process, looking again',
        );
      }
    }
  }

  /** This process's timer for the next slot of a periodic job. */
  private plan(name: string): void {
    if (this.stopped) return;
    const { period } = this.periodic.get(name)!;
    const now = this.scheduler.now();
    const next = nextSlot(period, now);
    const timer = this.scheduler.schedule(next.at - now, async () => {
      this.timers.delete(timer);
      if (this.stopped) return;
      await this.trigger(name, next.slot).catch((err: unknown) =>
        this.log.error({ err, job: name }, 'jobs: could not queue a periodic slot'),
      );
      this.plan(name);
    });
    this.timers.add(timer);
  }
}
