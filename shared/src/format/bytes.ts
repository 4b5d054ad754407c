import type { Language } from '../i18n/language';
import { localNumber } from './localNumber';
import { round } from './round';

/** Decimal units of spec section 9, from Bytes to YB. */
export const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
const STEP = 1000;

/**
 * '1.5 KB', '999 Bytes', '1 MB': steps of 1000, at most `decimals` places (trailing zeros dropped),
 * capped at YB ('1000 YB'). Negative sizes keep their sign; a value that is not a finite number
 * gives '' so a screen shows nothing rather than 'NaN Bytes'. German writes a decimal comma ('1,5 KB').
 */
export function formatBytes(
  bytes: number | string | null | undefined,
  decimals = 2,
  language?: Language,
): string {
  const value = typeof bytes === 'string' && bytes.trim() !== '' ? Number(bytes) : bytes;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  let unit = size < STEP ? 0 : Math.min(Math.floor(Math.log10(size) / 3), BYTE_UNITS.length - 1);
  let amount = round(size / STEP ** unit, decimals);
  // 999 999 rounds to 1000 KB: that is 1 MB
  if (amount >= STEP && unit < BYTE_UNITS.length - 1) {
    unit += 1;
    amount = round(size / STEP ** unit, decimals);
  }
  return `${amount === 0 ? '' : sign}${localNumber(amount, language)} ${BYTE_UNITS[unit]}`;
}
