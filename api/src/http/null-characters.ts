/**
 * PostgreSQL text cannot hold U+0000, and no form of the portal needs it: a request carrying it is
 * bad input (400), like Django's `ProhibitNullCharactersValidator`, never a failed query (500).
 */
export const NULL_CHARACTERS_MESSAGE = 'Null characters are not allowed.';
export const NULL_CHARACTERS_CODE = 'null_characters_not_allowed';

/**
 * The dotted path of the first string (key or value) in `value` that holds U+0000 (`''` at the top
 * level), or null when there is none.
 */
export function nullCharacterPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  // JSON's objects and arrays only: an uploaded file (a Blob) is bytes, not text
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = nullCharacterPath(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}
