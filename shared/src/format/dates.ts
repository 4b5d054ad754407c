// The date formatting of `@portal/shared/dates` (datesEntry.ts), with date-fns and @date-fns/tz.
// What it needs from the root comes through the package name (see datesEntry.ts).
import { TZDate } from '@date-fns/tz';
import {
  type DateFormat,
  type DateInput,
  type DatePreferences,
  resolveTimeZone,
  type TimeFormat,
} from '@portal/shared';
import { format as formatWith, isValid, parseISO } from 'date-fns';

const DATE_PATTERNS: Readonly<Record<DateFormat, string>> = {
  'YYYY-MM-DD': 'yyyy-MM-dd',
  'MM/DD/YYYY': 'MM/dd/yyyy',
  'DD.MM.YYYY': 'dd.MM.yyyy',
};
const TIME_PATTERNS: Readonly<Record<TimeFormat, string>> = { '24h': 'HH:mm', '12h': 'h:mm a' };

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NO_ZONE = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The instant to show, in `zone`. A date-only string ('2024-03-05', a due date) is a calendar day:
 * it is midnight of that day in the user's zone, never shifted to the day before. A date-time
 * without an offset is read as UTC, the server's clock.
 */
function toZoned(value: DateInput, zone: string): TZDate | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value.trim());
    if (day) {
      const date = new TZDate(Number(day[1]), Number(day[2]) - 1, Number(day[3]), zone);
      return isValid(date) && date.getDate() === Number(day[3]) ? date : null;
    }
    const text = value.trim();
    const parsed = parseISO(NO_ZONE.test(text) ? `${text}Z` : text);
    return isValid(parsed) ? TZDate.tz(zone, parsed) : null;
  }
  const date = TZDate.tz(zone, +value);
  return isValid(date) ? date : null;
}

function patternOf(prefs: DatePreferences, parts: { date: boolean; time: boolean }): string {
  const date = DATE_PATTERNS[prefs.dateFormat as DateFormat] ?? DATE_PATTERNS['YYYY-MM-DD'];
  const time = TIME_PATTERNS[prefs.timeFormat as TimeFormat] ?? TIME_PATTERNS['24h'];
  return [parts.date ? date : '', parts.time ? time : ''].filter(Boolean).join(' ');
}

function formatIn(value: DateInput, prefs: DatePreferences, parts: { date: boolean; time: boolean }): string {
  const date = toZoned(value, resolveTimeZone(prefs.timezone));
  return date ? formatWith(date, patternOf(prefs, parts)) : '';
}

/** '2024-03-05', '03/05/2024' or '05.03.2024' in the user's timezone; '' for no or a bad value. */
export function formatDate(value: DateInput, prefs: DatePreferences): string {
  return formatIn(value, prefs, { date: true, time: false });
}

/** '14:30' or '2:30 PM' in the user's timezone; '' for no or a bad value. */
export function formatTime(value: DateInput, prefs: DatePreferences): string {
  return formatIn(value, prefs, { date: false, time: true });
}

/** '2024-03-05 14:30' or '03/05/2024 2:30 PM' in the user's timezone; '' for no or a bad value. */
export function formatDateTime(value: DateInput, prefs: DatePreferences): string {
  return formatIn(value, prefs, { date: true, time: true });
}
