import { ALERT_METRICS, type AlertMetric } from './metrics.js';

/** Alert rules: their validation, the evaluation of one rule, and the texts they send. Pure. */
export const ALERT_CONDITIONS = ['ABOVE', 'BELOW'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** The periods a rule may average over, in minutes: 5, 15, 30 min, 1, 2, 6, 24 h. */
export const ALERT_PERIODS = [5, 15, 30, 60, 120, 360, 1440] as const;

/** At most this many rules per workspace: enough for every metric of every instance many times over. */
export const MAX_RULES_PER_WORKSPACE = 200;

/**
 * What a rule's value means and how far it may go: percent for CPU, RAM and the disks; Mbps and pps
 * for the network (entered and shown as Gbps and kpps, spec section 9): up to 100 Gbps and
 * 10 000 kpps.
 */
export const METRIC_LIMITS: Readonly<Record<AlertMetric, { max: number; unit: '%' | 'Gbps' | 'kpps' }>> = {
  CPU: { max: 100, unit: '%' },
  RAM: { max: 100, unit: '%' },
  DISK_MAIN: { max: 100, unit: '%' },
  DISK_EXTRA: { max: 100, unit: '%' },
  NET_TX_VOL: { max: 100_000, unit: 'Gbps' },
  NET_RX_VOL: { max: 100_000, unit: 'Gbps' },
  NET_TX_PKG: { max: 10_000_000, unit: 'kpps' },
  NET_RX_PKG: { max: 10_000_000, unit: 'kpps' },
};

export const METRIC_LABELS: Readonly<Record<AlertMetric, string>> = {
  CPU: 'CPU',
  RAM: 'RAM',
  DISK_MAIN: 'Main disk',
  DISK_EXTRA: 'Extra disk',
  NET_TX_VOL: 'Outbound traffic',
  NET_RX_VOL: 'Inbound traffic',
  NET_TX_PKG: 'Outbound packets',
  NET_RX_PKG: 'Inbound packets',
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A rule's value as the customer reads it: '90 %', '0.5 Gbps', '12.5 kpps'. */
export function formatRuleValue(metric: AlertMetric, value: number): string {
  const { unit } = METRIC_LIMITS[metric];
  return unit === '%' ? `${round2(value)} %` : `${round2(value / 1000)} ${unit}`;
}

/** Spec section 9: below 60 in minutes, otherwise in hours. */
export function formatPeriod(minutes: number): string {
  return minutes < 60 ? `${minutes} min` : `${round2(minutes / 60)} h`;
}

export const ALERT_MESSAGES = {
  metric: `Metric must be one of ${ALERT_METRICS.join(', ')}.`,
  condition: 'Condition must be ABOVE or BELOW.',
  value: (metric: AlertMetric) =>
    `Value must be a number from 0 to ${formatRuleValue(metric, METRIC_LIMITS[metric].max)} for ${METRIC_LABELS[metric]}.`,
  valueDecimals: (metric: AlertMetric) =>
    `Value may have at most 2 decimals (in ${METRIC_LIMITS[metric].unit}).`,
  period: `Period must be one of ${ALERT_PERIODS.map(formatPeriod).join(', ')}.`,
  tooMany: `A workspace may have at most ${MAX_RULES_PER_WORKSPACE} alert rules. Delete one first.`,
  notFound: 'This alert rule no longer exists.',
} as const;

export interface RuleInput {
  metric: string;
  condition: string;
  value: number;
  periodMinutes: number;
}

export interface RuleRefusal {
  field: 'metric' | 'condition' | 'value' | 'periodMinutes';
  message: string;
}

/** The first thing wrong with a rule, with the field it is about; null when it is fine. */
export function ruleRefusal(input: RuleInput): RuleRefusal | null {
  if (!(ALERT_METRICS as readonly string[]).includes(input.metric))
    return { field: 'metric', message: ALERT_MESSAGES.metric };
  const metric = input.metric as AlertMetric;
  if (!(ALERT_CONDITIONS as readonly string[]).includes(input.condition))
    return { field: 'condition', message: ALERT_MESSAGES.condition };
  const { max, unit } = METRIC_LIMITS[metric];
  if (!Number.isFinite(input.value) || input.value < 0 || input.value > max)
    return { field: 'value', message: ALERT_MESSAGES.value(metric) };
  // 2 decimals in the unit the customer types: percent, or Gbps / kpps (the value is Mbps / pps)
  const shown = unit === '%' ? input.value : input.value / 1000;
  if (Math.abs(shown * 100 - Math.round(shown * 100)) > 1e-6)
    return { field: 'value', message: ALERT_MESSAGES.valueDecimals(metric) };
  if (!(ALERT_PERIODS as readonly number[]).includes(input.periodMinutes))
    return { field: 'periodMinutes', message: ALERT_MESSAGES.period };
  return null;
}

/** Does the period's average break the rule? */
export function breaches(condition: AlertCondition, threshold: number, average: number): boolean {
  return condition === 'ABOVE' ? average > threshold : average < threshold;
}

/**
 * One evaluation of a rule (an episode is the time its condition holds): it fires when the condition
 * starts to hold, and says nothing more while it goes on; it recovers when it stops holding. No data
 * (the instance did not exist over the period) changes nothing.
 */
export function evaluateEpisode(
  firing: boolean,
  condition: AlertCondition,
  threshold: number,
  average: number | null,
): 'fired' | 'recovered' | null {
  if (average === null || !Number.isFinite(average)) return null;
  const holds = breaches(condition, threshold, average);
  if (holds && !firing) return 'fired';
  if (!holds && firing) return 'recovered';
  return null;
}

export interface AlertText {
  instanceName: string;
  metric: AlertMetric;
  condition: AlertCondition;
  value: number;
  periodMinutes: number;
  average: number;
}

const conditionWord = (condition: AlertCondition) => (condition === 'ABOVE' ? 'above' : 'below');

/** The toast and the mail's subject line. */
export function alertMessage(kind: 'fired' | 'recovered', a: AlertText): string {
  const what = `${METRIC_LABELS[a.metric]} of ${a.instanceName}`;
  const rule = `${conditionWord(a.condition)} ${formatRuleValue(a.metric, a.value)}`;
  const period = formatPeriod(a.periodMinutes);
  return kind === 'fired'
    ? `Alert: ${what} is ${rule} (average ${formatRuleValue(a.metric, a.average)} over ${period}).`
    : `Recovered: ${what} is no longer ${rule} (average ${formatRuleValue(a.metric, a.average)} over ${period}).`;
}
