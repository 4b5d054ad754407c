/** Longer than any honest next or return path. */
const MAX_LENGTH = 2000;
/** How many layers of percent-encoding are unwrapped to look for a hidden `//` or `\`. */
const MAX_DECODE_DEPTH = 3;
const BASE = 'http://portal.invalid';

/**
 * True for a path on this site that stays on it however it is read: one leading slash, no
 * backslash, whitespace or control character (browsers read `/\evil` and `/\t/evil` as `//evil`),
 * all of that still true once percent-decoded layer by layer, and once resolved against an origin
 * the origin is kept and the path does not start with `//` (`/..//evil`, `/.//evil` and
 * `/%2e%2e//evil` normalise to `//evil`, which a `Location` header sends to another host).
 */
export function isLocalPath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_LENGTH) return false;
  let candidate = path;
  for (let depth = 0; ; depth++) {
    if (!isPlain(candidate)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(candidate);
    } catch {
      return false;
    }
    if (decoded === candidate) break;
    if (depth === MAX_DECODE_DEPTH) return false;
    candidate = decoded;
  }
  if (!URL.canParse(path, BASE)) return false;
  const resolved = new URL(path, BASE);
  return resolved.origin === BASE && !resolved.pathname.startsWith('//');
}

function isPlain(candidate: string): boolean {
  if (!candidate.startsWith('/') || candidate[1] === '/') return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return !/[\s\\\u0000-\u001f\u007f]/.test(candidate);
}
