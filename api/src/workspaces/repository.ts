import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { balanceOfSums, type LedgerSums, ledgerSumsJson, utcDate } from '../billing/ledger.js';
import { money as moneyText } from '../billing/money.js';
import { fundPayments, type PaymentsJson, paymentsJsonFields } from '../billing/payments/of-workspaces.js';
import { workspaceInvoices } from '../billing/repository.js';
import { cachedUntilWrite } from '../db/cached-reads.js';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import {
  accounts,
  authorizedPeople,
  balances,
  type LOGIN_STATUSES,
  legacyServices,
  services,
  type WorkspaceRole,
  type Workspace as WorkspaceRow,
  workspaceEmployees,
  workspaces,
} from '../db/schema.js';
import type { FundBalance, Invoice } from '../graphql/generated/resolvers.js';
import { unreadCountSql } from '../support/repository.js';
import type { WorkspaceModel } from './models.js';
import { can, ROLE_CAPABILITIES, type Standing } from './roles.js';
import { workspaceDeletions } from './tables.js';

export type { WorkspaceRow };

/**
 * The visibility rule (spec section 6): a user sees a workspace where they are an employee, or an
 * authorized person whose login is ACTIVE. Everything the API answers about a workspace goes
 * through here. With `contractUid`: that workspace, if visible. A deleted workspace is no one's.
 */
export function visibleWorkspaces(db: Db, userId: string, contractUid?: string): Promise<WorkspaceRow[]> {
  return contractUid === undefined
    ? visibleStatement(db, false).execute({ userId })
    : visibleStatement(db, true).execute({ userId, contractUid });
}

/** The condition of `visibleWorkspaces` on `table`'s rows (the workspaces, or an alias of them). */
const visibleCondition = (d: Db, table: { id: PgColumn; contractUid: PgColumn }, one: boolean) => {
  const userId = sql.placeholder('userId');
  const asEmployee = d
    .select({ id: workspaceEmployees.workspaceId })
    .from(workspaceEmployees)
    .where(eq(workspaceEmployees.userId, userId));
  const asAuthorizedPerson = d
    .select({ id: authorizedPeople.workspaceId })
    .from(authorizedPeople)
    .where(and(eq(authorizedPeople.userId, userId), eq(authorizedPeople.loginStatus, 'ACTIVE')));
  const visible = and(
    or(inArray(table.id, asEmployee), inArray(table.id, asAuthorizedPerson)),
    notInArray(table.id, d.select({ id: workspaceDeletions.workspaceId }).from(workspaceDeletions)),
  );
  return one ? and(visible, eq(table.contractUid, sql.placeholder('contractUid'))) : visible;
};

const visibleStatement = (db: Db, one: boolean) =>
  prepared(db, one ? 'visible_workspace' : 'visible_workspaces', (d) =>
    d
      .select()
      .from(workspaces)
      .where(visibleCondition(d, workspaces, one))
      .orderBy(asc(workspaces.createdAt), asc(workspaces.number))
      .prepare(one ? 'visible_workspace' : 'visible_workspaces'),
  );

const byWorkspace = <T extends { workspaceId: string | null }>(rows: T[]) => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    if (row.workspaceId === null) continue;
    const list = map.get(row.workspaceId) ?? [];
    list.push(row);
    map.set(row.workspaceId, list);
  }
  return (id: string) => map.get(id) ?? [];
};

/** What `loadWorkspaces` shows of a workspace's own rows, in the order it shows them. */
interface WorkspaceChildren {
  account: { id: string; name: string };
  employees: {
    id: string;
    userId: string;
    firstName: string;
    lastName: string;
    email: string;
    role: WorkspaceRole;
  }[];
  people: {
    id: string;
    fullName: string;
    mobilePhone: string;
    email: string;
    loginStatus: (typeof LOGIN_STATUSES)[number];
  }[];
  services: { id: string }[];
  legacy: { id: string; title: string; description: string; monthly: string; monthlyCurrency: string }[];
}

/**
 * A workspace's money rows: its ledger sums, its `balances` row (absent for none) and its payment
 * methods and unfinished payment.
 */
interface MoneyRows extends PaymentsJson {
  ledger: LedgerSums;
  balance: { creditLimit: string; vatRate: string; currency: string | null } | null;
}

/**
 * The money rows of the workspace `w.id` (as of the `today` and `now` placeholders), as JSON
 * fields.
 */
const moneyFields = sql`'ledger', ${ledgerSumsJson(sql`w.id`, sql.placeholder('today'))},
      'balance', (select json_build_object('creditLimit', b.credit_limit::text, 'vatRate', b.vat_rate::text,
        'currency', b.currency) from ${balances} b where b.workspace_id = w.id),
      ${paymentsJsonFields(sql`w.id`, sql.placeholder('now'))}`;

type Children = WorkspaceChildren & MoneyRows & { unread: number };

/** The workspaces' own rows under the alias `w` of `childrenStatement`. */
const w = alias(workspaces, 'w');

/**
 * The workspaces the viewer sees (all, or the one with the `contractUid` placeholder) with their
 * account, employees, authorized people, services, legacy services, money rows (ledger, balance,
 * payment methods, unfinished payment) and the viewer's unread answers, in one statement (JSON
 * built by PostgreSQL; the billing and support parts are their domains' subqueries): one round trip
 * instead of eleven, on every workspace load.
 */
const childrenStatement = (db: Db, one: boolean) =>
  prepared(db, one ? 'visible_workspace_children' : 'visible_workspaces_children', (d) =>
    d
      .select({
        row: w,
        // `w.id`: the outer row (the subqueries' own tables have other aliases)
        children: sql<Children>`json_build_object(
      'account', (select json_build_object('id', a.id, 'name', a.name) from ${accounts} a where a.id = w.account_id),
      'employees', coalesce((select json_agg(json_build_object('id', e.id, 'userId', e.user_id,
        'firstName', e.first_name, 'lastName', e.last_name, 'email', e.email, 'role', e.role)
        order by e.created_at, e.email) from ${workspaceEmployees} e where e.workspace_id = w.id), '[]'),
      'people', coalesce((select json_agg(json_build_object('id', p.id, 'fullName', p.full_name,
        'mobilePhone', p.mobile_phone, 'email', p.email, 'loginStatus', p.login_status)
        order by p.full_name) from ${authorizedPeople} p where p.workspace_id = w.id), '[]'),
      'services', coalesce((select json_agg(json_build_object('id', s.id) order by s.created_at)
        from ${services} s where s.workspace_id = w.id), '[]'),
      'legacy', coalesce((select json_agg(json_build_object('id', l.id, 'title', l.title,
        'description', l.description, 'monthly', l.monthly::text, 'monthlyCurrency', l.monthly_currency)
        order by l.position, l.title) from ${legacyServices} l where l.workspace_id = w.id), '[]'),
      ${moneyFields},
      'unread', ${unreadCountSql(sql`w.id`, sql.placeholder('userId'))}
    )`,
      })
      .from(w)
      .where(visibleCondition(d, w, one))
      .orderBy(asc(w.createdAt), asc(w.number))
      .prepare(one ? 'visible_workspace_children' : 'visible_workspaces_children'),
  );

/** The money rows of these workspaces alone (`loadFundBalance`). */
async function moneyRows(db: Db, ids: readonly string[], now: number): Promise<Map<string, MoneyRows>> {
  const rows = await prepared(db, 'workspace_money', (d) =>
    d
      .select({ id: sql<string>`w.id`, money: sql<MoneyRows>`json_build_object(${moneyFields})` })
      .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) as w(id)`)
      .prepare('workspace_money'),
  ).execute({ ids: [...ids], ...moneyParams(now) });
  return new Map(rows.map((row) => [row.id, row.money]));
}

/** The `today` and `now` placeholders of `moneyFields`. */
const moneyParams = (now: number) => ({ today: utcDate(now), now: new Date(now).toISOString() });

/** A workspace's fund balance from its money rows. */
function fundBalance(row: WorkspaceRow, money: MoneyRows): FundBalance {
  const { ledger, balance } = money;
  return {
    contractUid: row.contractUid,
    // Derived from the ledger (billing/ledger.ts); a workspace without entries has nothing on it.
    ...balanceOfSums(ledger),
    limit: balance ? moneyText(balance.creditLimit) : '0.00',
    vatRate: balance ? moneyText(balance.vatRate) : '0.00',
    currency: balance?.currency ?? row.currency,
    // listed methods with isDefault, and the unfinished payment (billing/payments/of-workspaces.ts)
    ...fundPayments(money),
  };
}

export async function loadFundBalance(db: Db, row: WorkspaceRow): Promise<FundBalance> {
  return fundBalance(row, (await moneyRows(db, [row.id], Date.now())).get(row.id)!);
}

/**
 * Whole workspaces, every field of spec section 3, in one statement whatever their count: the
 * viewer's visible ones (`visibleWorkspaces`), or the one with `contractUid` if visible (else none).
 * The viewer's own employee record comes first in `employee`: the client takes the first one as the
 * active employee.
 */
export async function loadVisibleWorkspaces(
  db: Db,
  viewerId: string,
  contractUid?: string,
): Promise<WorkspaceModel[]> {
  const params = { userId: viewerId, ...moneyParams(Date.now()) };
  // Kept in memory until a write to a table it reads (drizzle/0019_workspace_reads_notify.sql), per
  // viewer and day: the ledger's overdue sums change with the date alone. Its `now` only hides
  // payment methods removed before now, and a removal is a write.
  const found = await cachedUntilWrite(
    db,
    `workspaces:${viewerId}:${contractUid ?? '*'}:${params.today}`,
    () =>
      contractUid === undefined
        ? childrenStatement(db, false).execute(params)
        : childrenStatement(db, true).execute({ ...params, contractUid }),
  );
  if (found.length === 0) return [];
  const ids = found.map(({ row }) => row.id);
  // one query for the invoices of all these workspaces, the first time one of them is asked for
  let invoices: Promise<(workspaceId: string) => Invoice[]> | undefined;
  const invoicesOf = (workspaceId: string) => {
    invoices ??= workspaceInvoices(db, ids, utcDate(Date.now())).then(byWorkspace);
    return invoices.then((of) => of(workspaceId));
  };
  return found.map(({ row, children }) => {
    const { account, employees, people, services, legacy, unread } = children;
    const standing: Standing = employees.find((e) => e.userId === viewerId)?.role ?? 'AuthorizedPerson';
    // The role table: without BILLING_VIEW (Technical) no invoices and no payment methods; the
    // balance itself stays, the drawer shows it to everyone (spec section 2).
    const seesBilling = can(standing, 'BILLING_VIEW');
    const balance = fundBalance(row, children);
    return {
      contractUid: row.contractUid,
      workspaceName: row.name,
      number: row.number,
      kind: row.kind,
      balance: seesBilling ? balance : { ...balance, paymentMethods: [], pendingPayment: null },
      account: { accountUid: account.id, name: account.name },
      employee: employees
        .sort((a, b) => Number(b.userId === viewerId) - Number(a.userId === viewerId))
        .map((e) => ({
          uid: e.id,
          firstName: e.firstName,
          lastName: e.lastName,
          email: e.email,
          role: e.role,
        })),
      authorizedPeople: people.map((p) => ({
        uid: p.id,
        fullName: p.fullName,
        mobilePhone: p.mobilePhone,
        email: p.email,
        loginStatus: p.loginStatus,
      })),
      servicesLegacy: legacy.map((s) => ({
        uid: s.id,
        title: s.title,
        description: s.description,
        monthly: s.monthly,
        monthlyCurrency: s.monthlyCurrency,
      })),
      unreadMessages: unread,
      loadInvoices: () => (seesBilling ? invoicesOf(row.id) : Promise.resolve([])),
      services: services.map((s) => ({ uid: s.id })),
      myRole: standing === 'AuthorizedPerson' ? null : standing,
      capabilities: [...ROLE_CAPABILITIES[standing]],
    };
  });
}
