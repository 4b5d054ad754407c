import { currentLanguage, LANGUAGE_LOCALES, type Language } from '../i18n/language';
import { round } from './round';

type Numeric = number | string | null | undefined;

const SYMBOLS: Readonly<Record<string, string>> = { EUR: '€', USD: '$' };

/** Spec section 9: EUR gives '€', USD '$', anything else ''. */
export function currencySymbol(currency: string | null | undefined): string {
  return SYMBOLS[(currency ?? '').trim().toUpperCase()] ?? '';
}

function toNumber(value: Numeric): number {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return NaN;
  return Number(value);
}

const amountFormats = new Map<Language, Intl.NumberFormat>();
function amountFormat(language: Language): Intl.NumberFormat {
  let format = amountFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    amountFormats.set(language, format);
  }
  return format;
}

/**
 * Money as the portal shows it, in the page's language. English: the symbol before the amount, two
 * decimals, thousands grouped ('€1,234.50', '-$5.00'). German writes the symbol after the amount
 * ('1.234,50 €', '-5,00 $'). A currency without a symbol shows its code after the amount
 * ('12.00 GBP', '12,00 GBP'), so the amount is never shown without its currency. Not a number gives ''.
 */
export function formatMoney(
  amount: Numeric,
  currency: string | null | undefined,
  language: Language = currentLanguage(),
): string {
  const value = toNumber(amount);
  if (!Number.isFinite(value)) return '';
  const rounded = round(value, 2);
  const sign = rounded < 0 ? '-' : '';
  const digits = amountFormat(language).format(Math.abs(rounded));
  const symbol = currencySymbol(currency);
  if (symbol) return language === 'en' ? `${sign}${symbol}${digits}` : `${sign}${digits}\u00a0${symbol}`;
  const code = (currency ?? '').trim().toUpperCase();
  // English keeps its plain space before a code; German keeps amount and unit together (no-break space)
  const space = language === 'en' ? ' ' : '\u00a0';
  return code ? `${sign}${digits}${space}${code}` : `${sign}${digits}`;
}

/**
 * The displayed balance of spec section 4: a negative amount shows minus amountDue, otherwise the
 * amount. Amounts may arrive as decimal strings from GraphQL.
 */
export function displayedBalance(balance: { amount: Numeric; amountDue: Numeric }): number {
  const amount = toNumber(balance.amount);
  if (Number.isNaN(amount)) return NaN;
  if (amount < 0) {
    const due = toNumber(balance.amountDue);
    return due === 0 ? 0 : -due;
  }
  return amount;
}
