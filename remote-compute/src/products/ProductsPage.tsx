import { NotBuiltYet } from '@portal/shared';

export default function ProductsPage() {
  return <NotBuiltYet page="Products" />;
}
