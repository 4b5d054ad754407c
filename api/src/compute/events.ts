import type { AlertRuleChangedPayload } from './monitoring/service.js';
import type { NetworkChangedPayload } from './network/service.js';
import type { InstanceChangedPayload } from './service.js';

declare module '../graphql/pubsub.js' {
  interface PortalEvents {
    /** An instance of the workspace changed (created, status, pending action, charges, deleted). */
    instanceChanged: [contractUid: string, payload: InstanceChangedPayload];
    /** An alert rule of the workspace changed (created, edited, fired, recovered, deleted). */
    alertRuleChanged: [contractUid: string, payload: AlertRuleChangedPayload];
    /** Network of instances of the workspace changed (traffic, dropped packets, rDNS, firewall). */
    networkChanged: [contractUid: string, payload: NetworkChangedPayload];
    /** An incident or maintenance of the Status page changed (for everyone: it is the provider's). */
    statusChanged: [payload: { incidentUid: string }];
  }
}
