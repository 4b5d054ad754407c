/** The roles that may pay and manage payment methods (the api's `PAYING_ROLES`, issue 11). */
export const PAYING_ROLES: readonly string[] = ['Administrative', 'Billing'];

/**
 * The one place the billing screens decide whether the signed-in user may pay for a workspace, as
 * the api's `requireBillingWorkspace(…, 'pay')` does: they must be one of its employees (matched by
 * e-mail, the login) with the role Administrative or Billing. An authorized person has no employee
 * record: they may look, not pay. Unknown (still loading): no.
 */
export function mayPay(
  employees: ReadonlyArray<{ email: string; role: string }> | null | undefined,
  email: string | null | undefined,
): boolean {
  if (!employees || !email) return false;
  const login = email.trim().toLowerCase();
  return employees.some((e) => e.email.trim().toLowerCase() === login && PAYING_ROLES.includes(e.role));
}
