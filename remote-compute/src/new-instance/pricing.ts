import { currentLanguage, formatMoney, LANGUAGE_LOCALES, type Language } from '@portal/shared';
import type { PlanFieldsFragment } from '../gql/graphql';

/** What a visitor (no workspace yet) sees prices in. */
export const VISITOR_CURRENCY = 'EUR';

/** The plan's price in `currency`; else in EUR; else the first it has; null without prices. */
export function planPrice(plan: Pick<PlanFieldsFragment, 'prices'>, currency: string) {
  const wanted = currency.toUpperCase();
  return (
    plan.prices.find((price) => price.currency.toUpperCase() === wanted) ??
    plan.prices.find((price) => price.currency.toUpperCase() === VISITOR_CURRENCY) ??
    plan.prices[0] ??
    null
  );
}

/** RAM for people: 512 MB, 2 GB, 1.5 GB (binary megabytes as the plans count them). */
export function formatMemory(memoryMb: number): string {
  if (memoryMb < 1024) return `${memoryMb} MB`;
  const gb = memoryMb / 1024;
  return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
}

/**
 * An hourly price: fractions of a cent matter there (€0.0065), so 2 to 4 decimals, written like
 * `formatMoney` writes money in the page's language (symbol before in English, after in German).
 */
export function formatHourly(
  amount: string | number,
  currency: string,
  language: Language = currentLanguage(),
): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return '';
  const digits = new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(Math.abs(value));
  return formatMoney(value < 0 ? -1 : 1, currency, language).replace(/1[.,]00/, digits);
}
