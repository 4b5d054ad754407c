import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordCharges } from '../billing/ledger.js';
import type { Db } from '../db/client.js';
import { workspaces } from '../db/schema.js';
import type { PortalPubSub } from '../graphql/pubsub.js';
import type { JobQueue } from '../jobs/queue.js';
import { actionRefusal } from './actions.js';
import { addressesFor } from './addresses.js';
import type { ComputeDriver, DriverEvent } from './driver.js';
import { QEMU_DEFAULTS, QemuDriver, type QemuOptions } from './qemu/driver.js';
import { loadCatalog } from './repository.js';
import type { Scheduler } from './scheduler.js';
import { SimulatorDriver } from './simulator.js';
import { type ComputeInstanceRow, computeInstances, type InstanceAction } from './tables.js';
import { COMPUTE_MESSAGES } from './validation.js';

export interface ComputeOptions {
  scheduler: Scheduler;
  /** `PORTAL_COMPUTE_SIM_SPEED`: divides the simulator's durations. */
  speed: number;
  /** `PORTAL_COMPUTE_FAILURE_RATE`: probability that a simulated step fails. */
  failureRate: number;
  random?: () => number;
  /** How often charges are accrued and, when they moved by a cent, published (ms of the scheduler). */
  chargeTickMs: number;
  /**
   * The job queue the charge tick (`compute.charges`, once across api processes) and, with pg-boss,
   * the simulator's steps run on; without it, the scheduler.
   */
  jobs?: JobQueue;
  /** `PORTAL_COMPUTE_DRIVER`: the embedded simulator (default) or real QEMU virtual machines. */
  driver?: 'simulator' | 'qemu';
  /** The QEMU driver's settings (`qemu/driver.ts`); `dir` is required with `driver: 'qemu'`. */
  qemu?: Partial<Omit<QemuOptions, 'machineOf' | 'log'>>;
}

/** The workspace an instance belongs to, as the service needs it. */
export interface ComputeWorkspace {
  id: string;
  contractUid: string;
  currency: string;
}

/** What `instanceChanged` subscribers hear: ids only, each subscriber reloads what it may see. */
export interface InstanceChangedPayload {
  contractUid: string;
  uid: string;
  deleted: boolean;
}

export class ComputeRefusal extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

interface RowsResult<T> {
  rows: T[];
}

/**
 * The compute domain's state machine around a driver: it records what the driver reports, accrues
 * charges into the workspace's ledger (`since_last_invoice`), and publishes `instanceChanged` (and
 * `workspaceChanged` when the balance moved) for every change.
 */
export class ComputeService {
  readonly driver: ComputeDriver;
  /** The embedded driver (dev tools reach it); null with a real driver. */
  readonly simulator: SimulatorDriver | null;
  /** The QEMU driver when it is the one (`PORTAL_COMPUTE_DRIVER=qemu`), else null. */
  readonly qemu: QemuDriver | null;
  private ticker: { cancel(): void } | null = null;
  private ticking: Promise<void> | null = null;
  private closed = false;

  constructor(
    readonly db: Db,
    private readonly pubsub: PortalPubSub,
    private readonly log: FastifyBaseLogger,
    readonly options: ComputeOptions,
  ) {
    if (options.driver === 'qemu') {
      const { dir, ...rest } = options.qemu ?? {};
      if (!dir) throw new Error('the QEMU driver needs a folder (PORTAL_QEMU_DIR)');
      this.qemu = new QemuDriver(
        { report: (event) => this.record(event) },
        { ...QEMU_DEFAULTS, ...rest, dir, log, machineOf: (uid) => this.machineOf(uid) },
      );
      this.simulator = null;
      this.driver = this.qemu;
      return;
    }
    this.qemu = null;
    const simulator = new SimulatorDriver(
      { report: (event) => this.record(event) },
      {
        scheduler: options.scheduler,
        speed: options.speed,
        failureRate: options.failureRate,
        ...(options.random ? { random: options.random } : {}),
        ...(options.jobs ? { jobs: options.jobs } : {}),
      },
    );
    this.simulator = simulator;
    this.driver = simulator;
  }

  now(): Date {
    return new Date(this.options.scheduler.now());
  }

  /** The instance as the QEMU driver boots it: its name and its plan's size now. */
  private async machineOf(uid: string) {
    const [row] = await this.db
      .select()
      .from(computeInstances)
      .where(and(eq(computeInstances.id, uid), isNull(computeInstances.deletedAt)));
    if (!row) return null;
    const plan = (await loadCatalog(this.db)).plan(row.planId);
    return { name: row.name, memoryMb: plan?.memoryMb ?? 1024, vcpus: plan?.vcpus ?? 1 };
  }

  /** After start-up: carries on with deployments and actions a restart interrupted; starts the charges. */
  async start(): Promise<void> {
    if (this.driver.adopt) {
      const live = await this.db
        .select({
          uid: computeInstances.id,
          status: computeInstances.status,
          pendingAction: computeInstances.pendingAction,
        })
        .from(computeInstances)
        .where(isNull(computeInstances.deletedAt));
      await this.driver.adopt(live);
      // the image builds in the background, so that the first deployment waits less
      this.qemu?.prepare().catch((error) => this.log.error({ err: error }, 'qemu: the guest image failed'));
    }
    const unfinished = await this.db
      .select()
      .from(computeInstances)
      .where(
        and(
          isNull(computeInstances.deletedAt),
          or(
            eq(computeInstances.status, 'INSTALLING'),
            isNotNull(computeInstances.pendingAction),
            isNotNull(computeInstances.resizingToPlanId),
          ),
        ),
      );
    for (const row of unfinished) {
      this.driver.resume(row.id, {
        status: row.status,
        pendingAction: row.pendingAction,
        resizing: row.resizingToPlanId !== null,
      });
    }
    const { jobs } = this.options;
    if (jobs) {
      await jobs.every('compute.charges', { intervalMs: this.options.chargeTickMs }, async () => {
        if (!this.closed) await this.tick();
      });
    } else this.scheduleTick();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.ticker?.cancel();
    await this.driver.close();
    await this.ticking;
  }

  async create(
    workspace: ComputeWorkspace,
    input: {
      name: string;
      imageUid: string;
      locationUid: string;
      planUid: string;
      rootPassword: string | null;
      sshKeys?: readonly string[];
    },
    /** Runs in the insert's transaction, before the deployment starts (the keys it is deployed with). */
    alongside?: (tx: Db, row: ComputeInstanceRow) => Promise<void>,
  ): Promise<ComputeInstanceRow> {
    const now = this.now();
    const id = crypto.randomUUID();
    let row: ComputeInstanceRow | undefined;
    try {
      row = await this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(computeInstances)
          .values({
            id,
            workspaceId: workspace.id,
            name: input.name,
            imageId: input.imageUid,
            locationId: input.locationUid,
            planId: input.planUid,
            status: 'INSTALLING',
            chargedUntil: now,
            createdAt: now,
            ...addressesFor(id),
          })
          .returning();
        if (inserted && alongside) await alongside(tx as unknown as Db, inserted);
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(input.name);
      throw error;
    }
    this.driver.deploy({
      uid: id,
      name: input.name,
      imageUid: input.imageUid,
      locationUid: input.locationUid,
      planUid: input.planUid,
      rootPassword: input.rootPassword,
      ...(input.sshKeys ? { sshKeys: input.sshKeys } : {}),
    });
    this.publish(workspace.contractUid, id, false);
    return row!;
  }

  /** Starts an action the status allows (checked and claimed in one statement), else refuses. */
  async act(workspace: ComputeWorkspace, row: ComputeInstanceRow, action: InstanceAction) {
    const refusal = actionRefusal(row.status, row.pendingAction, action, row.resizingToPlanId !== null);
    if (refusal) throw new ComputeRefusal(refusal, 'ACTION_NOT_ALLOWED');
    const [claimed] = await this.db
      .update(computeInstances)
      .set({ pendingAction: action, lastError: null })
      .where(
        and(
          eq(computeInstances.id, row.id),
          isNull(computeInstances.deletedAt),
          isNull(computeInstances.pendingAction),
          isNull(computeInstances.resizingToPlanId),
          eq(computeInstances.status, row.status),
        ),
      )
      .returning();
    if (!claimed) {
      // Something else changed it meanwhile: refuse against what it is now.
      const [current] = await this.db.select().from(computeInstances).where(eq(computeInstances.id, row.id));
      const message = current
        ? (actionRefusal(current.status, current.pendingAction, action, current.resizingToPlanId !== null) ??
          'The instance changed meanwhile. Try again.')
        : 'The instance no longer exists.';
      throw new ComputeRefusal(message, 'ACTION_NOT_ALLOWED');
    }
    this.driver.perform(row.id, action, row.status);
    this.publish(workspace.contractUid, row.id, false);
    return claimed;
  }

  async rename(workspace: ComputeWorkspace, row: ComputeInstanceRow, name: string) {
    let updated: ComputeInstanceRow | undefined;
    try {
      [updated] = await this.db
        .update(computeInstances)
        .set({ name })
        .where(and(eq(computeInstances.id, row.id), isNull(computeInstances.deletedAt)))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(name);
      throw error;
    }
    if (!updated) throw new ComputeRefusal('The instance no longer exists.', 'NOT_FOUND');
    if (updated.name !== row.name) this.publish(workspace.contractUid, row.id, false);
    return updated;
  }

  /** Records what the driver reports; a report that no longer fits the instance (stale) is dropped. */
  async record(event: DriverEvent): Promise<void> {
    try {
      const where =
        event.type === 'deleted'
          ? eq(computeInstances.pendingAction, 'DELETE')
          : event.type === 'poweredOff'
            ? and(eq(computeInstances.status, 'ACTIVE'), isNull(computeInstances.pendingAction))
            : event.action === 'DEPLOY'
              ? and(eq(computeInstances.status, 'INSTALLING'), isNull(computeInstances.pendingAction))
              : event.action === 'RESIZE'
                ? isNotNull(computeInstances.resizingToPlanId)
                : eq(computeInstances.pendingAction, event.action);
      const scope = and(eq(computeInstances.id, event.uid), isNull(computeInstances.deletedAt), where);
      let changed: ComputeInstanceRow[];
      if (event.type === 'deleted') {
        // Charges up to the moment it goes away, billed (and published) while it still exists.
        await this.accrue([event.uid]);
        await this.bill();
        changed = await this.db
          .update(computeInstances)
          .set({ deletedAt: this.now(), pendingAction: null })
          .where(scope)
          .returning();
      } else if (event.type === 'poweredOff') {
        changed = await this.db
          .update(computeInstances)
          .set({ status: 'INACTIVE', lastError: event.message })
          .where(scope)
          .returning();
      } else if (event.type === 'completed' && event.action === 'RESIZE') {
        // Charges follow the new plan from now on: what ran until now is charged at the old one.
        await this.accrue([event.uid]);
        changed = await this.db
          .update(computeInstances)
          .set({
            planId: sql`${computeInstances.resizingToPlanId}`,
            resizingToPlanId: null,
            status: event.status,
            lastError: null,
          })
          .where(scope)
          .returning();
      } else if (event.type === 'completed') {
        changed = await this.db
          .update(computeInstances)
          .set({ status: event.status, pendingAction: null, lastError: null })
          .where(scope)
          .returning();
      } else {
        changed = await this.db
          .update(computeInstances)
          .set({
            status: event.status,
            pendingAction: null,
            resizingToPlanId: null,
            lastError: event.message,
          })
          .where(scope)
          .returning();
      }
      const [row] = changed;
      if (!row) return;
      this.log.info({ instance: row.id, event: event.type, status: row.status }, 'compute: instance changed');
      const contractUid = await this.contractUidOf(row.workspaceId);
      if (contractUid) this.publish(contractUid, row.id, event.type === 'deleted');
    } catch (error) {
      this.log.error({ err: error, event }, 'compute: recording a driver event failed');
    }
  }

  /**
   * Accrues every instance's hourly price up to now (exact numeric arithmetic in the database), then
   * moves the whole cents gained into the ledger (each workspace's `sinceLastInvoice`) and publishes what moved.
   */
  async tick(): Promise<void> {
    await this.accrue();
    await this.bill();
  }

  private async accrue(uids?: string[]): Promise<void> {
    const now = this.now().toISOString();
    const only = uids
      ? sql`and i.id in (${sql.join(
          uids.map((uid) => sql`${uid}::uuid`),
          sql`, `,
        )})`
      : sql``;
    await this.db.execute(sql`
      update compute_instances i
      set charges = i.charges + p.hourly * extract(epoch from (${now}::timestamptz - i.charged_until)) / 3600,
          charged_until = ${now}::timestamptz
      from workspaces w, compute_plan_prices p
      where w.id = i.workspace_id and p.plan_id = i.plan_id and p.currency = w.currency
        and i.deleted_at is null and i.charged_until < ${now}::timestamptz ${only}`);
  }

  private async bill(): Promise<void> {
    const moved = await this.db.transaction(async (tx) => {
      const rows = (
        (await tx.execute(sql`
          select i.id, i.name, i.workspace_id, w.contract_uid, w.currency, i.deleted_at is not null as deleted,
                 (trunc(i.charges, 2) - i.charges_billed)::text as gained
          from compute_instances i join workspaces w on w.id = i.workspace_id
          where trunc(i.charges, 2) > i.charges_billed
          -- two api processes on one PostgreSQL: the second waits, then finds nothing left to bill
          for update of i`)) as unknown as RowsResult<{
          id: string;
          name: string;
          deleted: boolean;
          workspace_id: string;
          contract_uid: string;
          currency: string;
          gained: string;
        }>
      ).rows;
      if (rows.length === 0) return [];
      await tx
        .update(computeInstances)
        .set({ chargesBilled: sql`trunc(${computeInstances.charges}, 2)` })
        .where(
          inArray(
            computeInstances.id,
            rows.map((r) => r.id),
          ),
        );
      // Into the ledger's unbilled account, one entry per instance (upcoming charges per service).
      await recordCharges(
        tx as unknown as Db,
        rows.map((r) => ({
          workspaceId: r.workspace_id,
          currency: r.currency,
          amount: r.gained,
          source: `compute:${r.id}`,
          description: `Instance ${r.name}`,
        })),
        this.now(),
      );
      return rows;
    });
    for (const r of moved) this.publish(r.contract_uid, r.id, r.deleted);
    for (const contractUid of new Set(moved.map((r) => r.contract_uid))) {
      this.pubsub.publish('workspaceChanged', contractUid, { contractUid });
    }
  }

  private scheduleTick(): void {
    if (this.closed) return;
    this.ticker = this.options.scheduler.schedule(this.options.chargeTickMs, async () => {
      if (this.closed) return;
      this.ticking = this.tick().catch((error) => this.log.error({ err: error }, 'compute: charging failed'));
      await this.ticking;
      this.ticking = null;
      this.scheduleTick();
    });
  }

  private async contractUidOf(workspaceId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ contractUid: workspaces.contractUid })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row?.contractUid;
  }

  publish(contractUid: string, uid: string, deleted: boolean): void {
    this.pubsub.publish('instanceChanged', contractUid, { contractUid, uid, deleted });
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const duplicateName = (name: string) =>
  new ComputeRefusal(COMPUTE_MESSAGES.duplicateName(name), 'DUPLICATE_NAME', 'name');
