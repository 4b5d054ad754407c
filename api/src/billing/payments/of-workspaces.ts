import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { paymentMethods } from '../../db/schema.js';
import type { PaymentMethod, PendingPayment } from '../../graphql/generated/resolvers.js';
import { paymentAttempts, paymentMethodDefaults, UNFINISHED } from './tables.js';

/** A listed payment method as `paymentsJsonFields` writes it (timestamps as PostgreSQL's JSON text). */
interface MethodJson {
  id: string;
  methodId: string;
  methodType: PaymentMethod['methodType'];
  effectiveFrom: string;
  effectiveTill: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  cardExpMonth: number | null;
  cardExpYear: number | null;
  paypalCountry: string | null;
  paypalPayerId: string | null;
  paypalPayerEmail: string | null;
}

/** A workspace's payment rows as `paymentsJsonFields` writes them. */
export interface PaymentsJson {
  /** Listed (not removed at `now`), oldest first. */
  methods: MethodJson[];
  /** `payment_method_defaults`; may name a removed method (then the oldest listed is the default). */
  defaultMethodId: string | null;
  /** The unfinished payment (at most one per workspace: a partial unique index). */
  pending: (Omit<PendingPayment, '__typename' | 'invoiceUid'> & { invoiceIds: string[] }) | null;
}

const unfinished = sql.join(
  UNFINISHED.map((status) => sql.raw(`'${status}'`)),
  sql`, `,
);

/**
 * The payment methods, the default and the unfinished payment of the workspace `workspaceId` as
 * fields of a `json_build_object` (`methods`, `defaultMethodId`, `pending`): the workspace loads read
 * them in their one statement (`workspaces/repository.ts`) instead of three more.
 */
export const paymentsJsonFields = (
  workspaceId: SQL,
  now: SQL | Placeholder,
) => sql`'methods', coalesce((select
      json_agg(json_build_object('id', m.id, 'methodId', m.method_id, 'methodType', m.method_type,
        'effectiveFrom', m.effective_from, 'effectiveTill', m.effective_till, 'cardBrand', m.card_brand,
        'cardLast4', m.card_last4, 'cardExpMonth', m.card_exp_month, 'cardExpYear', m.card_exp_year,
        'paypalCountry', m.paypal_country, 'paypalPayerId', m.paypal_payer_id,
        'paypalPayerEmail', m.paypal_payer_email) order by m.effective_from, m.id)
      from ${paymentMethods} m where m.workspace_id = ${workspaceId}
        and (m.effective_till is null or m.effective_till > ${now}::timestamptz)), '[]'),
    'defaultMethodId', (select d.payment_method_id from ${paymentMethodDefaults} d where d.workspace_id = ${workspaceId}),
    'pending', (select json_build_object('uid', a.id, 'status', a.status, 'paymentMethod', pm.method_id,
        'clientSecret', a.client_secret, 'amount', a.amount::text, 'currency', a.currency,
        'statementDescriptor', a.statement_descriptor, 'fullDescription', a.full_description,
        'invoiceIds', a.invoice_ids)
      from ${paymentAttempts} a left join ${paymentMethods} pm on pm.id = a.payment_method_id
      where a.workspace_id = ${workspaceId} and a.status in (${unfinished}) limit 1)`;

/**
 * `FundBalance.paymentMethods` (the default first, then oldest first, exactly one `isDefault`) and
 * `pendingPayment` from the rows of `paymentsJsonFields`.
 */
export function fundPayments(json: PaymentsJson): {
  paymentMethods: PaymentMethod[];
  pendingPayment: PendingPayment | null;
} {
  const { methods, defaultMethodId, pending } = json;
  const defaultId = methods.some((m) => m.id === defaultMethodId) ? defaultMethodId : methods[0]?.id;
  const list = methods.map(({ id, ...m }): PaymentMethod => ({ uid: id, ...m, isDefault: id === defaultId }));
  list.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return {
    paymentMethods: list,
    pendingPayment: pending
      ? {
          uid: pending.uid,
          status: pending.status,
          paymentMethod: pending.paymentMethod,
          clientSecret: pending.clientSecret,
          amount: pending.amount,
          currency: pending.currency,
          statementDescriptor: pending.statementDescriptor,
          fullDescription: pending.fullDescription,
          invoiceUid: pending.invoiceIds[0] ?? null,
        }
      : null,
  };
}
