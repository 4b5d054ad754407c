import type { UserPreferences } from '../contract/PortalContext';
import { DATE_FORMATS, resolveTimeZone, TIME_FORMATS } from '../format/dateChoices';
import { currentLanguage, type Language } from '../i18n/language';
import type { PortalMe } from './meStore';

/**
 * The user's display preferences from `me`: their timezone (else the browser's, also for a zone
 * this browser does not know), date format and time format (else the defaults `YYYY-MM-DD`, `24h`;
 * in German `DD.MM.YYYY`, as a German reader writes dates).
 */
export function preferencesOf(me: PortalMe | null, language: Language = currentLanguage()): UserPreferences {
  const user = me?.user;
  const dateFormat =
    DATE_FORMATS.find((f) => f === user?.dateFormat) ?? (language === 'de' ? 'DD.MM.YYYY' : 'YYYY-MM-DD');
  const timeFormat = TIME_FORMATS.find((f) => f === user?.timeFormat) ?? '24h';
  return { timezone: resolveTimeZone(user?.timezone), dateFormat, timeFormat };
}

const NO_FLAGS: Readonly<Record<string, boolean>> = Object.freeze({});

/**
 * Route feature flags from `me.env.profiles` (spec section 3): a route behind flag `beta` shows
 * only to a user whose profiles list `beta`. Signed out, or before `me` answered, every flag is off.
 */
export function featureFlagsOf(me: PortalMe | null): Readonly<Record<string, boolean>> {
  const profiles = me?.env.profiles ?? [];
  if (profiles.length === 0) return NO_FLAGS;
  return Object.freeze(Object.fromEntries(profiles.map((profile) => [profile, true])));
}
