import { sql } from 'drizzle-orm';
import { ledgerBalance, utcDate } from '../billing/ledger.js';
import { toCents } from '../billing/money.js';
import { type Db, queryRows } from '../db/client.js';
import { ComputeRefusal } from './service.js';
import { computeInstances, computeQuotas } from './tables.js';

/**
 * How many instances a workspace may have unless the provider set another limit for it
 * (`compute_quotas`, raised on request like Hetzner's and DigitalOcean's account limits). A setting
 * for the whole deployment is wanted as `PORTAL_INSTANCE_LIMIT`; until `config.ts` has it, this.
 */
export const DEFAULT_INSTANCE_LIMIT = 10;

/** The refusals of a deployment the workspace's account does not allow: each says what to do. */
export const QUOTA_MESSAGES = {
  instanceLimit: (limit: number) =>
    `This workspace has reached its limit of ${limit} instances. Delete an instance you no longer need, or contact support to raise the limit.`,
  invoiceOverdue:
    'An invoice of this workspace is overdue. Pay the overdue invoice (Billing › Invoices) to deploy new instances.',
} as const;

export const INSTANCE_LIMIT_REACHED = 'INSTANCE_LIMIT_REACHED';
export const INVOICE_OVERDUE = 'INVOICE_OVERDUE';

export interface InstanceQuota {
  used: number;
  limit: number;
}

/** The workspace's live instances (deleted ones not counted) and its limit. */
export async function instanceQuota(db: Db, workspaceId: string): Promise<InstanceQuota> {
  const [row] = await queryRows<{ used: number; limit: number | null }>(
    db,
    sql`select
      (select count(*)::int from ${computeInstances} i
        where i.workspace_id = ${workspaceId}::uuid and i.deleted_at is null) as used,
      (select q.instance_limit from ${computeQuotas} q where q.workspace_id = ${workspaceId}::uuid) as limit`,
  );
  return { used: row?.used ?? 0, limit: row?.limit ?? DEFAULT_INSTANCE_LIMIT };
}

/**
 * In a deployment's transaction, after its insert: takes the workspace's deployment lock (its
 * `workspaces` row, which two processes on one PostgreSQL then take in turn), counts the instances
 * with the new one and refuses (the transaction rolls back) when they are more than the limit. The
 * lock is held until the insert commits, so parallel deployments cannot pass the limit together.
 */
export async function checkInstanceLimit(tx: Db, workspaceId: string): Promise<void> {
  await tx.execute(sql`select 1 from workspaces where id = ${workspaceId}::uuid for no key update`);
  const { used, limit } = await instanceQuota(tx, workspaceId);
  if (used > limit) throw new ComputeRefusal(QUOTA_MESSAGES.instanceLimit(limit), INSTANCE_LIMIT_REACHED);
}

/** True while the workspace has an invoice past its due date with something still owed. */
export async function hasOverdueInvoice(db: Db, workspaceId: string, now: number): Promise<boolean> {
  const balance = await ledgerBalance(db, workspaceId, utcDate(now));
  return (toCents(balance.debitBalance) ?? 0n) > 0n;
}
