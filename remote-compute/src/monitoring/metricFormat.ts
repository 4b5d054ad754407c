import {
  formatBytes,
  formatNetworkMetric,
  localNumber,
  NETWORK_METRIC_UNITS,
  type NetworkMetric,
  networkMetricValue,
  round,
} from '@portal/shared';
import type { AlertMetric, MetricRange } from '../gql/graphql';

/** The alert metrics of spec section 3, in the order the screens list them. */
export const ALERT_METRICS: readonly AlertMetric[] = [
  'CPU',
  'RAM',
  'DISK_MAIN',
  'DISK_EXTRA',
  'NET_TX_VOL',
  'NET_RX_VOL',
  'NET_TX_PKG',
  'NET_RX_PKG',
];

/** The periods the api offers, in minutes (5, 15, 30 min, 1, 2, 6, 24 h). */
export const ALERT_PERIODS = [5, 15, 30, 60, 120, 360, 1440] as const;

/** The ranges in the URL (`?range=`): short and readable; none or an unknown one is 24h. */
export const RANGE_IDS: Readonly<Record<MetricRange, string>> = {
  HOUR: '1h',
  DAY: '24h',
  WEEK: '7d',
  MONTH: '30d',
};
export const METRIC_RANGES = Object.keys(RANGE_IDS) as MetricRange[];
export const DEFAULT_RANGE: MetricRange = 'DAY';

export function rangeOf(id: string | null | undefined): MetricRange {
  return METRIC_RANGES.find((range) => RANGE_IDS[range] === id) ?? DEFAULT_RANGE;
}

export const isNetworkMetric = (metric: AlertMetric): metric is NetworkMetric => metric.startsWith('NET_');

/** The unit a rule's value is typed and shown in: percent, or Gbps / kpps (spec section 9). */
export function ruleUnit(metric: AlertMetric): string {
  return isNetworkMetric(metric) ? NETWORK_METRIC_UNITS[metric] : '%';
}

/** The api keeps network values in Mbps and pps; the customer reads and types them divided by 1000. */
export function shownRuleValue(metric: AlertMetric, value: number): number {
  return isNetworkMetric(metric) ? networkMetricValue(value) : round(value, 2);
}

export function apiRuleValue(metric: AlertMetric, shown: number): number {
  return isNetworkMetric(metric) ? round(shown * 1000, 2) : shown;
}

/** The highest value a rule may have, as the customer types it (the api's limits). */
export function maxShownValue(metric: AlertMetric): number {
  if (metric === 'NET_TX_VOL' || metric === 'NET_RX_VOL') return 100;
  if (metric === 'NET_TX_PKG' || metric === 'NET_RX_PKG') return 10_000;
  return 100;
}

/** '90 %', '0.5 Gbps', '12.35 kpps' (German with a decimal comma). */
export function formatRuleValue(metric: AlertMetric, value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  if (isNetworkMetric(metric)) return formatNetworkMetric(value, metric);
  return formatPercent(value);
}

export function formatPercent(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return `${localNumber(round(value, 2))} %`;
}

/** Bytes by the decimal formatter of spec section 9, 2 decimals. */
export const formatUsedBytes = (value: number | null | undefined) => formatBytes(value ?? Number.NaN, 2);
