import { describe, expect, it } from 'vitest';
import { resolveTimeZone } from './dateChoices';
import { formatDate, formatDateTime, formatTime } from './dates';

const iso = { timezone: 'UTC', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' } as const;
const us = { timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' } as const;
const de = { timezone: 'Europe/Berlin', dateFormat: 'DD.MM.YYYY', timeFormat: '24h' } as const;

describe('formatDate / formatTime / formatDateTime', () => {
  it('uses each date format and time format', () => {
    const value = '2024-07-09T14:05:00Z';
    expect(formatDateTime(value, iso)).toBe('2024-07-09 14:05');
    expect(formatDateTime(value, de)).toBe('09.07.2024 16:05');
    expect(formatDateTime(value, us)).toBe('07/09/2024 10:05 AM');
    expect(formatDate(value, us)).toBe('07/09/2024');
    expect(formatTime(value, { ...iso, timeFormat: '12h' })).toBe('2:05 PM');
  });
  it('shows noon and midnight the way a 12-hour clock does', () => {
    expect(formatTime('2024-07-09T12:00:00Z', { ...iso, timeFormat: '12h' })).toBe('12:00 PM');
    expect(formatTime('2024-07-09T00:00:00Z', { ...iso, timeFormat: '12h' })).toBe('12:00 AM');
  });
  it('follows a DST change (Berlin, 31 March 2024, 02:00 → 03:00)', () => {
    expect(formatDateTime('2024-03-31T00:59:00Z', de)).toBe('31.03.2024 01:59');
    expect(formatDateTime('2024-03-31T01:00:00Z', de)).toBe('31.03.2024 03:00');
    // and back in autumn: 03:00 CEST → 02:00 CET
    expect(formatDateTime('2024-10-27T00:30:00Z', de)).toBe('27.10.2024 02:30');
    expect(formatDateTime('2024-10-27T01:30:00Z', de)).toBe('27.10.2024 02:30');
  });
  it('shows the date of the user, which may differ from the date in UTC', () => {
    const lateUtc = '2024-03-05T20:00:00Z';
    expect(formatDate(lateUtc, { ...iso, timezone: 'Pacific/Auckland' })).toBe('2024-03-06');
    expect(formatDateTime(lateUtc, { ...iso, timezone: 'Pacific/Auckland' })).toBe('2024-03-06 09:00');
    const earlyUtc = '2024-03-05T03:00:00Z';
    expect(formatDateTime(earlyUtc, { ...us, timezone: 'America/Los_Angeles' })).toBe('03/04/2024 7:00 PM');
  });
  it('takes Date objects and epoch milliseconds', () => {
    const ms = Date.UTC(2023, 11, 31, 23, 30);
    expect(formatDateTime(ms, de)).toBe('01.01.2024 00:30');
    expect(formatDateTime(new Date(ms), iso)).toBe('2023-12-31 23:30');
  });
  it('keeps a date-only value on its calendar day in every zone', () => {
    expect(formatDate('2024-03-05', { ...us, timezone: 'America/Los_Angeles' })).toBe('03/05/2024');
    expect(formatDate('2024-03-05', { ...iso, timezone: 'Pacific/Kiritimati' })).toBe('2024-03-05');
    expect(formatDateTime('2024-03-05', de)).toBe('05.03.2024 00:00');
  });
  it('reads a date-time without offset as UTC and honours an explicit offset', () => {
    expect(formatDateTime('2024-07-09T14:05:00', de)).toBe('09.07.2024 16:05');
    expect(formatDateTime('2024-07-09T14:05:00+03:00', iso)).toBe('2024-07-09 11:05');
  });
  it('shows nothing for no value or a bad one', () => {
    expect(formatDate(null, iso)).toBe('');
    expect(formatDate(undefined, iso)).toBe('');
    expect(formatDate('', iso)).toBe('');
    expect(formatDate('not a date', iso)).toBe('');
    expect(formatDate('2024-02-30', iso)).toBe('');
    expect(formatDate(Number.NaN, iso)).toBe('');
    expect(formatDate(new Date('x'), iso)).toBe('');
  });
  it('falls back to the defaults for missing or unknown preferences', () => {
    const value = '2024-07-09T14:05:00Z';
    expect(formatDateTime(value, { timezone: 'UTC' })).toBe('2024-07-09 14:05');
    expect(formatDateTime(value, { timezone: 'UTC', dateFormat: 'D/M/Y', timeFormat: 'x' })).toBe(
      '2024-07-09 14:05',
    );
  });
  it("uses the browser's timezone when the user's is missing or unknown", () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBe(browser);
    expect(resolveTimeZone('')).toBe(browser);
    expect(resolveTimeZone(null)).toBe(browser);
    expect(resolveTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});
