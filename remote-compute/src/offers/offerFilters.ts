import type { OfferKind } from '../gql/graphql';

/** The filters of Products and Solutions (spec section 2), by their id in `?filter=`. */
export const OFFER_FILTERS = {
  PRODUCT: ['all', 'compute', 'data-center', 'other'],
  SOLUTION: ['all', 'websites', 'hosting', 'applications', 'vpns'],
} as const satisfies Record<OfferKind, readonly string[]>;

export type OfferFilter = (typeof OFFER_FILTERS)[OfferKind][number];

/** The filter a `?filter=` value names for this kind; none or an unknown one is All. */
export function offerFilter(kind: OfferKind, value: string | null): OfferFilter {
  return (OFFER_FILTERS[kind] as readonly string[]).includes(value ?? '') ? (value as OfferFilter) : 'all';
}

/** The api's category of a filter id (`data-center` → `DATA_CENTER`). */
export const categoryOf = (filter: OfferFilter) => filter.toUpperCase().replace(/-/g, '_');
