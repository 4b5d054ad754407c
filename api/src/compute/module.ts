import type { MonitoringService } from './monitoring/service.js';
import type { ComputeService } from './service.js';

declare module '../graphql/context.js' {
  interface GraphqlServices {
    /** The compute domain: driver, life cycle and charges. */
    compute: ComputeService;
    /** Compute monitoring: the metric sampler and the alert rules' evaluation. */
    monitoring: MonitoringService;
  }
}
