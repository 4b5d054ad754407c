import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { workspaces } from '../../db/schema.js';
import type { PortalPubSub } from '../../graphql/pubsub.js';
import type { JobQueue } from '../../jobs/queue.js';
import { evaluate } from '../firewall/engine.js';
import { INTERNET_PROBES } from '../firewall/services.js';
import { computeFirewallRules, computeFirewalls } from '../firewall/tables.js';
import type { Scheduler } from '../scheduler.js';
import { computeInstances, computePlans } from '../tables.js';
import { computeNetworkTraffic } from './tables.js';
import { inboundRatio, monthOf, outboundRate, TB } from './traffic.js';

/** What `networkChanged` subscribers hear: instance uids, each subscriber reloads what it may see. */
export interface NetworkChangedPayload {
  contractUid: string;
  uids: string[];
}

/** The scanner the simulator's internet background comes from (a documentation address). */
export const PROBE_SOURCE = '192.0.2.23';

/**
 * The network side of the simulator: every tick, each running instance sends and receives traffic
 * (counted against its plan's transfer for the month) and gets the internet's background of probes,
 * which its firewall accepts or drops (dropped ones counted). What moved is published as
 * `networkChanged`.
 */
export class NetworkService {
  private ticker: { cancel(): void } | null = null;
  private ticking: Promise<void> | null = null;
  private closed = false;
  private last: number;

  constructor(
    private readonly db: Db,
    private readonly pubsub: PortalPubSub,
    private readonly log: FastifyBaseLogger,
    /** `jobs`: the queue the tick runs on (`compute.network`, once across api processes); else the scheduler. */
    private readonly options: { scheduler: Scheduler; tickMs: number; jobs?: JobQueue },
  ) {
    this.last = options.scheduler.now();
  }

  async start(): Promise<void> {
    this.last = this.options.scheduler.now();
    const { jobs } = this.options;
    if (jobs) {
      await jobs.every('compute.network', { intervalMs: this.options.tickMs }, async () => {
        if (this.closed) return;
        // with several processes the ticks take turns: one accrues at most an interval (and a half)
        // since this process's own last tick, never what another process's ticks accrued already
        if (jobs.kind === 'pg-boss')
          this.last = Math.max(this.last, this.options.scheduler.now() - this.options.tickMs * 1.5);
        await this.tick();
      });
    } else this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.ticker?.cancel();
    await this.ticking;
  }

  /** Accrues traffic and dropped packets of running instances from the last tick up to now. */
  async tick(): Promise<void> {
    const now = this.options.scheduler.now();
    const seconds = Math.max(0, (now - this.last) / 1000);
    this.last = now;
    if (seconds === 0) return;
    const at = new Date(now);
    const running = await this.db
      .select({
        id: computeInstances.id,
        planId: computeInstances.planId,
        contractUid: workspaces.contractUid,
        transferTb: computePlans.transferTb,
      })
      .from(computeInstances)
      .innerJoin(workspaces, eq(workspaces.id, computeInstances.workspaceId))
      .innerJoin(computePlans, eq(computePlans.id, computeInstances.planId))
      .where(and(eq(computeInstances.status, 'ACTIVE'), isNull(computeInstances.deletedAt)));
    if (running.length === 0) return;
    const ids = running.map((r) => r.id);
    const [firewalls, rules] = await Promise.all([
      this.db.select().from(computeFirewalls).where(inArray(computeFirewalls.instanceId, ids)),
      this.db.select().from(computeFirewallRules).where(inArray(computeFirewallRules.instanceId, ids)),
    ]);
    const month = monthOf(at);
    const rows = running.map((r) => {
      const policies = firewalls.find((f) => f.instanceId === r.id);
      const firewall = {
        inboundPolicy: policies?.inboundPolicy ?? 'ACCEPT',
        outboundPolicy: policies?.outboundPolicy ?? 'ACCEPT',
        rules: rules.filter((rule) => rule.instanceId === r.id).sort((a, b) => a.position - b.position),
      } as const;
      const dropped = INTERNET_PROBES.reduce((sum, probe) => {
        const verdict = evaluate(firewall, {
          direction: 'INBOUND',
          protocol: probe.protocol,
          ...(probe.port !== undefined ? { port: probe.port } : {}),
          address: PROBE_SOURCE,
        });
        return verdict.action === 'DROP' ? sum + probe.perSecond * seconds : sum;
      }, 0);
      const outbound = outboundRate(r.id, r.transferTb * TB, at) * seconds;
      return {
        instanceId: r.id,
        month,
        outboundBytes: Math.round(outbound),
        inboundBytes: Math.round(outbound * inboundRatio(r.id)),
        droppedPackets: dropped,
      };
    });
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    await this.db
      .insert(computeNetworkTraffic)
      .values(rows)
      .onConflictDoUpdate({
        target: [computeNetworkTraffic.instanceId, computeNetworkTraffic.month],
        set: {
          outboundBytes: sql`${computeNetworkTraffic.outboundBytes} + ${excluded('outbound_bytes')}`,
          inboundBytes: sql`${computeNetworkTraffic.inboundBytes} + ${excluded('inbound_bytes')}`,
          droppedPackets: sql`${computeNetworkTraffic.droppedPackets} + ${excluded('dropped_packets')}`,
        },
      });
    const byWorkspace = new Map<string, string[]>();
    for (const r of running)
      byWorkspace.set(r.contractUid, [...(byWorkspace.get(r.contractUid) ?? []), r.id]);
    for (const [contractUid, uids] of byWorkspace) this.publish(contractUid, uids);
  }

  publish(contractUid: string, uids: string[]): void {
    this.pubsub.publish('networkChanged', contractUid, { contractUid, uids });
  }

  private schedule(): void {
    if (this.closed) return;
    this.ticker = this.options.scheduler.schedule(this.options.tickMs, async () => {
      if (this.closed) return;
      this.ticking = this.tick().catch((error) =>
        this.log.error({ err: error }, 'network: traffic tick failed'),
      );
      await this.ticking;
      this.ticking = null;
      this.schedule();
    });
  }
}
