import { isLocalPath } from '../../http/local-path.js';

/** A path of the portal that stays on it (`isLocalPath`) or a URL of its origin; null otherwise. */
export function checkReturnUrl(raw: string, publicUrl: string): string | null {
  const url = raw.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is what it refuses
  if (url.length === 0 || url.length > 2000 || /[\s\\\u0000-\u001f\u007f]/.test(url)) return null;
  if (url.startsWith('/')) return isLocalPath(url) ? url : null;
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.origin === new URL(publicUrl).origin ? parsed.href : null;
}

/** Adds query parameters to a checked return URL (a path or an absolute URL). */
export function withParams(returnUrl: string, params: Record<string, string>): string {
  const url = new URL(returnUrl, 'http://portal.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return returnUrl.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.href;
}
