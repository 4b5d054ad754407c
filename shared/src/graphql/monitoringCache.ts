import type { Cache, Data, UpdatesConfig } from '@urql/exchange-graphcache';

type RuleLike = Data & { uid?: string; contractUid?: string; instance?: Data & { uid?: string } };

/**
 * Puts an alert rule where it belongs in every cached `alertRules(contractUid, instanceUid?)` list
 * (first, as the api sorts newest first), or takes it out of every list when it is deleted or now
 * belongs to another instance.
 */
function placeRule(cache: Cache, rule: RuleLike, deleted: boolean) {
  const key = cache.keyOfEntity(rule);
  if (!key) return;
  for (const field of cache.inspectFields('Query')) {
    if (field.fieldName !== 'alertRules') continue;
    const args = (field.arguments ?? {}) as { contractUid?: string; instanceUid?: string | null };
    const list = cache.resolve('Query', 'alertRules', args);
    if (!Array.isArray(list)) continue;
    const belongs =
      !deleted &&
      args.contractUid === rule.contractUid &&
      (!args.instanceUid || args.instanceUid === rule.instance?.uid);
    const has = (list as string[]).includes(key);
    if (belongs && !has) cache.link('Query', 'alertRules', args, [key, ...(list as string[])] as never);
    if (!belongs && has)
      cache.link('Query', 'alertRules', args, (list as string[]).filter((item) => item !== key) as never);
  }
}

/**
 * graphcache updates of compute monitoring (compute-monitoring.graphql): a changed rule is keyed by
 * `uid` and written over the cached one; created, moved and deleted rules join or leave the cached
 * lists, from this tab's mutations or another's (`alertRuleChanged`). No refetch.
 */
export const MONITORING_CACHE_UPDATES: UpdatesConfig = {
  Subscription: {
    alertRuleChanged(result, _args, cache) {
      const change = result.alertRuleChanged as { rule?: RuleLike; deleted?: boolean } | null;
      if (change?.rule) placeRule(cache, change.rule, Boolean(change.deleted));
    },
  },
  Mutation: {
    createAlertRule(result, _args, cache) {
      const rule = result.createAlertRule as RuleLike | null;
      if (rule) placeRule(cache, rule, false);
    },
    updateAlertRule(result, _args, cache) {
      const rule = result.updateAlertRule as RuleLike | null;
      if (rule) placeRule(cache, rule, false);
    },
    deleteAlertRule(result, _args, cache) {
      const rule = result.deleteAlertRule as RuleLike | null;
      if (rule) placeRule(cache, rule, true);
    },
  },
};
