import { createRequire } from 'node:module';
import type { Countries } from 'world-countries';

/** The regions of spec section 3, in the order the country list groups them; Other (id 0) last. */
export const REGIONS = ['Europe', 'Asia', 'America', 'Africa', 'Australia/Oceania', 'Other'] as const;
export type RegionName = (typeof REGIONS)[number];

/** A country list entry (spec section 3: id, name, region_name, iso_code). */
export interface Country {
  id: number;
  name: string;
  regionName: RegionName;
  isoCode: string;
}

/** The entry for an address outside the list (spec: "id 0 is Other"). */
export const OTHER_COUNTRY: Country = { id: 0, name: 'Other', regionName: 'Other', isoCode: '' };

const REGION_OF: Record<string, RegionName> = {
  Europe: 'Europe',
  Asia: 'Asia',
  Americas: 'America',
  Africa: 'Africa',
  Oceania: 'Australia/Oceania',
  Antarctic: 'Other',
};

// world-countries ships its data as JSON behind an ESM re-export that Node 20 cannot import
// without import attributes; its CommonJS entry loads everywhere.
const world = createRequire(import.meta.url)('world-countries') as Countries;

/**
 * ISO 3166-1 countries with a numeric code (Kosovo has none and goes under Other), by region then
 * name, then Other. Ids are the ISO numeric codes, stable across releases of the data.
 */
export const COUNTRIES: readonly Country[] = [
  ...world
    .filter((c) => /^\d{3}$/.test(c.ccn3))
    .map((c) => ({
      id: Number(c.ccn3),
      name: c.name.common,
      regionName: REGION_OF[c.region] ?? 'Other',
      isoCode: c.cca2,
    }))
    .sort(
      (a, b) =>
        REGIONS.indexOf(a.regionName) - REGIONS.indexOf(b.regionName) || a.name.localeCompare(b.name, 'en'),
    ),
  OTHER_COUNTRY,
];

export const findCountry = (id: number): Country | undefined => COUNTRIES.find((c) => c.id === id);
