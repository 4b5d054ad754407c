import { describe, expect, it } from 'vitest';
import {
  ALERT_MESSAGES,
  alertMessage,
  evaluateEpisode,
  formatPeriod,
  formatRuleValue,
  ruleRefusal,
} from './alerts.js';
import { formatForUser } from './service.js';

describe('ruleRefusal', () => {
  const ok = { metric: 'CPU', condition: 'ABOVE', value: 90, periodMinutes: 5 };

  it('accepts a rule on each metric within its range', () => {
    expect(ruleRefusal(ok)).toBeNull();
    expect(ruleRefusal({ ...ok, metric: 'RAM', value: 0 })).toBeNull();
    expect(ruleRefusal({ ...ok, metric: 'DISK_EXTRA', value: 100, condition: 'BELOW' })).toBeNull();
    expect(ruleRefusal({ ...ok, metric: 'NET_TX_VOL', value: 1250, periodMinutes: 1440 })).toBeNull();
    expect(ruleRefusal({ ...ok, metric: 'NET_RX_PKG', value: 10_000_000, periodMinutes: 60 })).toBeNull();
  });

  it('names the field and says what is allowed', () => {
    expect(ruleRefusal({ ...ok, metric: 'DISK' })).toEqual({
      field: 'metric',
      message: ALERT_MESSAGES.metric,
    });
    expect(ALERT_MESSAGES.metric).toBe(
      'Metric must be one of CPU, RAM, DISK_MAIN, DISK_EXTRA, NET_TX_VOL, NET_RX_VOL, NET_TX_PKG, NET_RX_PKG.',
    );
    expect(ruleRefusal({ ...ok, condition: 'EQUALS' })).toEqual({
      field: 'condition',
      message: 'Condition must be ABOVE or BELOW.',
    });
    expect(ruleRefusal({ ...ok, value: 101 })).toEqual({
      field: 'value',
      message: 'Value must be a number from 0 to 100 % for CPU.',
    });
    expect(ruleRefusal({ ...ok, value: -1 })?.field).toBe('value');
    expect(ruleRefusal({ ...ok, value: Number.NaN })?.field).toBe('value');
    expect(ruleRefusal({ ...ok, metric: 'NET_TX_VOL', value: 100_001 })).toEqual({
      field: 'value',
      message: 'Value must be a number from 0 to 100 Gbps for Outbound traffic.',
    });
    expect(ruleRefusal({ ...ok, metric: 'NET_RX_PKG', value: 10_000_001 })?.message).toBe(
      'Value must be a number from 0 to 10000 kpps for Inbound packets.',
    );
    expect(ruleRefusal({ ...ok, value: 90.125 })).toEqual({
      field: 'value',
      message: 'Value may have at most 2 decimals (in %).',
    });
    expect(ruleRefusal({ ...ok, metric: 'NET_TX_VOL', value: 1.5 })?.message).toBe(
      'Value may have at most 2 decimals (in Gbps).',
    );
    expect(ruleRefusal({ ...ok, periodMinutes: 10 })).toEqual({
      field: 'periodMinutes',
      message: 'Period must be one of 5 min, 15 min, 30 min, 1 h, 2 h, 6 h, 24 h.',
    });
  });
});

describe('evaluateEpisode: once per episode, then recovered', () => {
  it('fires when the condition starts to hold, stays quiet while it holds, recovers when it stops', () => {
    const averages = [50, 95, 97, 99, 80, 60, 96];
    let firing = false;
    const outcomes = averages.map((average) => {
      const outcome = evaluateEpisode(firing, 'ABOVE', 90, average);
      if (outcome === 'fired') firing = true;
      if (outcome === 'recovered') firing = false;
      return outcome;
    });
    expect(outcomes).toEqual([null, 'fired', null, null, 'recovered', null, 'fired']);
  });

  it('BELOW breaks under the value; equal does not break; no data changes nothing', () => {
    expect(evaluateEpisode(false, 'BELOW', 1, 0.5)).toBe('fired');
    expect(evaluateEpisode(false, 'BELOW', 1, 1)).toBeNull();
    expect(evaluateEpisode(false, 'ABOVE', 90, 90)).toBeNull();
    expect(evaluateEpisode(true, 'ABOVE', 90, null)).toBeNull();
  });
});

describe('texts', () => {
  it('formats values as spec section 9 shows them and periods in minutes below 60, else hours', () => {
    expect(formatRuleValue('CPU', 90)).toBe('90 %');
    expect(formatRuleValue('NET_TX_VOL', 1250)).toBe('1.25 Gbps');
    expect(formatRuleValue('NET_RX_PKG', 12_345)).toBe('12.35 kpps');
    expect([5, 30, 59, 60, 90, 1440].map(formatPeriod)).toEqual([
      '5 min',
      '30 min',
      '59 min',
      '1 h',
      '1.5 h',
      '24 h',
    ]);
  });

  it('says what fired and what recovered', () => {
    const a = {
      instanceName: 'web-1',
      metric: 'CPU' as const,
      condition: 'ABOVE' as const,
      value: 90,
      periodMinutes: 5,
      average: 97.456,
    };
    expect(alertMessage('fired', a)).toBe('Alert: CPU of web-1 is above 90 % (average 97.46 % over 5 min).');
    expect(alertMessage('recovered', { ...a, average: 12 })).toBe(
      'Recovered: CPU of web-1 is no longer above 90 % (average 12 % over 5 min).',
    );
  });
});

describe('formatForUser (alert mails)', () => {
  const at = new Date(Date.UTC(2026, 2, 5, 13, 7));
  it("writes the instant in the recipient's timezone, date and time format", () => {
    expect(
      formatForUser(at, { timezone: 'Europe/Berlin', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' }),
    ).toBe('2026-03-05 14:07 (Europe/Berlin)');
    expect(
      formatForUser(at, { timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' }),
    ).toBe('03/05/2026 8:07 AM (America/New_York)');
    expect(formatForUser(at, { timezone: 'UTC', dateFormat: 'DD.MM.YYYY', timeFormat: '24h' })).toBe(
      '05.03.2026 13:07 (UTC)',
    );
    expect(
      formatForUser(new Date(Date.UTC(2026, 2, 5, 23, 30)), {
        timezone: 'UTC',
        dateFormat: 'YYYY-MM-DD',
        timeFormat: '24h',
      }),
    ).toBe('2026-03-05 23:30 (UTC)');
    expect(formatForUser(at, { timezone: 'Not/AZone', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' })).toBe(
      '2026-03-05 13:07 UTC',
    );
  });
});
