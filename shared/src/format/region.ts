export type Region = 'eu';

/** Cities of the provider's locations and their region; spec section 9 names Frankfurt and Riga. */
const CITY_REGIONS: ReadonlyArray<readonly [city: string, region: Region]> = [
  ['frankfurt', 'eu'],
  ['riga', 'eu'],
];
export const DEFAULT_REGION: Region = 'eu';

/** 'Frankfurt', 'riga', 'Frankfurt am Main' → 'eu'; an unknown city also maps to 'eu' (spec section 9). */
export function locationToRegion(location: string | null | undefined): Region {
  const text = (location ?? '').toLowerCase();
  return CITY_REGIONS.find(([city]) => text.includes(city))?.[1] ?? DEFAULT_REGION;
}
