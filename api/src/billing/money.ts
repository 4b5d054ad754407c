/**
 * Money as exact decimal strings with two decimals ("-12.50"), carried in integer cents (BigInt) when
 * the api must compute with it; PostgreSQL's `numeric` does the rest. Never a float.
 */

const AMOUNT = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/;

/** Cents of a decimal string with at most two decimals, or null when it is not one. */
export function toCents(value: string): bigint | null {
  const match = AMOUNT.exec(value.trim());
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/** "1234.50" from 123450n; "-0.05" from -5n. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** A numeric as PostgreSQL answers it ("12.5", "12.500") normalised to two decimals; exact. */
export function money(value: string | number | bigint): string {
  if (typeof value === 'bigint') return fromCents(value);
  const text = String(value);
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, minus, whole, fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) throw new Error(`more than two decimals: ${text}`);
  const cents = BigInt(whole!) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  return fromCents(minus ? -cents : cents);
}

/** VAT of a net amount at a percent rate ("19.00"), rounded half up to the cent. */
export function vatOf(netCents: bigint, ratePercent: string): bigint {
  const rate = toCents(ratePercent);
  if (rate === null || rate < 0n) throw new Error(`bad VAT rate: ${ratePercent}`);
  // net (cents) × rate (hundredths of a percent) / 10 000, half up, on the absolute value
  const product = (netCents < 0n ? -netCents : netCents) * rate;
  const rounded = (product + 5_000n) / 10_000n;
  return netCents < 0n ? -rounded : rounded;
}

export type AmountProblem = 'format' | 'decimals' | 'not_positive' | 'too_large';

/**
 * A customer's amount (a payment, a top-up): digits with at most two decimals, above zero, at most
 * `max`. Answers the cents or the reason it is refused.
 */
export function parseAmount(
  raw: string,
  max?: bigint,
): { ok: true; cents: bigint } | { ok: false; problem: AmountProblem } {
  const text = raw.trim();
  if (/^-?\d+\.\d{3,}$/.test(text)) return { ok: false, problem: 'decimals' };
  const cents = toCents(text);
  if (cents === null) return { ok: false, problem: 'format' };
  if (cents <= 0n) return { ok: false, problem: 'not_positive' };
  if (max !== undefined && cents > max) return { ok: false, problem: 'too_large' };
  return { ok: true, cents };
}
