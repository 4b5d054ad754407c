import { useSubscription } from 'urql';
import { NetworkChangedDocument } from '../gql/graphql';

/**
 * Follows `networkChanged(contractUid)` while a network or firewall screen is open: traffic as it
 * accrues, dropped packets, and changes made in another tab are written over the cached networks by
 * their keys (the instance's uid). No polling.
 */
export function useNetworkLiveUpdates(contractUid: string | undefined) {
  useSubscription({
    query: NetworkChangedDocument,
    variables: { contractUid: contractUid ?? '' },
    pause: !contractUid,
  });
}
