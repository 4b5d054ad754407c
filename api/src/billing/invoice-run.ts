import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { type InvoiceLineInput, issueInvoice } from './ledger.js';
import { money, toCents } from './money.js';
import { unbilledByService } from './repository.js';
import { addDays } from './seed.js';

/** Days from invoicing to the due date. */
export const PAYMENT_TERM_DAYS = 14;

/**
 * The invoice run (issue 11, "upcoming charges": what the next invoice will hold): for every
 * workspace with charges since its last invoice, one invoice dated `today` with a line per service
 * (ledger `source`), at the workspace's VAT rate, due in 14 days; then money on account and bonus
 * pay what they can (`issueInvoice`). Idempotent per day: a workspace already invoiced today (outside
 * the legacy contract) is skipped, so a second run, or a second process, issues nothing twice (the
 * invoice number is unique too). Numbers: `INV-<year>-<6 digits>`, the year's next. Answers the
 * invoices issued. Not scheduled yet: the next step runs it on the first of each month (README).
 */
export async function runInvoices(
  db: Db,
  today: string,
): Promise<{ workspaceId: string; invoiceId: string }[]> {
  const due = await queryRows<{ workspace_id: string; currency: string; vat_rate: string }>(
    db,
    sql`
      select e.workspace_id, w.currency, coalesce(b.vat_rate, 0)::text as vat_rate
      from ledger_entries e
      join workspaces w on w.id = e.workspace_id
      left join balances b on b.workspace_id = e.workspace_id
      where e.account = 'unbilled'
        and not exists (select 1 from invoices i
          where i.workspace_id = e.workspace_id and i.date_invoiced = ${today}::date and not i.legacy)
      group by e.workspace_id, w.currency, b.vat_rate
      having sum(e.amount) > 0
      order by e.workspace_id`,
  );
  const issued: { workspaceId: string; invoiceId: string }[] = [];
  const year = today.slice(0, 4);
  for (const workspace of due) {
    // the upcoming charges, as the Billing page shows them, become the lines
    const lines: InvoiceLineInput[] = (await unbilledByService(db, workspace.workspace_id))
      .filter((s) => !s.amount.startsWith('-'))
      .map((s) => ({
        description: s.title,
        unitPrice: s.amount,
        amountCents: toCents(s.amount)!,
        source: s.uid,
      }));
    const [last] = await queryRows<{ n: number | null }>(
      db,
      sql`select max(substring(number from ${`^INV-${year}-(\\d{6})$`})::int) as n from invoices
          where number like ${`INV-${year}-%`}`,
    );
    const number = `INV-${year}-${String((last?.n ?? 0) + 1).padStart(6, '0')}`;
    const invoiceId = await issueInvoice(
      db,
      { id: workspace.workspace_id, currency: workspace.currency },
      {
        number,
        dateInvoiced: today,
        dateDue: addDays(today, PAYMENT_TERM_DAYS),
        vatRate: money(workspace.vat_rate),
        lines,
      },
    );
    issued.push({ workspaceId: workspace.workspace_id, invoiceId });
  }
  return issued;
}
