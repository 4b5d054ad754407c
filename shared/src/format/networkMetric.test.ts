import { describe, expect, it } from 'vitest';
import { formatNetworkMetric, networkMetricValue } from './networkMetric';

describe('network metrics', () => {
  it('divides by 1000 and rounds to 2 decimals', () => {
    expect(networkMetricValue(1234)).toBe(1.23);
    expect(networkMetricValue(1235)).toBe(1.24);
    expect(networkMetricValue(0)).toBe(0);
    expect(networkMetricValue(4)).toBe(0);
    expect(networkMetricValue(5)).toBe(0.01);
  });
  it('shows volume in Gbps and packets in kpps', () => {
    expect(formatNetworkMetric(2500, 'NET_TX_VOL')).toBe('2.5 Gbps');
    expect(formatNetworkMetric(999, 'NET_RX_VOL')).toBe('1 Gbps');
    expect(formatNetworkMetric(12345, 'NET_TX_PKG')).toBe('12.35 kpps');
    expect(formatNetworkMetric(0, 'NET_RX_PKG')).toBe('0 kpps');
  });
  it('shows nothing for what is not a number', () => {
    expect(formatNetworkMetric(Number.NaN, 'NET_TX_VOL')).toBe('');
    expect(formatNetworkMetric(null, 'NET_TX_VOL')).toBe('');
  });
});
