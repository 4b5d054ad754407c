import type { Cache, Data, UpdatesConfig } from '@urql/exchange-graphcache';

type InstanceLike = Data & { uid?: string; contractUid?: string };

/** Adds an instance to the cached `instances(contractUid)` list, if that list was loaded and lacks it. */
function addToList(cache: Cache, contractUid: string, instance: InstanceLike) {
  const key = cache.keyOfEntity(instance);
  const list = cache.resolve('Query', 'instances', { contractUid });
  if (!key || !Array.isArray(list) || (list as string[]).includes(key)) return;
  cache.link('Query', 'instances', { contractUid }, [...(list as string[]), key] as never);
}

/**
 * graphcache updates of compute (compute.graphql). A changed instance needs nothing here: it is
 * normalised by `uid` and written over the cached one. What keys cannot do is lists: an instance
 * created (by this tab's `createInstance`, or elsewhere, reported by `instanceChanged`) joins the
 * cached `instances(contractUid)`; a deleted one leaves it, and `instance(contractUid, uid)` then
 * answers null, so an open details page knows it is gone. No refetch either way.
 */
export const COMPUTE_CACHE_UPDATES: UpdatesConfig = {
  Subscription: {
    instanceChanged(result, args, cache) {
      const change = result.instanceChanged as { instance?: InstanceLike; deleted?: boolean } | null;
      const instance = change?.instance;
      const contractUid = (args.contractUid as string | undefined) ?? instance?.contractUid;
      if (!instance || !contractUid) return;
      if (!change.deleted) return addToList(cache, contractUid, instance);
      const key = cache.keyOfEntity(instance);
      const list = cache.resolve('Query', 'instances', { contractUid });
      if (Array.isArray(list))
        cache.link(
          'Query',
          'instances',
          { contractUid },
          (list as string[]).filter((item) => item !== key) as never,
        );
      if (instance.uid) cache.link('Query', 'instance', { contractUid, uid: instance.uid }, null);
    },
  },
  Mutation: {
    createInstance(result, args, cache) {
      const instance = result.createInstance as InstanceLike | null;
      const contractUid = (args.input as { contractUid?: string } | undefined)?.contractUid;
      if (instance && contractUid) addToList(cache, contractUid, instance);
    },
  },
};
