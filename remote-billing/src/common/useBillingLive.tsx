import { createContext, useContext, useEffect, useRef } from 'react';
import { useSubscription } from 'urql';
import { BillingWorkspaceChangedDocument, type BillingWorkspaceChangedSubscription } from '../gql/graphql';

/** How many `workspaceChanged` events of the workspace the page has seen (0: none yet). */
export const BillingRevision = createContext(0);

/**
 * The page's live updates: `workspaceChanged(contractUid)` on the portal's socket. Its balance
 * lands in the cached FundBalance (the header and the drawer both read it); the returned revision
 * counts events, so the lists refetch what a payment or an invoice changed. No polling.
 */
export function useBillingSubscription(contractUid: string): number {
  const [{ data }] = useSubscription<BillingWorkspaceChangedSubscription, number>(
    { query: BillingWorkspaceChangedDocument, variables: { contractUid }, pause: !contractUid },
    (count = 0) => count + 1,
  );
  return data ?? 0;
}

/** Calls `refetch` after each live event of the workspace (not on the first render). */
export function useRefetchOnChange(refetch: () => void) {
  const revision = useContext(BillingRevision);
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (revision > 0) latest.current();
  }, [revision]);
}
