import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PortalPubSub } from '../../graphql/pubsub.js';
import type { Mailer } from '../../identity/notify/types.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { LiveSample } from '../driver.js';
import type { Scheduler } from '../scheduler.js';
import {
  type AlertCondition,
  alertMessage,
  evaluateEpisode,
  formatPeriod,
  formatRuleValue,
  METRIC_LABELS,
} from './alerts.js';
import {
  type AlertMetric,
  aggregate,
  capacityOf,
  combine,
  METRIC_FIELD,
  type MetricRange,
  type Point,
  rangeWindow,
  ruleValue,
  SAMPLE_FIELDS,
  type Sample,
  type SampleField,
  simulatedSample,
  zero,
} from './metrics.js';
import {
  enabledRules,
  type Machine,
  machines,
  type Recipient,
  recordedBuckets,
  recordedForRules,
  workspaceOf,
  workspaceRecipients,
} from './repository.js';
import { type AlertRuleRow, computeAlertRules, computeMetricSamples } from './tables.js';

export interface MonitoringOptions {
  scheduler: Scheduler;
  /** how often the sampler records a minute and evaluates the rules (ms of the scheduler) */
  sampleMs: number;
  /** The job queue the sampler runs on (`compute.metrics`, once across api processes); else the scheduler. */
  jobs?: JobQueue;
  /** the portal's public origin, for the link in alert mails */
  publicUrl: string;
  /** what a real driver measures of a running machine now (QEMU: CPU, memory); over the simulated shape */
  live?: (uid: string) => LiveSample | null;
}

/** What `alertRuleChanged` subscribers hear: ids only, each subscriber reloads what it may see. */
export interface AlertRuleChangedPayload {
  contractUid: string;
  uid: string;
  deleted: boolean;
  /** a deleted rule's last state (it can no longer be reloaded) */
  row?: AlertRuleRow;
}

const MINUTE = 60_000;
/** Recorded minutes are kept a day; older history is the simulator's shape (api README). */
export const SAMPLE_RETENTION_MS = 24 * 60 * MINUTE;

/**
 * The sampler and the alert evaluation. Every `sampleMs` (a minute) it records the current minute
 * of every live instance (the simulator's shape, or what the dev tool forces), drops minutes older
 * than a day, then evaluates the enabled rules: a rule fires once when its period's average breaks
 * it and recovers when it no longer does; both are told to the workspace's people live (the
 * `notifications` toast) and by e-mail.
 */
export class MonitoringService {
  /** dev tool: values an instance reads until cleared, by sample field */
  private readonly forced = new Map<string, Partial<Record<SampleField, { value: number; from: number }>>>();
  private timer: { cancel(): void } | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly pubsub: PortalPubSub,
    private readonly log: FastifyBaseLogger,
    private readonly mailer: Mailer,
    readonly options: MonitoringOptions,
  ) {}

  now(): number {
    return this.options.scheduler.now();
  }

  async start(): Promise<void> {
    const { jobs } = this.options;
    if (jobs) {
      await jobs.every('compute.metrics', { intervalMs: this.options.sampleMs }, async () => {
        if (!this.closed) await this.tick();
      });
    } else this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.timer?.cancel();
    await this.running;
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = this.options.scheduler.schedule(this.options.sampleMs, async () => {
      if (this.closed) return;
      this.running = this.tick().catch((error) =>
        this.log.error({ err: error }, 'monitoring: sampling failed'),
      );
      await this.running;
      this.running = null;
      this.schedule();
    });
  }

  /** What an instance reads at `at`: the simulator's shape, with the values forced since before `at`. */
  private read(machine: Machine, at: number, current = false): Sample | null {
    const simulated = simulatedSample(machine, at);
    const measured = current && simulated ? this.options.live?.(machine.uid) : null;
    const sample = simulated && measured ? { ...simulated, ...measured } : simulated;
    const forced = this.forced.get(machine.uid);
    if (!sample || !forced) return sample;
    const read = { ...sample };
    for (const [field, force] of Object.entries(forced) as Array<
      [SampleField, { value: number; from: number }]
    >)
      if (at >= force.from) read[field] = force.value;
    return read;
  }

  /** Records the current minute of every live instance, drops old minutes, evaluates the rules. */
  async tick(): Promise<void> {
    const minute = Math.floor(this.now() / MINUTE) * MINUTE;
    const all = await machines(this.db);
    const rows = all.flatMap((machine) => {
      const sample = this.read(machine, minute, true);
      return sample ? [{ instanceId: machine.uid, at: new Date(minute), ...sample }] : [];
    });
    if (rows.length > 0) {
      await this.db
        .insert(computeMetricSamples)
        .values(rows)
        .onConflictDoUpdate({
          target: [computeMetricSamples.instanceId, computeMetricSamples.at],
          set: Object.fromEntries(SAMPLE_FIELDS.map((f) => [f, sql.raw(`excluded.${snake(f)}`)])),
        });
    }
    await this.db
      .delete(computeMetricSamples)
      .where(lt(computeMetricSamples.at, new Date(minute - SAMPLE_RETENTION_MS)));
    await this.evaluate();
  }

  /**
   * Dev tool (e2e): from now on the instance reads `value` (in the rule's unit: %, Mbps, pps) for
   * `metric`, as if it had for the last `minutes` (those minutes are recorded so); `null` clears.
   * Then samples and evaluates at once.
   */
  async force(machine: Machine, metric: AlertMetric, value: number | null, minutes: number): Promise<void> {
    const field = METRIC_FIELD[metric];
    const end = Math.floor(this.now() / MINUTE) * MINUTE;
    const from = end - (minutes - 1) * MINUTE;
    const current = { ...this.forced.get(machine.uid) };
    if (value === null) delete current[field];
    else current[field] = { value: toSampleUnit(metric, value, machine), from };
    if (Object.keys(current).length > 0) this.forced.set(machine.uid, current);
    else this.forced.delete(machine.uid);
    if (value !== null) {
      const rows = [];
      for (let at = from; at <= end; at += MINUTE) {
        const sample = this.read(machine, at);
        if (sample) rows.push({ instanceId: machine.uid, at: new Date(at), ...sample });
      }
      if (rows.length > 0)
        await this.db
          .insert(computeMetricSamples)
          .values(rows)
          .onConflictDoUpdate({
            target: [computeMetricSamples.instanceId, computeMetricSamples.at],
            set: { [field]: sql.raw(`excluded.${snake(field)}`) },
          });
    }
    await this.tick();
  }

  /** The points of a range for these machines: one series each, or (`combined`) their sum. */
  async series(list: Machine[], range: MetricRange, combined: boolean): Promise<Point[]> {
    const window = rangeWindow(range, this.now());
    const recorded = await recordedBuckets(
      this.db,
      list.map((m) => m.uid),
      window,
    );
    const each = list.map((machine) =>
      aggregate(window, recorded.get(machine.uid) ?? new Map(), (at) => this.read(machine, at)),
    );
    if (combined) return combine(each);
    return each[0] ?? [];
  }

  /** Evaluates the enabled rules (of these instances) on the period each averages over. */
  async evaluate(instanceIds?: string[]): Promise<void> {
    const rules = await enabledRules(this.db, instanceIds);
    if (rules.length === 0) return;
    const list = await machines(this.db, { uids: [...new Set(rules.map((r) => r.instanceId))] });
    const byUid = new Map(list.map((m) => [m.uid, m]));
    const to = Math.floor(this.now() / MINUTE) * MINUTE + MINUTE;
    const recorded = await recordedForRules(
      this.db,
      rules.map((r) => r.id),
      to,
    );
    for (const rule of rules) {
      const machine = byUid.get(rule.instanceId);
      if (!machine) continue;
      const stepMs = rule.periodMinutes * MINUTE;
      const [point] = aggregate(
        { from: to - stepMs, to, stepMs, points: 1 },
        new Map([[0, recorded.get(rule.id) ?? { n: 0, total: zero() }]]),
        (at) => this.read(machine, at),
      );
      const average = point && isComplete(point) ? ruleValue(rule.metric, point, capacityOf(machine)) : null;
      const outcome = evaluateEpisode(rule.firing, rule.condition, rule.value, average);
      if (outcome && average !== null) await this.transition(rule, machine, outcome, average);
    }
  }

  /** Records a rule's episode starting or ending (once: the row must still be as read), then tells. */
  private async transition(
    rule: AlertRuleRow,
    machine: Machine,
    outcome: 'fired' | 'recovered',
    average: number,
  ) {
    const at = new Date(this.now());
    const [changed] = await this.db
      .update(computeAlertRules)
      .set(
        outcome === 'fired'
          ? { firing: true, firedAt: at, recoveredAt: null, lastValue: average }
          : { firing: false, recoveredAt: at, lastValue: average },
      )
      .where(
        and(
          eq(computeAlertRules.id, rule.id),
          eq(computeAlertRules.firing, rule.firing),
          eq(computeAlertRules.enabled, true),
        ),
      )
      .returning();
    if (!changed) return;
    const workspace = await workspaceOf(this.db, rule.workspaceId);
    if (!workspace) return;
    this.log.info({ rule: rule.id, instance: machine.uid, outcome, average }, 'monitoring: alert rule');
    this.pubsub.publish('alertRuleChanged', workspace.contractUid, {
      contractUid: workspace.contractUid,
      uid: rule.id,
      deleted: false,
    });
    const text = {
      instanceName: machine.name,
      metric: rule.metric,
      condition: rule.condition as AlertCondition,
      value: rule.value,
      periodMinutes: rule.periodMinutes,
      average,
    };
    const message = alertMessage(outcome, text);
    const recipients = await workspaceRecipients(this.db, rule.workspaceId);
    for (const user of recipients) {
      this.pubsub.publish('notifications', user.id, {
        type: outcome === 'fired' ? 'warning' : 'success',
        message,
      });
    }
    const link = `${this.options.publicUrl}/workspace/${encodeURIComponent(workspace.contractUid)}/instance/vm/${machine.uid}/monitoring`;
    for (const user of recipients) {
      try {
        await this.mailer.send({
          to: user.email,
          subject: message,
          text: alertMail(outcome, { ...text, message, workspace: workspace.name, link, changed, user }),
        });
      } catch (error) {
        this.log.error({ err: error, rule: rule.id, to: user.email }, 'monitoring: alert mail failed');
      }
    }
  }
}

/** A point where the metrics exist (the instance existed over the period). */
const isComplete = (point: Point): point is Point & Sample =>
  SAMPLE_FIELDS.every((f) => typeof point[f] === 'number');

const snake = (field: SampleField) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A rule's value (percent for memory and disks) as the sample field's unit (bytes). */
function toSampleUnit(metric: AlertMetric, value: number, machine: Machine): number {
  const cap = capacityOf(machine);
  if (metric === 'RAM') return (value / 100) * cap.memoryBytes;
  if (metric === 'DISK_MAIN') return (value / 100) * cap.diskMainBytes;
  if (metric === 'DISK_EXTRA') return (value / 100) * cap.diskExtraBytes;
  return value;
}

/** '2026-11-23 21:40' in the recipient's timezone, date and time format (their Preferences). */
export function formatForUser(
  at: Date,
  user: Pick<Recipient, 'timezone' | 'dateFormat' | 'timeFormat'>,
): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: user.timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: user.timeFormat === '12h',
    }).formatToParts(at);
  } catch {
    return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date =
    user.dateFormat === 'MM/DD/YYYY'
      ? `${get('month')}/${get('day')}/${get('year')}`
      : user.dateFormat === 'DD.MM.YYYY'
        ? `${get('day')}.${get('month')}.${get('year')}`
        : `${get('year')}-${get('month')}-${get('day')}`;
  const hour = user.timeFormat === '12h' ? get('hour') : get('hour').padStart(2, '0').replace(/^24$/, '00');
  const time = `${hour}:${get('minute')}${user.timeFormat === '12h' ? ` ${get('dayPeriod')}` : ''}`;
  return `${date} ${time} (${user.timezone})`;
}

function alertMail(
  outcome: 'fired' | 'recovered',
  m: {
    message: string;
    instanceName: string;
    metric: AlertMetric;
    condition: AlertCondition;
    value: number;
    periodMinutes: number;
    workspace: string;
    link: string;
    changed: AlertRuleRow;
    user: Recipient;
  },
): string {
  const lines = [
    'Hello,',
    '',
    m.message,
    '',
    `Instance: ${m.instanceName} (workspace ${m.workspace})`,
    `Rule: ${METRIC_LABELS[m.metric]} ${m.condition === 'ABOVE' ? 'above' : 'below'} ${formatRuleValue(m.metric, m.value)} over ${formatPeriod(m.periodMinutes)}`,
  ];
  if (m.changed.firedAt) lines.push(`Started: ${formatForUser(m.changed.firedAt, m.user)}`);
  if (outcome === 'recovered' && m.changed.recoveredAt)
    lines.push(`Recovered: ${formatForUser(m.changed.recoveredAt, m.user)}`);
  lines.push(
    '',
    `Monitoring of the instance: ${m.link}`,
    '',
    'You receive this because you are a user of the workspace.',
  );
  return lines.join('\n');
}
