import type { Payment } from '../../graphql/generated/resolvers.js';
import { PAYMENT_EXPIRY_MS } from './messages.js';
import type { PaymentAttemptRow } from './tables.js';

/** A payment attempt as the GraphQL `Payment` of a contract. */
export function toPayment(row: PaymentAttemptRow, contractUid: string): Payment {
  return {
    uid: row.id,
    contractUid,
    status: row.status,
    purpose: row.purpose,
    invoiceUids: row.invoiceIds,
    amount: row.amount,
    currency: row.currency,
    statementDescriptor: row.statementDescriptor,
    fullDescription: row.fullDescription,
    provider: row.provider,
    methodType: row.methodType,
    paymentMethodUid: row.paymentMethodId,
    intentId: row.intentId,
    clientSecret: row.clientSecret,
    nextAction: row.nextAction
      ? { type: row.nextAction.type as 'REDIRECT_TO_URL', url: row.nextAction.url }
      : null,
    lastError: row.lastError,
    createdAt: row.createdAt,
    expiresAt: new Date(row.createdAt.getTime() + PAYMENT_EXPIRY_MS),
    finishedAt: row.finishedAt,
  };
}
