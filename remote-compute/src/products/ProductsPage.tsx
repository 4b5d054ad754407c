import { OffersPage } from '../offers/OffersPage';

/** Products (spec section 2): filters All, Compute, Data center, Other. */
export default function ProductsPage() {
  return <OffersPage kind="PRODUCT" />;
}
