import { describe, expect, it } from 'vitest';
import { currencySymbol, displayedBalance, formatMoney } from './money';

describe('currencySymbol', () => {
  it('gives the euro and the dollar sign', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('eur')).toBe('€');
  });
  it('gives nothing for any other currency', () => {
    expect(currencySymbol('GBP')).toBe('');
    expect(currencySymbol('')).toBe('');
    expect(currencySymbol(null)).toBe('');
    expect(currencySymbol(undefined)).toBe('');
  });
});

describe('formatMoney', () => {
  it('puts the symbol before the amount with 2 decimals', () => {
    expect(formatMoney(12.5, 'EUR')).toBe('€12.50');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(1234567.891, 'USD')).toBe('$1,234,567.89');
  });
  it('puts the sign before the symbol', () => {
    expect(formatMoney(-5, 'EUR')).toBe('-€5.00');
    expect(formatMoney(-0.001, 'EUR')).toBe('€0.00');
  });
  it('reads decimal strings', () => {
    expect(formatMoney('19.999', 'EUR')).toBe('€20.00');
  });
  it('shows the code after the amount where there is no symbol', () => {
    expect(formatMoney(12, 'GBP')).toBe('12.00 GBP');
    expect(formatMoney(-12, 'gbp')).toBe('-12.00 GBP');
    expect(formatMoney(12, null)).toBe('12.00');
  });
  it('shows nothing for what is not a number', () => {
    expect(formatMoney(Number.NaN, 'EUR')).toBe('');
    expect(formatMoney('x', 'EUR')).toBe('');
    expect(formatMoney('', 'EUR')).toBe('');
    expect(formatMoney(null, 'EUR')).toBe('');
  });
});

describe('displayedBalance', () => {
  it('shows the amount when it is zero or positive', () => {
    expect(displayedBalance({ amount: 120.5, amountDue: 30 })).toBe(120.5);
    expect(displayedBalance({ amount: 0, amountDue: 30 })).toBe(0);
  });
  it('shows minus amountDue when the amount is negative', () => {
    expect(displayedBalance({ amount: -50, amountDue: 42.1 })).toBe(-42.1);
    expect(displayedBalance({ amount: '-50.00', amountDue: '42.10' })).toBe(-42.1);
    expect(displayedBalance({ amount: -50, amountDue: 0 })).toBe(0);
  });
  it('is NaN when the amount is missing', () => {
    expect(displayedBalance({ amount: null, amountDue: 1 })).toBeNaN();
  });
});

describe('formatMoney in German', () => {
  it('writes a decimal comma, groups with points and puts the currency after the amount', () => {
    expect(formatMoney(1234.5, 'EUR', 'de')).toBe('1.234,50\u00a0€');
    expect(formatMoney(-5, 'USD', 'de')).toBe('-5,00\u00a0$');
    expect(formatMoney('12', 'GBP', 'de')).toBe('12,00\u00a0GBP');
    expect(formatMoney('x', 'EUR', 'de')).toBe('');
  });
});
