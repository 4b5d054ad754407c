import { and, asc, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isAnyUuid, prepared } from '../../db/prepared.js';
import { paymentMethods } from '../../db/schema.js';
import type { PaymentMethod } from '../../graphql/generated/resolvers.js';
import { paymentMethodDefaults } from './tables.js';

/** Listed (not removed) methods of these workspaces, the default first then oldest first, with `isDefault`. */
export async function methodsOfWorkspaces(
  db: Db,
  workspaceIds: readonly string[],
  now: number,
): Promise<Map<string, PaymentMethod[]>> {
  const result = new Map<string, PaymentMethod[]>();
  if (workspaceIds.length === 0) return result;
  const [rows, defaults] = await Promise.all([
    prepared(db, 'payment_methods_of_workspaces', (d) =>
      d
        .select()
        .from(paymentMethods)
        .where(
          and(
            isAnyUuid(paymentMethods.workspaceId, 'ids'),
            or(
              isNull(paymentMethods.effectiveTill),
              gt(paymentMethods.effectiveTill, sql.placeholder('now')),
            ),
          ),
        )
        .orderBy(asc(paymentMethods.effectiveFrom), asc(paymentMethods.id))
        .prepare('payment_methods_of_workspaces'),
    ).execute({ ids: [...workspaceIds], now: new Date(now) }),
    prepared(db, 'payment_method_defaults_of_workspaces', (d) =>
      d
        .select()
        .from(paymentMethodDefaults)
        .where(isAnyUuid(paymentMethodDefaults.workspaceId, 'ids'))
        .prepare('payment_method_defaults_of_workspaces'),
    ).execute({ ids: [...workspaceIds] }),
  ]);
  for (const workspaceId of workspaceIds) {
    const own = rows.filter((row) => row.workspaceId === workspaceId);
    const chosen = defaults.find((d) => d.workspaceId === workspaceId)?.paymentMethodId;
    const defaultId = own.some((row) => row.id === chosen) ? chosen : own[0]?.id;
    const list = own.map(
      (m): PaymentMethod => ({
        uid: m.id,
        methodId: m.methodId,
        methodType: m.methodType,
        effectiveFrom: m.effectiveFrom,
        effectiveTill: m.effectiveTill,
        cardBrand: m.cardBrand,
        cardLast4: m.cardLast4,
        cardExpMonth: m.cardExpMonth,
        cardExpYear: m.cardExpYear,
        paypalCountry: m.paypalCountry,
        paypalPayerId: m.paypalPayerId,
        paypalPayerEmail: m.paypalPayerEmail,
        isDefault: m.id === defaultId,
      }),
    );
    list.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    result.set(workspaceId, list);
  }
  return result;
}
