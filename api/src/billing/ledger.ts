import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { invoices } from '../db/schema.js';

import { fromCents, money, toCents, vatOf } from './money.js';
import { invoiceLines, ledgerEntries, type NewLedgerEntry, payments } from './tables.js';

/**
 * The ledger's rules (README, "Billing"). Every balance is a sum of entries:
 *   amount           = cash − receivable          (negative: the customer owes)
 *   amountDue        = max(0, −amount)            (what clears the balance)
 *   debitBalance     = receivable of invoices past their due date
 *   bonusBalance     = bonus
 *   sinceLastInvoice = unbilled
 * Writes that move money between cash, bonus and receivable lock the workspace's `balances` row
 * first (`lockWorkspace`), so two payments of one workspace allocate one after the other.
 */
export interface LedgerBalance {
  amount: string;
  amountDue: string;
  debitBalance: string;
  bonusBalance: string;
  sinceLastInvoice: string;
}

export const ZERO_BALANCE: LedgerBalance = {
  amount: '0.00',
  amountDue: '0.00',
  debitBalance: '0.00',
  bonusBalance: '0.00',
  sinceLastInvoice: '0.00',
};

/** The sums a balance is derived from (decimal strings). */
export interface LedgerSums {
  cash: string;
  receivable: string;
  overdue: string;
  unbilled: string;
  bonus: string;
}

/**
 * The ledger sums of the workspace `workspaceId` (an expression of the outer query) as one JSON
 * object, overdue as of `today`: a correlated subquery, so that a workspace load carries its
 * balances in its own statement (workspaces/repository.ts). The due date of a receivable entry's
 * invoice is looked up by its key, entry by entry: a join would let the planner hash the whole
 * `invoices` table for a workspace's few entries (PGlite has no statistics to say otherwise).
 */
export const ledgerSumsJson = (workspaceId: SQL, today: SQL | Placeholder) => sql`(select json_build_object(
    'cash', coalesce(sum(e.amount) filter (where e.account = 'cash'), 0)::text,
    'receivable', coalesce(sum(e.amount) filter (where e.account = 'receivable'), 0)::text,
    'overdue', coalesce(sum(e.amount) filter (where e.account = 'receivable'
      and (select i.date_due from ${invoices} i where i.id = e.invoice_id) < ${today}::date), 0)::text,
    'unbilled', coalesce(sum(e.amount) filter (where e.account = 'unbilled'), 0)::text,
    'bonus', coalesce(sum(e.amount) filter (where e.account = 'bonus'), 0)::text)
  from ${ledgerEntries} e where e.workspace_id = ${workspaceId})`;

/** A balance by the ledger's rules from its sums. */
export function balanceOfSums(sums: LedgerSums): LedgerBalance {
  const amount = toCents(money(sums.cash))! - toCents(money(sums.receivable))!;
  return {
    amount: fromCents(amount),
    amountDue: fromCents(amount < 0n ? -amount : 0n),
    debitBalance: money(sums.overdue),
    bonusBalance: money(sums.bonus),
    sinceLastInvoice: money(sums.unbilled),
  };
}

/** The balances of these workspaces in one query, keyed by workspace id. */
export async function ledgerBalances(
  db: Db,
  workspaceIds: readonly string[],
  today: string,
): Promise<Map<string, LedgerBalance>> {
  if (workspaceIds.length === 0) return new Map();
  const rows = await prepared(db, 'ledger_balances', (d) =>
    d
      .select({
        id: sql<string>`w.id`,
        sums: sql<LedgerSums>`${ledgerSumsJson(sql`w.id`, sql.placeholder('today'))}`,
      })
      .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) as w(id)`)
      .prepare('ledger_balances'),
  ).execute({ ids: [...workspaceIds], today });
  return new Map(rows.map((row) => [row.id, balanceOfSums(row.sums)]));
}

/** One workspace's balance (a workspace without entries has nothing on it). */
export async function ledgerBalance(db: Db, workspaceId: string, today: string): Promise<LedgerBalance> {
  return (await ledgerBalances(db, [workspaceId], today)).get(workspaceId)!;
}

/** Today's date in UTC, `YYYY-MM-DD`: invoices are dated and fall due by UTC days. */
export const utcDate = (at: Date | number) => new Date(at).toISOString().slice(0, 10);

/**
 * Takes the workspace's ledger lock (its `balances` row, created when missing) for the rest of the
 * transaction. PGlite has one connection anyway; on PostgreSQL two processes allocate in turn.
 */
export async function lockWorkspace(tx: Db, workspaceId: string, currency: string): Promise<void> {
  await tx.execute(sql`
    insert into balances (workspace_id, currency) values (${workspaceId}::uuid, ${currency})
    on conflict (workspace_id) do nothing`);
  await tx.execute(sql`select 1 from balances where workspace_id = ${workspaceId}::uuid for update`);
}

/** The workspace's issued invoices with something still owed, oldest due first, with that amount in cents. */
async function openInvoices(tx: Db, workspaceId: string): Promise<{ id: string; owed: bigint }[]> {
  const rows = await queryRows<{ id: string; owed: string }>(
    tx,
    sql`
      select i.id, sum(e.amount)::text as owed
      from invoices i join ledger_entries e on e.invoice_id = i.id and e.account = 'receivable'
      where i.workspace_id = ${workspaceId}::uuid
      group by i.id, i.date_due, i.number
      having sum(e.amount) > 0
      order by i.date_due, i.number`,
  );
  return rows.map((row) => ({ id: row.id, owed: toCents(money(row.owed))! }));
}

async function accountTotal(tx: Db, workspaceId: string, account: 'cash' | 'bonus'): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    tx,
    sql`select coalesce(sum(amount), 0)::text as total from ledger_entries
        where workspace_id = ${workspaceId}::uuid and account = ${account}`,
  );
  return toCents(money(row!.total))!;
}

/**
 * Moves what cash (and first bonus) can pay into the open invoices: `preferred` invoices first (the
 * ones a customer selected), then the oldest due. Call inside the transaction that holds the lock.
 */
async function allocate(
  tx: Db,
  workspace: { id: string; currency: string },
  options: { preferred?: readonly string[]; paymentId?: string; useBonus: boolean },
): Promise<void> {
  const open = await openInvoices(tx, workspace.id);
  const preferred = new Set(options.preferred ?? []);
  open.sort((a, b) => Number(preferred.has(b.id)) - Number(preferred.has(a.id)));
  let bonus = options.useBonus ? await accountTotal(tx, workspace.id, 'bonus') : 0n;
  let cash = await accountTotal(tx, workspace.id, 'cash');
  const entries: NewLedgerEntry[] = [];
  const move = (from: 'cash' | 'bonus', invoiceId: string, cents: bigint) => {
    const kind = from === 'bonus' ? 'bonus_applied' : 'allocation';
    const base = { workspaceId: workspace.id, kind, currency: workspace.currency } as const;
    const paymentId = from === 'cash' ? (options.paymentId ?? null) : null;
    entries.push(
      { ...base, account: from, amount: fromCents(-cents), invoiceId: null, paymentId },
      { ...base, account: 'receivable', amount: fromCents(-cents), invoiceId, paymentId },
    );
  };
  // Math.min takes no bigint
  const least = (a: bigint, b: bigint) => (a < b ? a : b);
  for (const invoice of open) {
    let owed = invoice.owed;
    if (bonus > 0n && owed > 0n) {
      const used = least(bonus, owed);
      move('bonus', invoice.id, used);
      bonus -= used;
      owed -= used;
    }
    if (cash > 0n && owed > 0n) {
      const used = least(cash, owed);
      move('cash', invoice.id, used);
      cash -= used;
    }
  }
  if (entries.length > 0) await tx.insert(ledgerEntries).values(entries);
}

export interface SettledPayment {
  workspace: { id: string; currency: string };
  /** The payment's identity at its provider: the same key applies once. */
  idempotencyKey: string;
  amountCents: bigint;
  currency: string;
  method: string;
  createdBy: string;
  /** Invoices the customer chose to pay; the rest goes to the oldest due, then stays on account. */
  invoiceIds?: readonly string[];
  at?: Date;
}

/**
 * Applies a settled payment exactly once: the `payments` row is inserted `on conflict do nothing` on
 * its idempotency key, and only the transaction that inserted it writes the entries. Answers whether
 * this call applied it.
 */
export async function applyPayment(
  db: Db,
  payment: SettledPayment,
): Promise<{ applied: boolean; paymentId: string }> {
  if (payment.amountCents <= 0n) throw new Error('a payment is above zero');
  if (payment.currency !== payment.workspace.currency)
    throw new Error('a payment is in the workspace currency');
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await lockWorkspace(tx, payment.workspace.id, payment.workspace.currency);
    const at = payment.at ?? new Date();
    const [inserted] = await tx
      .insert(payments)
      .values({
        workspaceId: payment.workspace.id,
        idempotencyKey: payment.idempotencyKey,
        amount: fromCents(payment.amountCents),
        currency: payment.currency,
        method: payment.method,
        createdBy: payment.createdBy,
        createdAt: at,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning({ id: payments.id });
    if (!inserted) {
      const [existing] = await queryRows<{ id: string }>(
        tx,
        sql`select id from payments where idempotency_key = ${payment.idempotencyKey}`,
      );
      return { applied: false, paymentId: existing!.id };
    }
    await tx.insert(ledgerEntries).values({
      workspaceId: payment.workspace.id,
      account: 'cash',
      kind: 'payment',
      amount: fromCents(payment.amountCents),
      currency: payment.currency,
      paymentId: inserted.id,
      description: `Payment (${payment.method})`,
      createdAt: at,
    });
    await allocate(tx, payment.workspace, {
      ...(payment.invoiceIds ? { preferred: payment.invoiceIds } : {}),
      paymentId: inserted.id,
      useBonus: false,
    });
    return { applied: true, paymentId: inserted.id };
  });
}

export interface ChargeLine {
  workspaceId: string;
  currency: string;
  amount: string;
  /** `compute:<instance uid>`, … */
  source: string;
  description: string;
}

/** Charges since the last invoice, in the caller's transaction (they touch `unbilled` only: no lock). */
export async function recordCharges(tx: Db, charges: readonly ChargeLine[], at?: Date): Promise<void> {
  if (charges.length === 0) return;
  await tx.insert(ledgerEntries).values(
    charges.map((c) => ({
      workspaceId: c.workspaceId,
      account: 'unbilled' as const,
      kind: 'charge' as const,
      amount: c.amount,
      currency: c.currency,
      source: c.source,
      description: c.description,
      ...(at ? { createdAt: at } : {}),
    })),
  );
}

export interface InvoiceLineInput {
  description: string;
  quantity?: string;
  unitPrice: string;
  /** Net, cents. */
  amountCents: bigint;
  /** The unbilled charges this line bills (`compute:<uid>`, …): they leave `unbilled`. None: a direct line. */
  source?: string;
}

/**
 * Issues an invoice: the invoice and its lines, then the entries (each line with a `source` takes its
 * charges out of unbilled; receivable + gross), then bonus and cash on account pay what they can.
 */
export async function issueInvoice(
  db: Db,
  workspace: { id: string; currency: string },
  input: {
    number: string;
    dateInvoiced: string;
    dateDue: string;
    vatRate: string;
    lines: InvoiceLineInput[];
    legacy?: boolean;
  },
): Promise<string> {
  const net = input.lines.reduce((sum, line) => sum + line.amountCents, 0n);
  const vat = vatOf(net, input.vatRate);
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await lockWorkspace(tx, workspace.id, workspace.currency);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        workspaceId: workspace.id,
        number: input.number,
        dateInvoiced: input.dateInvoiced,
        dateDue: input.dateDue,
        currency: workspace.currency,
        netAmount: fromCents(net),
        vatRate: input.vatRate,
        vatAmount: fromCents(vat),
        amount: fromCents(net + vat),
        legacy: input.legacy ?? false,
      })
      .returning({ id: invoices.id });
    const id = invoice!.id;
    await tx.insert(invoiceLines).values(
      input.lines.map((line, index) => ({
        invoiceId: id,
        position: index + 1,
        description: line.description,
        quantity: line.quantity ?? '1',
        unitPrice: line.unitPrice,
        amount: fromCents(line.amountCents),
      })),
    );
    const base = { workspaceId: workspace.id, kind: 'invoice' as const, currency: workspace.currency };
    const description = `Invoice ${input.number}`;
    await tx.insert(ledgerEntries).values([
      ...input.lines.flatMap((line) =>
        line.source && line.amountCents !== 0n
          ? [
              {
                ...base,
                account: 'unbilled' as const,
                amount: fromCents(-line.amountCents),
                source: line.source,
                description,
              },
            ]
          : [],
      ),
      ...(net + vat !== 0n
        ? [
            {
              ...base,
              account: 'receivable' as const,
              amount: fromCents(net + vat),
              invoiceId: id,
              description,
            },
          ]
        : []),
    ]);
    await allocate(tx, workspace, { useBonus: true });
    return id;
  });
}

/** A bonus credit granted by the provider; pays open invoices at once, else the next ones. */
export async function grantBonus(
  db: Db,
  workspace: { id: string; currency: string },
  amountCents: bigint,
  description: string,
): Promise<void> {
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await lockWorkspace(tx, workspace.id, workspace.currency);
    await tx.insert(ledgerEntries).values({
      workspaceId: workspace.id,
      account: 'bonus',
      kind: 'bonus',
      amount: fromCents(amountCents),
      currency: workspace.currency,
      description,
    });
    await allocate(tx, workspace, { useBonus: true });
  });
}

/**
 * Sets the cash so that `amount` becomes `target` (dev tools and support corrections): one
 * `adjustment` entry of the difference; answers it (cents).
 */
export async function adjustAmount(
  db: Db,
  workspace: { id: string; currency: string },
  targetCents: bigint,
  today: string,
): Promise<bigint> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await lockWorkspace(tx, workspace.id, workspace.currency);
    const current = await ledgerBalance(tx, workspace.id, today);
    const delta = targetCents - toCents(current.amount)!;
    if (delta !== 0n) {
      await tx.insert(ledgerEntries).values({
        workspaceId: workspace.id,
        account: 'cash',
        kind: 'adjustment',
        amount: fromCents(delta),
        currency: workspace.currency,
        description: 'Balance adjustment',
      });
      if (delta > 0n) await allocate(tx, workspace, { useBonus: false });
    }
    return delta;
  });
}
