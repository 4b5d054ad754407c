import { NotBuiltYet } from '@portal/shared';

export default function BillingPage() {
  return <NotBuiltYet page="Billing" />;
}
