/**
 * The shape of a namespace's English texts with every text a string: `const xDe: Translation<typeof
 * xEn> = {…}` makes a missing key, or one English does not have, a type error.
 */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

export interface TranslationDiff {
  /** keys of the English texts the translation lacks (dotted paths) */
  missing: string[];
  /** keys of the translation English does not have */
  extra: string[];
  /** texts whose `{{values}}` or `<tags>` differ from the English text's */
  placeholders: string[];
}

function leaves(texts: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (texts && typeof texts === 'object') {
    for (const [key, value] of Object.entries(texts)) leaves(value, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, texts);
  return into;
}

const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}|<\/?\w+>/g;
const placeholdersOf = (text: unknown) =>
  typeof text === 'string'
    ? [...new Set((text.match(PLACEHOLDER) ?? []).map((p) => p.replace(/\s/g, '')))].sort()
    : [];

/**
 * How a translation differs from its English namespace: missing and extra keys, and texts whose
 * interpolated values or markup tags are not the English ones (a German text that dropped
 * `{{email}}` would show the customer less than the English one). Unit tests of each package
 * assert it empty for every namespace, so a missing key fails a test, not a customer.
 */
export function translationDiff(english: unknown, translation: unknown): TranslationDiff {
  const en = leaves(english);
  const other = leaves(translation);
  const missing = [...en.keys()].filter((key) => !other.has(key) || typeof other.get(key) !== 'string');
  const extra = [...other.keys()].filter((key) => !en.has(key));
  const placeholders = [...en.keys()].filter(
    (key) =>
      other.has(key) && placeholdersOf(en.get(key)).join(' ') !== placeholdersOf(other.get(key)).join(' '),
  );
  return { missing, extra, placeholders };
}
