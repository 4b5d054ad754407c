import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents, money, parseAmount, toCents, vatOf } from './money.js';
import { netFromGross } from './seed.js';

describe('money (exact decimal strings, integer cents)', () => {
  it.each([
    ['12.50', 1250n],
    ['-0.05', -5n],
    ['7', 700n],
    ['7.5', 750n],
    [' 1000000.00 ', 100000000n],
  ])('reads %s as %s cents', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each(['', '1.234', '1,50', 'abc', '1e3', '.5', '--1', '0x10'])('refuses %j', (text) => {
    expect(toCents(text)).toBeNull();
  });

  it('writes cents back with two decimals, and round-trips every amount', () => {
    expect(fromCents(0n)).toBe('0.00');
    expect(fromCents(-123456n)).toBe('-1234.56');
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n) + 1n, max: 10n ** 14n - 1n }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });

  it('normalises what PostgreSQL answers for numeric, and refuses to drop a cent', () => {
    expect(money('12.5')).toBe('12.50');
    expect(money('-3.000')).toBe('-3.00');
    expect(money('0')).toBe('0.00');
    expect(() => money('1.005')).toThrow();
  });

  it('computes VAT half up to the cent', () => {
    expect(vatOf(10000n, '19.00')).toBe(1900n);
    expect(vatOf(10084n, '19.00')).toBe(1916n); // 19.1596
    expect(vatOf(250n, '19.00')).toBe(48n); // 0.475 → 0.48
    expect(vatOf(-250n, '19.00')).toBe(-48n);
    expect(vatOf(12345n, '0.00')).toBe(0n);
  });

  it('finds the net of a gross at a VAT rate, and says when none exists', () => {
    expect(netFromGross(12000n, '19.00')).toBe(10084n);
    expect(netFromGross(14900n, '0.00')).toBe(14900n);
    expect(() => netFromGross(4250n, '19.00')).toThrow('no net gives 4250');
  });
});

describe('parseAmount (what a customer types)', () => {
  it.each([
    ['12.50', { ok: true, cents: 1250n }],
    ['12.5', { ok: true, cents: 1250n }],
    ['12.505', { ok: false, problem: 'decimals' }],
    ['0', { ok: false, problem: 'not_positive' }],
    ['0.00', { ok: false, problem: 'not_positive' }],
    ['-5', { ok: false, problem: 'not_positive' }],
    ['ten', { ok: false, problem: 'format' }],
    ['100.01', { ok: false, problem: 'too_large' }],
    ['100.00', { ok: true, cents: 10000n }],
  ])('%j', (text, result) => {
    expect(parseAmount(text, 10000n)).toEqual(result);
  });
});
