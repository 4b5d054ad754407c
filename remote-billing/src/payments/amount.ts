/**
 * A top-up amount as the customer types it, read exactly (integer cents as BigInt, never a float):
 * digits with at most two decimals, a point or a comma as the decimal separator ('12.50', '12,5').
 * Pure; each problem is a code the form translates with the limits.
 */
export type AmountProblem = 'required' | 'invalid' | 'decimals' | 'notPositive' | 'belowMin' | 'aboveMax';

export type AmountResult =
  | { ok: true; cents: bigint; decimal: string }
  | { ok: false; problem: AmountProblem };

const SHAPE = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

/** `"12.50"` ⇄ 1250n: the api's Decimal strings. */
export function toCents(decimal: string): bigint {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = decimal.replace(/^[+-]/, '').split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt(`${fraction}00`.slice(0, 2));
  return negative ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export function parseAmount(text: string, limits: { min: string; max: string }): AmountResult {
  const value = text.trim().replace(/\s/g, '');
  if (!value) return { ok: false, problem: 'required' };
  const match = SHAPE.exec(value);
  if (!match || (!match[2] && !match[3])) return { ok: false, problem: 'invalid' };
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  const cents = BigInt(whole || '0') * 100n + BigInt(`${fraction}00`.slice(0, 2));
  if (sign === '-' || cents === 0n) return { ok: false, problem: 'notPositive' };
  if (cents < toCents(limits.min)) return { ok: false, problem: 'belowMin' };
  if (cents > toCents(limits.max)) return { ok: false, problem: 'aboveMax' };
  return { ok: true, cents, decimal: fromCents(cents) };
}

/** The sum of decimal strings, exactly. */
export function sumDecimals(values: readonly string[]): string {
  return fromCents(values.reduce((sum, value) => sum + toCents(value), 0n));
}
