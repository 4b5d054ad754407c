import { defineModule } from '../modules/module.js';
import { paymentMutations, paymentQueries, paymentSubscriptions } from './payments/resolvers.js';
import type { PaymentsService } from './payments/service.js';
import { billingQueries } from './resolvers.js';

declare module '../graphql/context.js' {
  interface GraphqlServices {
    /** Make a Payment and payment methods (`src/billing/payments/`). */
    payments: PaymentsService;
  }
}

export const billingModule = defineModule({
  name: 'billing',
  dependencies: ['identity', 'workspaces'],
  resolvers: {
    Query: { ...billingQueries, ...paymentQueries },
    Mutation: paymentMutations,
    Subscription: paymentSubscriptions,
  },
});
