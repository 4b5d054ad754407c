/**
 * The visitor's cookie choice. Kept in local storage (not a cookie): only this browser needs it, it
 * is never sent to a server, and storing the choice itself is strictly necessary.
 */
export const CONSENT_STORAGE_KEY = 'cookieConsent';
/** Bump when the categories or what they cover change: every stored choice is then asked again. */
export const CONSENT_VERSION = 1;
/** A choice is asked again after 12 months (the supervisory authorities' usual upper bound). */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

export interface StoredConsent extends ConsentChoice {
  version: number;
  /** necessary storage (session, CSRF, this choice) cannot be declined */
  necessary: true;
  /** ISO 8601 time of the choice */
  decidedAt: string;
}

export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };
export const REJECT_OPTIONAL: ConsentChoice = { analytics: false, marketing: false };

/** A stored choice that still counts, or null (none, broken, another version, too old). */
export function parseConsent(raw: string | null, now: Date): StoredConsent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { version, analytics, marketing, decidedAt } = value as Record<string, unknown>;
  if (version !== CONSENT_VERSION) return null;
  if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean' || typeof decidedAt !== 'string')
    return null;
  const decided = Date.parse(decidedAt);
  if (Number.isNaN(decided) || decided > now.getTime() || now.getTime() - decided > CONSENT_MAX_AGE_MS)
    return null;
  return { version, necessary: true, analytics, marketing, decidedAt };
}

export interface ConsentStore {
  /** the choice in force, or null while the visitor has not decided */
  getState(): StoredConsent | null;
  subscribe(listener: () => void): () => void;
  save(choice: ConsentChoice): void;
}

export function createConsentStore({
  storage = globalThis.localStorage,
  now = () => new Date(),
}: {
  storage?: Storage;
  now?: () => Date;
} = {}): ConsentStore {
  const read = () => {
    try {
      return parseConsent(storage.getItem(CONSENT_STORAGE_KEY), now());
    } catch {
      return null; // storage blocked: ask, and remember the answer for this page only
    }
  };
  let state = read();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  // a choice made in another tab applies here too
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CONSENT_STORAGE_KEY && event.key !== null) return;
    state = read();
    notify();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    save({ analytics, marketing }) {
      state = {
        version: CONSENT_VERSION,
        necessary: true,
        analytics,
        marketing,
        decidedAt: now().toISOString(),
      };
      try {
        storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(state));
      } catch {
        // storage blocked: the choice holds for this page
      }
      notify();
    },
  };
}
