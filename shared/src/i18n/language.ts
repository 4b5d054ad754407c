import type { i18n } from 'i18next';

/** The portal's languages; English is the default and the fallback of every text. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as the language choice lists them (never translated). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', de: 'Deutsch' };

/** The locale of numbers, money and dates per language. */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', de: 'de-DE' };

/**
 * Local-storage key of this browser's language (beside `workspaceUid`, `colorScheme`): the last
 * choice, so the sign-in pages speak it too. A signed-in user's choice also lives on the account
 * (`me.user.language`), which wins once `me` has answered.
 */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** A supported language from a BCP 47 tag ('de-AT' → 'de'), else null. */
export function languageOf(tag: string | null | undefined): Language | null {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStoredLanguage(from: Storage | undefined = storage()): Language | null {
  try {
    return languageOf(from?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language, to: Storage | undefined = storage()): void {
  try {
    to?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // quota or privacy settings: the choice holds until the page is left
  }
}

/** The language a page starts in: the stored choice, else the browser's first supported one, else English. */
export function initialLanguage(
  stored: Language | null = readStoredLanguage(),
  browser: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): Language {
  if (stored) return stored;
  for (const tag of browser) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

let current: Language = 'en';
/** The page's language for the formatters (money, numbers), kept in step by `createI18n`. */
export function currentLanguage(): Language {
  return current;
}
/** The locale of the page's language ('de-DE'), for Intl formatters. */
export function currentLocale(): string {
  return LANGUAGE_LOCALES[current];
}

/** What follows the page's language: the formatters and `<html lang>`. */
export function followLanguage(instance: i18n): void {
  const apply = (tag: string | undefined) => {
    current = languageOf(tag) ?? 'en';
    if (typeof document !== 'undefined') document.documentElement.lang = current;
  };
  apply(instance.language);
  instance.on('languageChanged', apply);
}

/** Switches the page's language and remembers it in this browser. */
export async function setLanguage(instance: i18n, language: Language): Promise<void> {
  storeLanguage(language);
  if (instance.language !== language) await instance.changeLanguage(language);
}
