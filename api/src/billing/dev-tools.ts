import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoices, workspaces } from '../db/schema.js';
import type { GraphqlServices } from '../graphql/context.js';
import { runInvoices } from './invoice-run.js';
import type { InvoiceSchedule } from './invoice-schedule.js';
import { applyPayment, ledgerBalance, utcDate } from './ledger.js';
import { parseAmount } from './money.js';
import { registerDevPaymentTools } from './payments/dev-tools.js';
import { UUID } from './repository.js';

/** The largest payment the portal takes (a top-up's maximum too). */
export const MAX_PAYMENT_CENTS = 1_000_000_00n;

export const AMOUNT_MESSAGES = {
  format: 'amount must be a number with at most two decimals, like 12.50.',
  decimals: 'amount must have at most two decimals.',
  not_positive: 'amount must be above zero.',
  too_large: 'amount must be at most 1000000.00.',
} as const;

/**
 * The billing dev tools, for e2e tests. Registered only with PORTAL_DEV_TOOLS=1, which production
 * refuses.
 *
 * - `POST /_dev/billing/workspaces/:contractUid/payments` with `{amount, idempotencyKey,
 *   invoiceUids?, by?}`: applies a settled payment as the payment provider's webhook will (the
 *   selected invoices first, then the oldest due, the rest on account), once per `idempotencyKey`;
 *   publishes `workspaceChanged`; answers `{applied, paymentUid, amount, amountDue}`. 400 naming
 *   every bad field (nothing applied), 404 for an unknown workspace.
 * - `POST /_dev/billing/invoice-run` with `{date?: "YYYY-MM-DD"}` (default today, UTC): runs the
 *   invoice run for that day (`runInvoices`) and publishes `workspaceChanged` for each workspace
 *   invoiced; answers `{issued: [{contractUid, invoiceUid}]}`; 400 for a bad date.
 */
export function registerDevBillingTools(
  app: FastifyInstance,
  services: GraphqlServices,
  schedule?: InvoiceSchedule,
): void {
  app.post('/_dev/billing/workspaces/:contractUid/payments', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { contractUid } = request.params as { contractUid: string };
    const body = (request.body ?? {}) as {
      amount?: unknown;
      idempotencyKey?: unknown;
      invoiceUids?: unknown;
      by?: unknown;
    };
    const problems: string[] = [];
    const amount =
      typeof body.amount === 'string' || typeof body.amount === 'number'
        ? parseAmount(String(body.amount), MAX_PAYMENT_CENTS)
        : ({ ok: false, problem: 'format' } as const);
    if (!amount.ok) problems.push(AMOUNT_MESSAGES[amount.problem]);
    const key = typeof body.idempotencyKey === 'string' ? body.idempotencyKey.trim() : '';
    if (key === '' || key.length > 255) problems.push('idempotencyKey must be 1 to 255 characters.');
    const invoiceUids = body.invoiceUids ?? [];
    if (!Array.isArray(invoiceUids) || !invoiceUids.every((uid) => typeof uid === 'string' && UUID.test(uid)))
      problems.push('invoiceUids must be a list of invoice uids.');
    if (body.by !== undefined && (typeof body.by !== 'string' || body.by.trim() === ''))
      problems.push('by must be a name.');
    if (problems.length > 0) return reply.code(400).send({ error: problems.join(' ') });

    const [workspace] = await services.db
      .select({ id: workspaces.id, currency: workspaces.currency })
      .from(workspaces)
      .where(eq(workspaces.contractUid, contractUid));
    if (!workspace) return reply.code(404).send({ error: 'no workspace with this contractUid' });
    const uids = invoiceUids as string[];
    if (uids.length > 0) {
      const found = await services.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.workspaceId, workspace.id), inArray(invoices.id, uids)));
      if (found.length !== new Set(uids).size)
        return reply.code(400).send({ error: "invoiceUids must be this workspace's invoices." });
    }
    const result = await applyPayment(services.db, {
      workspace,
      idempotencyKey: key,
      amountCents: (amount as { cents: bigint }).cents,
      currency: workspace.currency,
      method: 'Card ending 4242',
      createdBy: typeof body.by === 'string' ? body.by.trim() : 'Sandbox',
      invoiceIds: uids,
      at: new Date(services.now()),
    });
    if (result.applied) services.pubsub.publish('workspaceChanged', contractUid, { contractUid });
    const balance = await ledgerBalance(services.db, workspace.id, utcDate(services.now()));
    return {
      applied: result.applied,
      paymentUid: result.paymentId,
      amount: balance.amount,
      amountDue: balance.amountDue,
    };
  });

  app.post('/_dev/billing/invoice-run', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = (request.body ?? {}) as { date?: unknown };
    const date = body.date ?? utcDate(services.now());
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
      return reply.code(400).send({ error: 'date must be a day like 2026-12-01.' });
    const issued = await runInvoices(services.db, date);
    const rows =
      issued.length === 0
        ? []
        : await services.db
            .select({ id: workspaces.id, contractUid: workspaces.contractUid })
            .from(workspaces)
            .where(
              inArray(
                workspaces.id,
                issued.map((i) => i.workspaceId),
              ),
            );
    const contractOf = new Map(rows.map((r) => [r.id, r.contractUid]));
    for (const contractUid of new Set(contractOf.values()))
      services.pubsub.publish('workspaceChanged', contractUid, { contractUid });
    return {
      issued: issued.map((i) => ({ contractUid: contractOf.get(i.workspaceId), invoiceUid: i.invoiceId })),
    };
  });
  registerDevPaymentTools(app, services, schedule);
}
