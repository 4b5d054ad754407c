import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import type { Invoice, InvoiceStatus } from '../graphql/generated/resolvers.js';
import { money } from './money.js';

/** Where an invoice's PDF is served (`pdf.ts`); the link needs the session of a member. */
export const invoicePdfUrl = (uid: string) => `/api/invoices/${uid}/pdf`;

interface InvoiceSqlRow {
  id: string;
  workspace_id: string;
  number: string;
  date_invoiced: string;
  date_due: string;
  currency: string;
  net_amount: string;
  vat_rate: string;
  vat_amount: string;
  amount: string;
  owed: string;
  status: InvoiceStatus;
  settled: string | null;
  settled_at: Date | string | null;
  settled_by: string | null;
}

/**
 * Every invoice with what the ledger says of it: still owed (its receivable), status, and what
 * settled it (the sum of the settling entries, the newest one's payer and time). `today` decides
 * overdue. A CTE the list queries filter and page.
 */
const invoicesWithState = (where: SQL, today: string) => sql`
  select i.id, i.workspace_id, i.number, i.date_invoiced::text as date_invoiced, i.date_due::text as date_due,
    i.currency, i.net_amount::text as net_amount, i.vat_rate::text as vat_rate, i.vat_amount::text as vat_amount,
    i.amount::text as amount, coalesce(r.owed, 0)::text as owed,
    case when coalesce(r.owed, 0) <= 0 then 'PAID' when i.date_due < ${today}::date then 'OVERDUE' else 'OPEN' end as status,
    s.settled::text as settled, s.settled_at, s.settled_by
  from invoices i
  left join lateral (
    select sum(e.amount) as owed from ledger_entries e where e.invoice_id = i.id and e.account = 'receivable'
  ) r on true
  left join lateral (
    select -sum(e.amount) as settled, max(e.created_at) as settled_at,
      (array_agg(coalesce(p.created_by, case e.kind when 'bonus_applied' then 'Bonus credit' else 'Account balance' end)
        -- the newest; within one transaction the payment, then money on account, before bonus
        order by e.created_at desc, (e.payment_id is not null) desc, (e.kind = 'allocation') desc))[1] as settled_by
    from ledger_entries e left join payments p on p.id = e.payment_id
    where e.invoice_id = i.id and e.account = 'receivable' and e.amount < 0
  ) s on true
  where ${where}`;

function toInvoice(row: InvoiceSqlRow): Invoice & { workspaceId: string } {
  const owed = money(row.owed);
  const settled = row.settled === null ? null : money(row.settled);
  return {
    workspaceId: row.workspace_id,
    uid: row.id,
    number: row.number,
    dateInvoiced: row.date_invoiced,
    dateDue: row.date_due,
    currency: row.currency,
    amount: money(row.amount),
    netAmount: money(row.net_amount),
    vatRate: money(row.vat_rate),
    vatAmount: money(row.vat_amount),
    // A credit note (negative) owes nothing.
    amountDue: owed.startsWith('-') ? '0.00' : owed,
    status: row.status,
    pdfUid: row.id,
    isSelectableForPayment: row.status !== 'PAID',
    url: invoicePdfUrl(row.id),
    paymentAmount: settled,
    paymentCurrency: settled === null ? null : row.currency,
    paymentCreatedBy: settled === null ? null : row.settled_by,
    paymentCreatedOn: settled === null || row.settled_at === null ? null : new Date(row.settled_at),
  };
}

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** All invoices of these workspaces, newest first (`Workspace.invoices`). */
export async function workspaceInvoices(
  db: Db,
  workspaceIds: readonly string[],
  today: string,
): Promise<(Invoice & { workspaceId: string })[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await queryRows<InvoiceSqlRow>(
    db,
    sql`${invoicesWithState(sql`i.workspace_id in (${uuidList(workspaceIds)})`, today)}
        order by i.date_invoiced desc, i.number desc`,
  );
  return rows.map(toInvoice);
}

/** One invoice of the workspace, or null. */
export async function workspaceInvoice(
  db: Db,
  workspaceId: string,
  uid: string,
  today: string,
): Promise<(Invoice & { workspaceId: string }) | null> {
  if (!UUID.test(uid)) return null;
  const [row] = await queryRows<InvoiceSqlRow>(
    db,
    invoicesWithState(sql`i.workspace_id = ${workspaceId}::uuid and i.id = ${uid}::uuid`, today),
  );
  return row ? toInvoice(row) : null;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface InvoiceQuery {
  statuses: readonly InvoiceStatus[];
  from: string | null;
  to: string | null;
  first: number;
  /** The last invoice of the previous page: its date and number. */
  after: { date: string; number: string } | null;
}

/** A page of a workspace's invoices outside the legacy contract, newest first (date invoiced, then number), by keyset. */
export async function invoicePage(
  db: Db,
  workspaceId: string,
  query: InvoiceQuery,
  today: string,
): Promise<{ items: Invoice[]; totalCount: number; hasNextPage: boolean }> {
  const conditions: SQL[] = [sql`i.workspace_id = ${workspaceId}::uuid`, sql`not i.legacy`];
  if (query.from) conditions.push(sql`i.date_invoiced >= ${query.from}::date`);
  if (query.to) conditions.push(sql`i.date_invoiced <= ${query.to}::date`);
  // Each invoice's status from one grouped sum over the workspace's receivable entries (a hash join,
  // not a lookup per invoice); the page is cut from that, and only its rows get the full state.
  const states = sql`
    with owed as (
      select invoice_id, sum(amount) as owed from ledger_entries
      where workspace_id = ${workspaceId}::uuid and account = 'receivable' group by invoice_id
    ), state as (
      select i.id, i.date_invoiced, i.number,
        case when coalesce(o.owed, 0) <= 0 then 'PAID' when i.date_due < ${today}::date then 'OVERDUE' else 'OPEN' end as status
      from invoices i left join owed o on o.invoice_id = i.id
      where ${sql.join(conditions, sql` and `)}
    )`;
  const statusFilter =
    query.statuses.length > 0
      ? sql`status in (${sql.join(
          query.statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql`true`;
  const keyset = query.after
    ? sql`(date_invoiced, number) < (${query.after.date}::date, ${query.after.number})`
    : sql`true`;
  const [page, [count]] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      sql`${states} select id from state where ${statusFilter} and ${keyset}
          order by date_invoiced desc, number desc limit ${query.first + 1}`,
    ),
    queryRows<{ n: number }>(db, sql`${states} select count(*)::int as n from state where ${statusFilter}`),
  ]);
  const ids = page.slice(0, query.first).map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await queryRows<InvoiceSqlRow>(
          db,
          sql`${invoicesWithState(sql`i.id in (${uuidList(ids)})`, today)} order by i.date_invoiced desc, i.number desc`,
        );
  return { items: rows.map(toInvoice), totalCount: count!.n, hasNextPage: page.length > query.first };
}

/** The invoices of the workspace's legacy contract, newest first. */
export async function legacyInvoices(db: Db, workspaceId: string, today: string): Promise<Invoice[]> {
  const rows = await queryRows<InvoiceSqlRow>(
    db,
    sql`${invoicesWithState(sql`i.workspace_id = ${workspaceId}::uuid and i.legacy`, today)}
        order by i.date_invoiced desc, i.number desc`,
  );
  return rows.map(toInvoice);
}

/** The charges since the last invoice per service (ledger `source`), largest first. */
export async function unbilledByService(
  db: Db,
  workspaceId: string,
): Promise<{ uid: string; title: string; amount: string }[]> {
  const rows = await queryRows<{ source: string; title: string; amount: string }>(
    db,
    sql`
      select coalesce(source, 'other') as source,
        (array_agg(description order by created_at desc) filter (where kind = 'charge'))[1] as title,
        sum(amount)::text as amount
      from ledger_entries
      where workspace_id = ${workspaceId}::uuid and account = 'unbilled'
      group by coalesce(source, 'other')
      having sum(amount) <> 0
      order by sum(amount) desc, 1`,
  );
  return rows.map((row) => ({
    uid: row.source,
    title: row.title ?? 'Other charges',
    amount: money(row.amount),
  }));
}
