// `@portal/shared/dates`: the date formatting (date-fns and @date-fns/tz, about 26 kB decoded) and
// `useDateFormat`. Not part of the root, so the sign-in pages do not download it (issue 14);
// stateless, so it is bundled (tree-shaken) into each app that uses it rather than shared. What it
// needs from the root (`usePortal`, the choices and `resolveTimeZone`) it imports through the
// package name, never by a relative path: federation then hands it the page's one root, so no
// context exists twice. The choices and types stay in the root (`format/dateChoices.ts`).
export type { DateFormat, DateInput, DatePreferences, TimeFormat } from '@portal/shared';
export { formatDate, formatDateTime, formatTime } from './dates';
export { useDateFormat } from './useDateFormat';
