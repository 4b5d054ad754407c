import { useSubscription } from 'urql';
import { InstanceChangedDocument } from '../gql/graphql';

/**
 * Follows `instanceChanged(contractUid)` while a compute screen is open. Nothing to do with the
 * events here: graphcache writes each instance over the cached one, and the portal's compute cache
 * updates (`COMPUTE_CACHE_UPDATES` in `@portal/shared`) add a new instance to the list and take a
 * deleted one out, so every query on screen re-renders. No polling.
 */
export function useInstanceLiveUpdates(contractUid: string | undefined) {
  useSubscription({
    query: InstanceChangedDocument,
    variables: { contractUid: contractUid ?? '' },
    pause: !contractUid,
  });
}
