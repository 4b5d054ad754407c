import { NotBuiltYet } from '@portal/shared';

/** The Accounts tab of the Profile page: the accounts and workspaces the user belongs to. */
export function AccountsTab() {
  return <NotBuiltYet page="Accounts" />;
}
