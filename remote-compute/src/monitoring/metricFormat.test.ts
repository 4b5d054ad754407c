import { describe, expect, it } from 'vitest';
import { alertRuleSchema, initialValues, parseDecimal, ruleInput, valueProblem } from './alertRuleForm';
import {
  apiRuleValue,
  formatRuleValue,
  maxShownValue,
  RANGE_IDS,
  rangeOf,
  ruleUnit,
  shownRuleValue,
} from './metricFormat';

describe('metric formats', () => {
  it('shows network values divided by 1000 in Gbps and kpps with 2 decimals (spec section 9), the rest in percent', () => {
    expect(formatRuleValue('NET_TX_VOL', 1250)).toBe('1.25 Gbps');
    expect(formatRuleValue('NET_RX_PKG', 12_345)).toBe('12.35 kpps');
    expect(formatRuleValue('CPU', 90.126)).toBe('90.13 %');
    expect(formatRuleValue('RAM', null)).toBe('');
    expect(ruleUnit('NET_TX_PKG')).toBe('kpps');
    expect(ruleUnit('DISK_EXTRA')).toBe('%');
  });

  it('converts a rule value between what the customer types and what the api keeps', () => {
    expect(apiRuleValue('NET_TX_VOL', 1.5)).toBe(1500);
    expect(apiRuleValue('CPU', 85.5)).toBe(85.5);
    expect(shownRuleValue('NET_RX_PKG', 50_000)).toBe(50);
    expect(maxShownValue('NET_TX_VOL')).toBe(100);
    expect(maxShownValue('NET_TX_PKG')).toBe(10_000);
  });

  it('reads the range from the URL; none or an unknown one is the last 24 hours', () => {
    expect(rangeOf('1h')).toBe('HOUR');
    expect(rangeOf('30d')).toBe('MONTH');
    expect(rangeOf(null)).toBe('DAY');
    expect(rangeOf('year')).toBe('DAY');
    expect(Object.values(RANGE_IDS)).toEqual(['1h', '24h', '7d', '30d']);
  });
});

describe('the alert rule form', () => {
  it('reads decimals with a point or a comma, at most 2 of them, within the metric', () => {
    expect(parseDecimal('1,5')).toBe(1.5);
    expect(parseDecimal('12.25')).toBe(12.25);
    expect(parseDecimal('1e3')).toBeNaN();
    expect(valueProblem('CPU', '100')).toBe(false);
    expect(valueProblem('CPU', '100.01')).toBe(true);
    expect(valueProblem('CPU', '12.345')).toBe(true);
    expect(valueProblem('NET_TX_PKG', '9999.99')).toBe(false);
    expect(valueProblem('CPU', '-1')).toBe(true);
  });

  it('validates with the messages given; builds the api input', () => {
    const schema = alertRuleSchema({ value: (metric) => `bad ${metric}` });
    const good = {
      instanceUid: 'u-1',
      metric: 'NET_RX_VOL',
      condition: 'BELOW',
      value: '0,25',
      periodMinutes: '360',
    };
    expect(schema.safeParse(good).success).toBe(true);
    const bad = schema.safeParse({ ...good, value: '101' });
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['value', 'bad NET_RX_VOL'],
    ]);
    expect(ruleInput('C-1', good)).toEqual({
      contractUid: 'C-1',
      instanceUid: 'u-1',
      metric: 'NET_RX_VOL',
      condition: 'BELOW',
      value: 250,
      periodMinutes: 360,
    });
    expect(initialValues(null, 'u-9')).toEqual({
      instanceUid: 'u-9',
      metric: 'CPU',
      condition: 'ABOVE',
      value: '90',
      periodMinutes: '5',
    });
  });
});
