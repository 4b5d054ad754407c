import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../db/client.js';
import type { GraphqlServices } from '../graphql/context.js';
import { PAYMENT_TERM_DAYS } from './invoice-run.js';
import { issueInvoice, utcDate } from './ledger.js';
import { fromCents, money, parseAmount } from './money.js';
import { addDays } from './seed.js';

const MAX_CENTS = 1_000_000_00n;

/**
 * A dev tool for the payments e2e suite (the demo seeds no workspace with two open invoices):
 * `POST /_dev/billing/workspaces/:contractUid/invoices` with `{amount, description?}` issues an
 * invoice of that net amount now (the workspace's VAT rate, due in 14 days, the year's next
 * number), as the invoice run would for a direct line; money on account pays what it can, as always.
 * Publishes `workspaceChanged`; answers `{invoiceUid, number}`. 400 naming the bad field, 404 for an
 * unknown workspace. Registered only with PORTAL_DEV_TOOLS=1, which production refuses.
 */
export function registerDevInvoiceTool(app: FastifyInstance, services: GraphqlServices): void {
  app.post('/_dev/billing/workspaces/:contractUid/invoices', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { contractUid } = request.params as { contractUid: string };
    const body = (request.body ?? {}) as { amount?: unknown; description?: unknown };
    const amount =
      typeof body.amount === 'string' ? parseAmount(body.amount, MAX_CENTS) : ({ ok: false } as const);
    if (!amount.ok)
      return reply.code(400).send({ error: 'amount must be a decimal above zero, like "25.00".' });
    const description =
      typeof body.description === 'string' && body.description.trim() ? body.description.trim() : 'Services';
    const [workspace] = await queryRows<{ id: string; currency: string; vat_rate: string }>(
      services.db,
      sql`select w.id, w.currency, coalesce(b.vat_rate, 0)::text as vat_rate
          from workspaces w left join balances b on b.workspace_id = w.id
          where w.contract_uid = ${contractUid}`,
    );
    if (!workspace) return reply.code(404).send({ error: 'no workspace with this contractUid' });
    const today = utcDate(services.now());
    const year = today.slice(0, 4);
    const [last] = await queryRows<{ n: number | null }>(
      services.db,
      sql`select max(substring(number from ${`^INV-${year}-(\\d{6})$`})::int) as n from invoices
          where number like ${`INV-${year}-%`}`,
    );
    const number = `INV-${year}-${String((last?.n ?? 0) + 1).padStart(6, '0')}`;
    const invoiceUid = await issueInvoice(
      services.db,
      { id: workspace.id, currency: workspace.currency },
      {
        number,
        dateInvoiced: today,
        dateDue: addDays(today, PAYMENT_TERM_DAYS),
        vatRate: money(workspace.vat_rate),
        lines: [{ description, unitPrice: fromCents(amount.cents), amountCents: amount.cents }],
      },
    );
    services.pubsub.publish('workspaceChanged', contractUid, { contractUid });
    return { invoiceUid, number };
  });
}
