import { describe, expect, it } from 'vitest';
import { fromCents, parseAmount, sumDecimals, toCents } from './amount';

const LIMITS = { min: '5.00', max: '10000.00' };

describe('top-up amount', () => {
  it.each([
    ['25', '25.00'],
    ['25.5', '25.50'],
    ['25,50', '25.50'],
    [' 1 000.10 ', '1000.10'],
    ['5', '5.00'],
    ['10000.00', '10000.00'],
    ['.75e', null],
  ])('%s', (text, decimal) => {
    const result = parseAmount(text, LIMITS);
    if (decimal === null) expect(result).toEqual({ ok: false, problem: 'invalid' });
    else expect(result).toEqual({ ok: true, cents: toCents(decimal), decimal });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'invalid'],
    ['1.2.3', 'invalid'],
    ['.', 'invalid'],
    ['12.345', 'decimals'],
    ['0', 'notPositive'],
    ['0.00', 'notPositive'],
    ['-10', 'notPositive'],
    ['4.99', 'belowMin'],
    ['10000.01', 'aboveMax'],
    ['99999999999999999999', 'aboveMax'],
  ])('%j is refused: %s', (text, problem) => {
    expect(parseAmount(text, LIMITS)).toEqual({ ok: false, problem });
  });

  it('adds decimal strings exactly', () => {
    expect(sumDecimals(['0.10', '0.20'])).toBe('0.30');
    expect(sumDecimals(['119.00', '59.50', '-1.25'])).toBe('177.25');
    expect(sumDecimals([])).toBe('0.00');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(toCents('-12.5')).toBe(-1250n);
  });
});
