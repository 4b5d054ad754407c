import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../compute/scheduler.js';
import type { Db } from '../db/client.js';

/**
 * Background work by name (issue 16): each domain registers its jobs and their handlers here, and
 * every api process on one database runs them once between them. Two engines behind one interface:
 *
 * - `PgBossJobQueue` (`pg-boss-queue.ts`) with `DATABASE_URL`: pg-boss on PostgreSQL. A job is a
 *   row any process's worker may take; deferred ones wait in the table (they survive a restart and
 *   run on another process when theirs is gone); failures are retried with backoff.
 * - `LocalJobQueue` (below) with PGlite: the same handlers on the compute scheduler's clock in the
 *   one process PGlite allows, so tests keep a clock they move (`ManualScheduler`).
 */
export interface JobQueue {
  readonly kind: 'local' | 'pg-boss';
  /** Names this process in `job_runs`. */
  readonly process: string;
  /**
   * The handler of a named job. A handler that throws is retried (`retryLimit` times, `retryDelayS`
   * apart, doubling with `retryBackoff`). Define before `start`, or await it after.
   */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: JobOptions): Promise<void>;
  /** Queues a job now or `afterMs` from now (it outlives this process). */
  send<T extends object>(name: string, data: T, options?: { afterMs?: number }): Promise<void>;
  /**
   * A periodic job: every `intervalMs` (from start, or aligned to `offsetMs` past a multiple of it),
   * run once by one process of all. Each run is recorded in `job_runs`.
   */
  every(name: string, period: Period, handler: PeriodicHandler): Promise<void>;
  /**
   * Queues slot `slot` of a periodic job, what every process's timer does when the slot falls due;
   * answers whether this call queued it (false: another process had, or it ran already).
   */
  trigger(name: string, slot: number): Promise<boolean>;
  start(): Promise<void>;
  /** Stops taking work and waits for what runs here; queued jobs stay for the other processes. */
  stop(): Promise<void>;
}

export type JobHandler<T> = (data: T) => Promise<void>;
export interface JobOptions {
  retryLimit?: number;
  retryDelayS?: number;
  retryBackoff?: boolean;
}
export interface Period {
  intervalMs: number;
  /** aligned to wall-clock multiples of the interval plus this (e.g. 00:05 every day) */
  offsetMs?: number;
}
/** `slot`: which interval this run is for; `at`: when it fell due (ms). */
export type PeriodicHandler = (tick: { slot: number; at: number }) => Promise<void>;

export const newProcessName = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** pg-boss's id of a periodic job's slot: the same in every process, so the slot is queued once. */
export function slotJobId(name: string, slot: number): string {
  const hex = createHash('sha1').update(`${name}:${slot}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The next slot of an aligned period at or after `now`, and when it falls due. */
export function nextSlot(period: Period, now: number): { slot: number; at: number } {
  const offset = period.offsetMs ?? 0;
  const slot = Math.floor((now - offset) / period.intervalMs) + 1;
  return { slot, at: slot * period.intervalMs + offset };
}

/** Records a periodic run (observed by tests and `GET /_dev/jobs/runs`); old rows go now and then. */
export class JobRuns {
  private writes = 0;
  constructor(
    private readonly db: Db,
    private readonly processName: string,
  ) {}

  async record(name: string, slot: number): Promise<void> {
    await this.db.execute(
      sql`insert into job_runs (name, slot, process) values (${name}, ${slot}, ${this.processName})`,
    );
    this.writes += 1;
    if (this.writes % 200 === 0)
      await this.db.execute(sql`delete from job_runs where ran_at < now() - interval '1 day'`);
  }
}

interface Definition {
  handler: JobHandler<object>;
  options: JobOptions;
}

/**
 * The one-process engine: jobs run on `scheduler` (real unref'd timers in the api, a moved clock in
 * tests). `send` without a delay runs the first attempt at once and waits for it (a mail is in the
 * outbox when the request answers, as before); a failure is retried later on the scheduler.
 */
export class LocalJobQueue implements JobQueue {
  readonly kind = 'local' as const;
  readonly process = newProcessName();
  private readonly definitions = new Map<string, Definition>();
  private readonly timers = new Set<{ cancel(): void }>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly log: FastifyBaseLogger,
  ) {}

  async define<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: JobOptions = {},
  ): Promise<void> {
    this.definitions.set(name, { handler: handler as JobHandler<object>, options });
  }

  async send<T extends object>(name: string, data: T, options: { afterMs?: number } = {}): Promise<void> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`no job named ${name}`);
    if (options.afterMs && options.afterMs > 0)
      this.later(options.afterMs, () => this.attempt(name, definition, data, 1));
    else await this.track(this.attempt(name, definition, data, 1));
  }

  async every(name: string, period: Period, handler: PeriodicHandler): Promise<void> {
    let slot = 0;
    const run = async (at: number) => {
      if (this.stopped) return;
      slot = period.offsetMs === undefined ? slot + 1 : nextSlot(period, at - 1).slot;
      try {
        // not recorded in `job_runs`: one process by construction, and tests move the clock by days
        await handler({ slot, at });
      } catch (error) {
        this.log.error({ err: error, job: name }, 'job failed');
      }
      plan();
    };
    const plan = () => {
      if (this.stopped) return;
      const now = this.scheduler.now();
      const delay = period.offsetMs === undefined ? period.intervalMs : nextSlot(period, now).at - now;
      this.later(delay, () => run(now + delay));
    };
    plan();
  }

  async trigger(name: string, _slot: number): Promise<boolean> {
    throw new Error(`trigger(${name}) needs pg-boss: with PGlite the one process runs every slot itself`);
  }

  async start(): Promise<void> {
    this.stopped = false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private later(ms: number, task: () => Promise<void>): void {
    const timer = this.scheduler.schedule(ms, async () => {
      this.timers.delete(timer);
      if (!this.stopped) await this.track(task());
    });
    this.timers.add(timer);
  }

  private track(work: Promise<void>): Promise<void> {
    const done = work.finally(() => this.running.delete(done));
    this.running.add(done);
    return done;
  }

  private async attempt(name: string, definition: Definition, data: object, attempt: number): Promise<void> {
    try {
      await definition.handler(data);
    } catch (error) {
      const { retryLimit = 0, retryDelayS = 0, retryBackoff = false } = definition.options;
      if (attempt > retryLimit) {
        this.log.error({ err: error, job: name, attempt }, 'job failed for good');
        return;
      }
      const delayS = retryBackoff ? retryDelayS * 2 ** (attempt - 1) : retryDelayS;
      this.log.warn({ err: error, job: name, attempt, retryInS: delayS }, 'job failed, retrying');
      this.later(delayS * 1000, () => this.attempt(name, definition, data, attempt + 1));
    }
  }
}
