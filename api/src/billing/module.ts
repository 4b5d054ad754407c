import type { PaymentsService } from './payments/service.js';

declare module '../graphql/context.js' {
  interface GraphqlServices {
    /** Make a Payment and payment methods (`src/billing/payments/`). */
    payments: PaymentsService;
  }
}
