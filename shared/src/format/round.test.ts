import { describe, expect, it } from 'vitest';
import { round } from './round';

describe('round', () => {
  it('keeps 2 decimals by default', () => {
    expect(round(7.12345)).toBe(7.12);
    expect(round(2)).toBe(2);
  });
  it('rounds half away from zero, also where binary floats fall short', () => {
    expect(round(1.005)).toBe(1.01);
    expect(round(-1.005)).toBe(-1.01);
    expect(round(0.125, 2)).toBe(0.13);
    expect(round(2.5, 0)).toBe(3);
    expect(round(-2.5, 0)).toBe(-3);
  });
  it('takes other numbers of decimals', () => {
    expect(round(1234.5678, 0)).toBe(1235);
    expect(round(1234.5678, 3)).toBe(1234.568);
    expect(round(1.23, -1)).toBe(1);
  });
  it('copes with exponent notation', () => {
    expect(round(1e-7, 2)).toBe(0);
    expect(round(1.23456e-5, 7)).toBe(0.0000123);
    expect(round(1e21)).toBe(1e21);
  });
  it('never answers -0 and passes NaN and Infinity through', () => {
    expect(Object.is(round(-0.001), 0)).toBe(true);
    expect(round(Number.NaN)).toBeNaN();
    expect(round(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});
