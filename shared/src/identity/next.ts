/**
 * The post-login destination (spec sections 4, 5, 9): a cookie named `next`, 1800 s, SameSite Lax,
 * that only ever holds a same-site path starting with exactly one slash.
 */
export const NEXT_COOKIE = 'next';
export const NEXT_COOKIE_MAX_AGE_S = 1800;

/** How many layers of percent-encoding a candidate is unwrapped to look for a hidden `//`. */
const MAX_DECODE_DEPTH = 3;

/**
 * True for a path on this site: one leading slash, then no second slash or backslash (browsers
 * read `/\evil` as `//evil`), no control characters (browsers drop tabs and newlines, so
 * `/\t/evil` is `//evil`), and all that still true once percent-decoded, layer by layer
 * (`/%2F%2Fevil`, `/%252F%252Fevil`), and once resolved against the current origin (which it keeps,
 * with a path that does not start with `//`).
 */
export function isSafeNextPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return false;
  let candidate = value;
  for (let depth = 0; ; depth++) {
    if (!isPlainPath(candidate)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(candidate);
    } catch {
      return false;
    }
    if (decoded === candidate) break;
    // more layers than any honest link carries
    if (depth === MAX_DECODE_DEPTH) return false;
    candidate = decoded;
  }
  try {
    const base = 'https://portal.invalid';
    const resolved = new URL(value, base);
    // `/..//evil` keeps the origin but normalises to `//evil`, another host once sent as a path
    return resolved.origin === base && !resolved.pathname.startsWith('//');
  } catch {
    return false;
  }
}

function isPlainPath(candidate: string): boolean {
  if (!candidate.startsWith('/')) return false;
  if (candidate[1] === '/' || candidate[1] === '\\') return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  return !/[\u0000-\u001f\u007f]/.test(candidate);
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Saves `path` as the post-login destination; anything but a same-site path is ignored. */
export function saveNextPath(path: unknown): boolean {
  if (!isSafeNextPath(path)) return false;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the spec defines this cookie; Cookie Store API is not everywhere
  document.cookie = `${NEXT_COOKIE}=${encodeURIComponent(path)}; Max-Age=${NEXT_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  return true;
}

/** The saved destination if it is (still) a same-site path. */
export function readNextPath(): string | undefined {
  const value = readCookie(NEXT_COOKIE);
  return isSafeNextPath(value) ? value : undefined;
}

export function clearNextPath(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see saveNextPath
  document.cookie = `${NEXT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** Reads and forgets the saved destination. */
export function takeNextPath(): string | undefined {
  const value = readNextPath();
  clearNextPath();
  return value;
}
