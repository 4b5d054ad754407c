/** A time zone of the Preferences list: the IANA name, its current offset, words to search by. */
export interface ZoneOption {
  zone: string;
  label: string;
  search: string;
}

function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? '');
  } catch {
    return '';
  }
}

let cached: ZoneOption[] | undefined;

/** The full IANA list of this browser (`Intl.supportedValuesOf`), plus UTC, labelled with its offset. */
export function zoneOptions(): ZoneOption[] {
  if (cached) return cached;
  const zones = new Set(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/Berlin'],
  );
  zones.add('UTC');
  const now = new Date();
  cached = [...zones].sort().map((zone) => {
    const offset = offsetOf(zone, now);
    const readable = zone.replaceAll('_', ' ');
    return {
      zone,
      label: offset ? `${readable} (${offset})` : readable,
      search: `${zone} ${readable} ${offset}`.toLowerCase(),
    };
  });
  return cached;
}

/** At most this many matches are listed while typing (the list narrows with every letter). */
export const MAX_MATCHES = 80;

/** The zones whose name or offset contains every word typed (the first MAX_MATCHES). */
export function filterZones(options: ZoneOption[], query: string): ZoneOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options
    .filter((option) => words.every((word) => option.search.includes(word)))
    .slice(0, MAX_MATCHES);
}
