import { defineModule } from '../modules/module.js';
import { consoleQueries } from './console/resolvers.js';
import { lifecycleInstanceFields, lifecycleMutations } from './lifecycle/resolvers.js';
import { monitoringMutations, monitoringQueries, monitoringSubscriptions } from './monitoring/resolvers.js';
import type { MonitoringService } from './monitoring/service.js';
import { networkInstanceFields, networkMutations, networkSubscriptions } from './network/resolvers.js';
import { computeMutations, computeQueries, computeSubscriptions } from './resolvers.js';
import type { ComputeService } from './service.js';
import { statusQueries, statusSubscriptions } from './status/resolvers.js';

declare module '../graphql/context.js' {
  interface GraphqlServices {
    /** The compute domain: driver, life cycle and charges. */
    compute: ComputeService;
    /** Compute monitoring: the metric sampler and the alert rules' evaluation. */
    monitoring: MonitoringService;
  }
}

export const computeModule = defineModule({
  name: 'compute',
  dependencies: ['identity', 'workspaces', 'billing'],
  resolvers: {
    Query: { ...computeQueries, ...consoleQueries, ...monitoringQueries, ...statusQueries },
    Mutation: { ...computeMutations, ...monitoringMutations, ...networkMutations, ...lifecycleMutations },
    Subscription: {
      ...computeSubscriptions,
      ...monitoringSubscriptions,
      ...networkSubscriptions,
      ...statusSubscriptions,
    },
    Instance: { ...networkInstanceFields, ...lifecycleInstanceFields },
  },
});
