import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../compute/scheduler.js';
import type { Db } from '../db/client.js';
import { workspaces } from '../db/schema.js';
import type { PortalPubSub } from '../graphql/pubsub.js';
import type { JobQueue } from '../jobs/queue.js';
import { runInvoices } from './invoice-run.js';
import { utcDate } from './ledger.js';
import type { PaymentsService } from './payments/service.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The daily run starts 5 minutes after midnight (UTC), when every charge of the day before is in. */
export const DAILY_AT_MS = 5 * 60 * 1000;

/**
 * Billing's periodic work, as jobs of the api's queue (pg-boss with several processes: one of them
 * runs each), or timers on the scheduler without one: once a day at 00:05 UTC the invoice run, which
 * issues invoices on the first of the month (`runInvoices` is idempotent per day, so a restart on that day issues nothing twice); and
 * every hour the expiry of payments left unfinished for a day. Started by the app (`server.ts`), on
 * the compute scheduler's clock, which tests replace with a clock they move.
 */
export class InvoiceSchedule {
  private daily: { cancel(): void } | null = null;
  private hourly: { cancel(): void } | null = null;
  private stopped = false;

  constructor(
    private readonly options: {
      db: Db;
      pubsub: PortalPubSub;
      log: FastifyBaseLogger;
      payments: PaymentsService;
      scheduler: Scheduler;
      /**
       * The job queue both run on (`billing.daily`, `billing.expire-payments`: once across api
       * processes); without it, timers on the scheduler.
       */
      jobs?: JobQueue;
    },
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    const { jobs, log, payments } = this.options;
    if (jobs) {
      await jobs.every('billing.daily', { intervalMs: DAY_MS, offsetMs: DAILY_AT_MS }, async ({ at }) => {
        if (!this.stopped)
          await this.runDaily(at).catch((err: unknown) => log.error({ err }, 'billing: invoice run failed'));
      });
      await jobs.every('billing.expire-payments', { intervalMs: HOUR_MS }, async () => {
        if (!this.stopped) await payments.expireStale();
      });
      return;
    }
    this.scheduleDaily();
    this.scheduleHourly();
  }

  stop(): void {
    this.stopped = true;
    this.daily?.cancel();
    this.hourly?.cancel();
  }

  /** Milliseconds from `now` to the next 00:05 UTC. */
  static untilNextRun(now: number): number {
    const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
    const today = dayStart + DAILY_AT_MS;
    return today > now ? today - now : today + DAY_MS - now;
  }

  private scheduleDaily() {
    if (this.stopped) return;
    const { scheduler } = this.options;
    this.daily = scheduler.schedule(InvoiceSchedule.untilNextRun(scheduler.now()), async () => {
      await this.runDaily().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'billing: invoice run failed'),
      );
      this.scheduleDaily();
    });
  }

  private scheduleHourly() {
    if (this.stopped) return;
    this.hourly = this.options.scheduler.schedule(HOUR_MS, async () => {
      await this.options.payments
        .expireStale()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'billing: payment expiry failed'));
      this.scheduleHourly();
    });
  }

  /** The daily run: the invoice run on the first of the month (UTC). Answers the invoices issued. */
  async runDaily(at = this.options.scheduler.now()): Promise<number> {
    const today = utcDate(at);
    if (!today.endsWith('-01')) return 0;
    return this.runInvoices(today);
  }

  /** The invoice run for `today`, publishing `workspaceChanged` to each workspace invoiced. */
  async runInvoices(today: string): Promise<number> {
    const issued = await runInvoices(this.options.db, today);
    if (issued.length > 0) {
      const rows = await this.options.db
        .select({ contractUid: workspaces.contractUid })
        .from(workspaces)
        .where(inArray(workspaces.id, [...new Set(issued.map((i) => i.workspaceId))]));
      for (const { contractUid } of rows)
        this.options.pubsub.publish('workspaceChanged', contractUid, { contractUid });
    }
    this.options.log.info({ today, issued: issued.length }, 'billing: invoice run');
    return issued.length;
  }
}
