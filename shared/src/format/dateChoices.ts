// The date and time choices of the Preferences tab, their types and the timezone check: in the
// root of `@portal/shared` (the shell's `preferencesOf` needs them). No date-fns here: the
// formatting is `@portal/shared/dates` (dates.ts), bundled into the pages that show dates.
import type { UserPreferences } from '../contract/PortalContext';

export type DateFormat = UserPreferences['dateFormat'];
export type TimeFormat = UserPreferences['timeFormat'];

/** The choices of the Preferences tab (spec section 3), in the spec's order. */
export const DATE_FORMATS: readonly DateFormat[] = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD.MM.YYYY'];
export const TIME_FORMATS: readonly TimeFormat[] = ['24h', '12h'];

export type DateInput = Date | string | number | null | undefined;
/** Preferences as `me` gives them; a missing or unknown part falls back to the defaults. */
export type DatePreferences = Partial<Record<keyof UserPreferences, string | null>>;

const validZones = new Map<string, boolean>();
function isTimeZone(zone: string): boolean {
  let valid = validZones.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    validZones.set(zone, valid);
  }
  return valid;
}

/** The browser's timezone, read once: a DateTimeFormat is costly to make, and the shell asks on every render. */
let browserZone: string | undefined;

/** The user's timezone, else the browser's (before `me` answered, or for a zone the browser lacks). */
export function resolveTimeZone(zone: string | null | undefined): string {
  if (zone && isTimeZone(zone)) return zone;
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return browserZone;
}
