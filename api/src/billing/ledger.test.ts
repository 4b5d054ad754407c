import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { accounts, workspaces } from '../db/schema.js';
import { openTestDatabase } from '../test/helpers.js';
import {
  applyPayment,
  grantBonus,
  type InvoiceLineInput,
  issueInvoice,
  ledgerBalances,
  recordCharges,
  ZERO_BALANCE,
} from './ledger.js';
import { fromCents, toCents } from './money.js';

// The ledger's arithmetic under any order of events (fast-check): charges, invoices, payments
// (some delivered twice), bonus. After each run the rules of README "Billing" hold exactly.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(accounts).values({ id: '00000000-0000-4000-8000-0000000000a1', name: 'Ledger' });
});
afterAll(() => database?.close());

type Event =
  | { type: 'charge'; cents: number; source: number }
  | { type: 'invoice'; extraCents: number; vat: '0.00' | '19.00' | '7.00' }
  | { type: 'payment'; cents: number; key: number; selectNewest: boolean }
  | { type: 'bonus'; cents: number };

const events = fc.array(
  fc.oneof(
    fc.record({
      type: fc.constant('charge' as const),
      cents: fc.integer({ min: 1, max: 50_000 }),
      source: fc.integer({ min: 1, max: 3 }),
    }),
    fc.record({
      type: fc.constant('invoice' as const),
      extraCents: fc.integer({ min: 0, max: 20_000 }),
      vat: fc.constantFrom('0.00' as const, '19.00' as const, '7.00' as const),
    }),
    fc.record({
      type: fc.constant('payment' as const),
      cents: fc.integer({ min: 1, max: 80_000 }),
      key: fc.integer({ min: 1, max: 6 }),
      selectNewest: fc.boolean(),
    }),
    fc.record({ type: fc.constant('bonus' as const), cents: fc.integer({ min: 1, max: 5_000 }) }),
  ),
  { minLength: 1, maxLength: 12 },
);

let run = 0;

it('keeps every balance a consistent sum of its entries, and applies each payment key once', async () => {
  await fc.assert(
    fc.asyncProperty(events, async (list: Event[]) => {
      run += 1;
      const db = database.db;
      const [workspace] = await db
        .insert(workspaces)
        .values({
          name: `L${run}`,
          number: `L-${run}`,
          kind: 'CAB',
          currency: 'EUR',
          accountId: '00000000-0000-4000-8000-0000000000a1',
        })
        .returning({ id: workspaces.id, currency: workspaces.currency });
      const ws = workspace!;
      const unbilled = new Map<string, bigint>();
      const appliedKeys = new Map<string, bigint>();
      let invoiceCount = 0;
      let lastInvoice: string | null = null;
      let expectedInvoiced = 0n;
      let bonusGranted = 0n;
      for (const event of list) {
        if (event.type === 'charge') {
          const source = `service:${event.source}`;
          await recordCharges(db, [
            {
              workspaceId: ws.id,
              currency: 'EUR',
              amount: fromCents(BigInt(event.cents)),
              source,
              description: `S${event.source}`,
            },
          ]);
          unbilled.set(source, (unbilled.get(source) ?? 0n) + BigInt(event.cents));
        } else if (event.type === 'invoice') {
          invoiceCount += 1;
          const lines: InvoiceLineInput[] = [...unbilled].map(([source, cents]) => ({
            description: source,
            unitPrice: fromCents(cents),
            amountCents: cents,
            source,
          }));
          // a line of its own, not from the charges
          if (event.extraCents > 0) {
            const cents = BigInt(event.extraCents);
            lines.push({ description: 'Extra', unitPrice: fromCents(cents), amountCents: cents });
          }
          if (lines.length === 0) continue;
          unbilled.clear();
          lastInvoice = await issueInvoice(db, ws, {
            number: `L-${run}-${invoiceCount}`,
            dateInvoiced: '2026-03-01',
            dateDue: `2026-03-${String(10 + invoiceCount).padStart(2, '0')}`,
            vatRate: event.vat,
            lines,
          });
          const [row] = await queryRows<{ amount: string }>(
            db,
            sql`select amount::text from invoices where id = ${lastInvoice}::uuid`,
          );
          expectedInvoiced += toCents(row!.amount)!;
        } else if (event.type === 'payment') {
          const key = `L-${run}-key-${event.key}`;
          const result = await applyPayment(db, {
            workspace: ws,
            idempotencyKey: key,
            amountCents: BigInt(event.cents),
            currency: 'EUR',
            method: 'Card ending 4242',
            createdBy: 'Test',
            ...(event.selectNewest && lastInvoice ? { invoiceIds: [lastInvoice] } : {}),
          });
          expect(result.applied).toBe(!appliedKeys.has(key));
          if (result.applied) appliedKeys.set(key, BigInt(event.cents));
        } else {
          await grantBonus(db, ws, BigInt(event.cents), 'Bonus');
          bonusGranted += BigInt(event.cents);
        }
      }

      const balance = (await ledgerBalances(db, [ws.id], '2026-03-31')).get(ws.id);
      const [sums] = await queryRows<{ cash: string; receivable: string; bonus: string; unbilled: string }>(
        db,
        sql`select coalesce(sum(amount) filter (where account = 'cash'), 0)::text as cash,
                   coalesce(sum(amount) filter (where account = 'receivable'), 0)::text as receivable,
                   coalesce(sum(amount) filter (where account = 'bonus'), 0)::text as bonus,
                   coalesce(sum(amount) filter (where account = 'unbilled'), 0)::text as unbilled
            from ledger_entries where workspace_id = ${ws.id}::uuid`,
      );
      const cash = toCents(sums!.cash)!;
      const receivable = toCents(sums!.receivable)!;
      const bonus = toCents(sums!.bonus)!;
      const paid = [...appliedKeys.values()].reduce((a, b) => a + b, 0n);
      // money is conserved: what came in (payments, bonus) either sits on account, as bonus, or paid invoices
      expect(cash + bonus + (expectedInvoiced - receivable)).toBe(paid + bonusGranted);
      expect(cash >= 0n && bonus >= 0n && receivable >= 0n).toBe(true);
      // money on account and bonus never sit beside an unpaid invoice
      if (receivable > 0n) expect(cash + bonus).toBe(0n);
      const owed = await queryRows<{ owed: string }>(
        db,
        sql`select sum(amount)::text as owed from ledger_entries where workspace_id = ${ws.id}::uuid and account = 'receivable' group by invoice_id`,
      );
      for (const o of owed) expect(toCents(o.owed)! >= 0n).toBe(true);
      const expected = {
        amount: fromCents(cash - receivable),
        amountDue: fromCents(cash - receivable < 0n ? receivable - cash : 0n),
        bonusBalance: fromCents(bonus),
        sinceLastInvoice: fromCents([...unbilled.values()].reduce((a, b) => a + b, 0n)),
      };
      expect(balance ?? ZERO_BALANCE).toMatchObject(expected);
      const [payments] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from payments where workspace_id = ${ws.id}::uuid`,
      );
      expect(payments!.n).toBe(appliedKeys.size);
    }),
    { numRuns: 25 },
  );
}, 120_000);
