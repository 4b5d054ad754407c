import { describe, expect, it } from 'vitest';
import { DateScalar, DateTime, Decimal } from './scalars.js';

describe('scalars', () => {
  it('Decimal: two decimals, as a string, never a float', () => {
    expect(Decimal.coerceOutputValue('-42.5')).toBe('-42.50');
    expect(Decimal.coerceOutputValue('1200.00')).toBe('1200.00');
    expect(Decimal.coerceOutputValue(3)).toBe('3.00');
    expect(() => Decimal.coerceOutputValue('1e3')).toThrow();
    expect(Decimal.coerceInputValue('12.50')).toBe('12.50');
    expect(() => Decimal.coerceInputValue(12.5)).toThrow();
  });

  it('Date and DateTime: ISO 8601', () => {
    expect(DateScalar.coerceOutputValue('2026-02-01')).toBe('2026-02-01');
    expect(DateScalar.coerceOutputValue(new Date('2026-02-01T23:00:00Z'))).toBe('2026-02-01');
    expect(() => DateScalar.coerceInputValue('01.02.2026')).toThrow();
    expect(DateTime.coerceOutputValue(new Date(Date.UTC(2026, 1, 3, 8)))).toBe('2026-02-03T08:00:00.000Z');
    expect(() => DateTime.coerceOutputValue('soon')).toThrow();
  });
});
