import { localNumber } from './localNumber';
import { round } from './round';

export type NetworkMetric = 'NET_TX_VOL' | 'NET_RX_VOL' | 'NET_TX_PKG' | 'NET_RX_PKG';

/** Volume metrics come in Mbps and packet metrics in pps; both are shown a thousand times larger. */
export const NETWORK_METRIC_UNITS: Readonly<Record<NetworkMetric, 'Gbps' | 'kpps'>> = {
  NET_TX_VOL: 'Gbps',
  NET_RX_VOL: 'Gbps',
  NET_TX_PKG: 'kpps',
  NET_RX_PKG: 'kpps',
};

/** The value of spec section 9: divided by 1000, rounded to 2 decimals (for charts and tables). */
export function networkMetricValue(value: number): number {
  return round(value / 1000, 2);
}

/** '1.23 Gbps' or '0.5 kpps' (German '1,23 Gbps'); not a number gives ''. */
export function formatNetworkMetric(value: number | null | undefined, metric: NetworkMetric): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return `${localNumber(networkMetricValue(value))} ${NETWORK_METRIC_UNITS[metric]}`;
}
