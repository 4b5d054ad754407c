import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { ledgerBalances } from './ledger.js';
import { workspaceInvoices } from './repository.js';

// Migration 0009 is hand-edited (README, "Billing"): a data folder of before the ledger keeps every
// balance. Migrate to 0008, store money the old way, migrate on, and read it back from the ledger.

const MIGRATIONS = resolve(fileURLToPath(import.meta.url), '../../../drizzle');
const before = mkdtempSync(join(tmpdir(), 'portal-0008-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

it('carries stored balances and invoices into the ledger', async () => {
  cpSync(MIGRATIONS, before, { recursive: true });
  rmSync(join(before, '0009_billing_ledger.sql'));
  const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0009');
  writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));

  const client = new PGlite();
  const db = drizzle(client) as unknown as Db;
  try {
    await migrate(drizzle(client), { migrationsFolder: before });
    await client.exec(`
      insert into accounts (id, name) values ('00000000-0000-4000-8000-000000000001', 'A');
      insert into workspaces (id, contract_uid, name, number, kind, currency, account_id) values
        ('00000000-0000-4000-8000-000000000011', 'c1', 'W1', 'N1', 'STD', 'EUR', '00000000-0000-4000-8000-000000000001'),
        ('00000000-0000-4000-8000-000000000012', 'c2', 'W2', 'N2', 'CAB', 'USD', '00000000-0000-4000-8000-000000000001');
      insert into invoices (id, workspace_id, number, date_invoiced, date_due, currency, amount, amount_due) values
        ('00000000-0000-4000-8000-000000000021', '00000000-0000-4000-8000-000000000011', 'I1', '2026-01-01', '2026-01-15', 'EUR', '29.40', '0'),
        ('00000000-0000-4000-8000-000000000022', '00000000-0000-4000-8000-000000000011', 'I2', '2026-02-01', '2026-02-15', 'EUR', '42.50', '42.50');
      insert into balances (workspace_id, amount, bonus_balance, debit_balance, amount_due, since_last_invoice, credit_limit, vat_rate, currency) values
        ('00000000-0000-4000-8000-000000000011', '-42.50', '0', '42.50', '42.50', '12.30', '0', '19.00', 'EUR'),
        ('00000000-0000-4000-8000-000000000012', '250.00', '20.00', '0', '0', '37.80', '500', '0', 'USD');
    `);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });

    const ids = ['00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000012'];
    const balances = await ledgerBalances(db, ids, '2026-03-01');
    expect(balances.get(ids[0]!)).toEqual({
      amount: '-42.50',
      amountDue: '42.50',
      debitBalance: '42.50',
      bonusBalance: '0.00',
      sinceLastInvoice: '12.30',
    });
    expect(balances.get(ids[1]!)).toEqual({
      amount: '250.00',
      amountDue: '0.00',
      debitBalance: '0.00',
      bonusBalance: '20.00',
      sinceLastInvoice: '37.80',
    });
    const invoices = await workspaceInvoices(db, [ids[0]!], '2026-03-01');
    expect(invoices.map((i) => [i.number, i.amount, i.netAmount, i.amountDue, i.status])).toEqual([
      ['I2', '42.50', '42.50', '42.50', 'OVERDUE'],
      ['I1', '29.40', '29.40', '0.00', 'PAID'],
    ]);
    const [terms] = await queryRows<{ credit_limit: string; vat_rate: string }>(
      db,
      sql`select credit_limit::text, vat_rate::text from balances where workspace_id = ${ids[1]}::uuid`,
    );
    expect(terms).toEqual({ credit_limit: '500.00', vat_rate: '0.00' });
  } finally {
    await client.close();
  }
});
