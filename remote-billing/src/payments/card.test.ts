import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  checkCard,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
} from './card';

const NOW = new Date(2026, 10, 24); // November 2026

describe('card brand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['34', 'amex'],
    ['6011111111111117', 'discover'],
    ['36227206271667', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (number, brand) => expect(cardBrand(number)).toBe(brand));
});

describe('card number', () => {
  it('groups as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('36227206271667')).toBe('3622 720627 1667');
    expect(formatCardNumber('4242-4242-4242-4242-9999')).toBe('4242 4242 4242 4242 999');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('checks Luhn and completeness', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(checkCardNumber('4242 4242 4242 4242')).toBeNull();
    expect(checkCardNumber('4000 0027 6000 3184')).toBeNull();
    expect(checkCardNumber('3782 822463 10005')).toBeNull();
    expect(checkCardNumber('4242 4242')).toBe('numberIncomplete');
    expect(checkCardNumber('')).toBe('numberIncomplete');
    expect(checkCardNumber('4242 4242 4242 4241')).toBe('numberInvalid');
  });
});

describe('expiry', () => {
  it('formats MM / YY as typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12', '1')).toBe('12 / ');
    expect(formatExpiry('12 /', '12 / ')).toBe('12');
    expect(formatExpiry('12 / 3', '12 / ')).toBe('12 / 3');
    expect(formatExpiry('1234567')).toBe('12 / 34');
  });

  it('parses and refuses the past', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('13 / 34')).toBeNull();
    expect(checkExpiry('', NOW)).toBe('expiryIncomplete');
    expect(checkExpiry('12 / 3', NOW)).toBe('expiryIncomplete');
    expect(checkExpiry('00 / 30', NOW)).toBe('expiryIncomplete');
    expect(checkExpiry('10 / 26', NOW)).toBe('expiryPast');
    expect(checkExpiry('12 / 25', NOW)).toBe('expiryPast');
    expect(checkExpiry('11 / 26', NOW)).toBeNull();
    expect(checkExpiry('12 / 34', NOW)).toBeNull();
  });
});

describe('cvc and the whole card', () => {
  it('wants 3 digits, 4 for Amex', () => {
    expect(checkCvc('123', 'visa')).toBeNull();
    expect(checkCvc('12', 'visa')).toBe('cvcIncomplete');
    expect(checkCvc('123', 'amex')).toBe('cvcIncomplete');
    expect(checkCvc('1234', 'amex')).toBeNull();
  });

  it('names every field with a problem', () => {
    expect(
      checkCard({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada' }, NOW),
    ).toEqual({});
    expect(checkCard({ number: '4242', expiry: '01 / 20', cvc: '1', name: ' ' }, NOW)).toEqual({
      number: 'numberIncomplete',
      expiry: 'expiryPast',
      cvc: 'cvcIncomplete',
      name: 'nameRequired',
    });
  });
});
