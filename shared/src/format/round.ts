/**
 * Rounds half away from zero to `decimals` places (spec section 9: default 2). Scaling through the
 * exponent of the decimal string, not by multiplying, so 1.005 gives 1.01 as a person expects.
 */
export function round(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  const places = Math.max(0, Math.trunc(decimals));
  const sign = value < 0 ? -1 : 1;
  const scaled = Math.round(shift(Math.abs(value), places));
  return sign * shift(scaled, -places) || 0;
}

function shift(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}
