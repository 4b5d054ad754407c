import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('shows 0 and everything below 1000 in Bytes', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1)).toBe('1 Bytes');
    expect(formatBytes(999)).toBe('999 Bytes');
    expect(formatBytes(0.5)).toBe('0.5 Bytes');
  });
  it('steps by 1000, not 1024', () => {
    expect(formatBytes(1000)).toBe('1 KB');
    expect(formatBytes(1024)).toBe('1.02 KB');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(1e6)).toBe('1 MB');
    expect(formatBytes(25e9)).toBe('25 GB');
    expect(formatBytes(1e12)).toBe('1 TB');
    expect(formatBytes(1e15)).toBe('1 PB');
    expect(formatBytes(1e18)).toBe('1 EB');
    expect(formatBytes(1e21)).toBe('1 ZB');
    expect(formatBytes(1e24)).toBe('1 YB');
  });
  it('keeps 2 decimals by default and takes another number', () => {
    expect(formatBytes(1234567)).toBe('1.23 MB');
    expect(formatBytes(1234567, 0)).toBe('1 MB');
    expect(formatBytes(1234567, 4)).toBe('1.2346 MB');
  });
  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatBytes(999_999)).toBe('1 MB');
    expect(formatBytes(999_994)).toBe('999.99 KB');
  });
  it('stops at YB', () => {
    expect(formatBytes(1e27)).toBe('1000 YB');
    expect(formatBytes(123e30)).toBe('123000000 YB');
  });
  it('keeps the sign of a negative size', () => {
    expect(formatBytes(-1500)).toBe('-1.5 KB');
    expect(formatBytes(-999)).toBe('-999 Bytes');
    expect(formatBytes(-0.001)).toBe('0 Bytes');
  });
  it('reads numeric strings and shows nothing for what is not a number', () => {
    expect(formatBytes('2000')).toBe('2 KB');
    expect(formatBytes(Number.NaN)).toBe('');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatBytes('abc')).toBe('');
    expect(formatBytes('')).toBe('');
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(undefined)).toBe('');
  });
});

describe('formatBytes in German', () => {
  it('writes a decimal comma', () => {
    expect(formatBytes(1500, 2, 'de')).toBe('1,5 KB');
    expect(formatBytes(999, 2, 'de')).toBe('999 Bytes');
    expect(formatBytes(1500, 2, 'en')).toBe('1.5 KB');
  });
});
