import { NotBuiltYet } from '@portal/shared';

/**
 * The Payment methods tab (issue 11). A placeholder with its final props: the payments work
 * replaces this file (cards and PayPal accounts, add, default, remove).
 */
export function PaymentMethodsTab(_props: { contractUid: string }) {
  return <NotBuiltYet page="Payment methods" />;
}
