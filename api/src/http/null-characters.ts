/**
 * PostgreSQL text cannot hold U+0000, and no form of the portal needs it: a request carrying it is
 * bad input (400), like Django's `ProhibitNullCharactersValidator`, never a failed query (500).
 */
export const NULL_CHARACTERS_MESSAGE = 'Null characters are not allowed.';
export const NULL_CHARACTERS_CODE = 'null_characters_not_allowed';

/**
 * Deeper than any form or GraphQL input of the portal nests. JSON.parse reads 10,000 levels without
 * trouble; walking them recursively would overflow the stack, so the walk is iterative and bounded.
 */
export const MAX_JSON_DEPTH = 64;

/** A body or variables nested deeper than `MAX_JSON_DEPTH`: bad input (400). */
export class JsonTooDeep extends Error {
  statusCode = 400;
  constructor() {
    super(`The input nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
}

/** JSON's objects and arrays only: an uploaded file (a Blob) or a Buffer is bytes, not text. */
function isJsonContainer(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) || proto === Object.prototype || proto === null;
}

/**
 * The dotted path of the first string (key or value) in `value` that holds U+0000 (`''` at the top
 * level), or null when there is none. Throws `JsonTooDeep` beyond `MAX_JSON_DEPTH` levels.
 */
export function nullCharacterPath(value: unknown): string | null {
  // depth first, in key order (a key before its value), as the first problem a reader would meet
  const stack: { value: unknown; path: string; depth: number; badKey?: true }[] = [
    { value, path: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const item = stack.pop() as (typeof stack)[number];
    if (item.badKey) return item.path;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return item.path;
      continue;
    }
    if (!isJsonContainer(item.value)) continue;
    if (item.depth >= MAX_JSON_DEPTH) throw new JsonTooDeep();
    const entries = Object.entries(item.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      const path = item.path ? `${item.path}.${key}` : key;
      stack.push({ value: child, path, depth: item.depth + 1 });
      if (key.includes('\u0000')) stack.push({ value: null, path, depth: item.depth + 1, badKey: true });
    }
  }
  return null;
}
