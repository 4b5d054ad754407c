import { NEXT_COOKIE_MAX_AGE_S } from '@portal/shared';

/**
 * A sensitive action the customer confirmed, which the identity service refused until they
 * confirm it is them (a 401 asking for reauthentication). The host then sends them to the
 * reauthentication page and, once done, back to the page they were on (the `next` path); the
 * page finds its action here and asks once more, so one click finishes what they started.
 * Kept for this tab only, for as long as the host keeps `next` (30 minutes).
 */
const KEY = 'portal.auth.resume';
const MAX_AGE_MS = NEXT_COOKIE_MAX_AGE_S * 1000;

interface ResumeIntent {
  action: string;
  path: string;
  savedAt: number;
}

export function saveResumeIntent(action: string, path: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ action, path, savedAt: Date.now() }));
  } catch {
    // storage may be unavailable: the customer then starts the action again
  }
}

export function clearResumeIntent(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing was kept
  }
}

/** True (once) when `action` on `path` waits to be resumed; a match is forgotten as it is read. */
export function takeResumeIntent(action: string, path: string): boolean {
  let intent: Partial<ResumeIntent> | null = null;
  try {
    intent = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<ResumeIntent> | null;
  } catch {
    intent = null;
  }
  if (!intent || intent.action !== action || intent.path !== path) return false;
  clearResumeIntent();
  return typeof intent.savedAt === 'number' && Date.now() - intent.savedAt <= MAX_AGE_MS;
}
