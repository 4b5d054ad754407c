import { OffersPage } from '../offers/OffersPage';

/** Solutions (spec section 2): filters All, Websites, Hosting, Applications, VPNs. */
export default function SolutionsPage() {
  return <OffersPage kind="SOLUTION" />;
}
