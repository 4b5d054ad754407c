import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { ledgerBalances, utcDate, ZERO_BALANCE } from '../billing/ledger.js';
import { methodsOfWorkspaces, pendingOfWorkspaces } from '../billing/payments/service.js';
import { workspaceInvoices } from '../billing/repository.js';
import type { Db } from '../db/client.js';
import { isAnyUuid, prepared } from '../db/prepared.js';
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
import { unreadByWorkspace } from '../support/repository.js';
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

const visibleStatement = (db: Db, one: boolean) =>
  prepared(db, one ? 'visible_workspace' : 'visible_workspaces', (d) => {
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
      or(inArray(workspaces.id, asEmployee), inArray(workspaces.id, asAuthorizedPerson)),
      notInArray(workspaces.id, d.select({ id: workspaceDeletions.workspaceId }).from(workspaceDeletions)),
    );
    return d
      .select()
      .from(workspaces)
      .where(one ? and(visible, eq(workspaces.contractUid, sql.placeholder('contractUid'))) : visible)
      .orderBy(asc(workspaces.createdAt), asc(workspaces.number))
      .prepare(one ? 'visible_workspace' : 'visible_workspaces');
  });

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
 * The account, employees, authorized people, services and legacy services of these workspaces in
 * one statement (JSON built by PostgreSQL): one round trip instead of five, on every workspace load.
 */
async function workspaceChildren(db: Db, ids: readonly string[]): Promise<Map<string, WorkspaceChildren>> {
  // `w`: the outer row (drizzle writes a lone table's columns unqualified, which a subquery would
  // take for its own)
  const statement = prepared(db, 'workspace_children', (d) =>
    d
      .select({
        id: sql<string>`w.id`,
        children: sql<WorkspaceChildren>`json_build_object(
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
        order by l.position, l.title) from ${legacyServices} l where l.workspace_id = w.id), '[]')
    )`,
      })
      .from(sql`${workspaces} w`)
      .where(isAnyUuid(sql`w.id`, 'ids'))
      .prepare('workspace_children'),
  );
  const rows = await statement.execute({ ids: [...ids] });
  return new Map(rows.map((row) => [row.id, row.children]));
}

/** The fund balances of these workspaces, keyed by workspace id. */
async function fundBalances(db: Db, rows: WorkspaceRow[]): Promise<Map<string, FundBalance>> {
  const ids = rows.map((row) => row.id);
  const now = Date.now();
  const [ledger, balanceRows, methodsOf, pendingOf] = await Promise.all([
    ledgerBalances(db, ids, utcDate(now)),
    prepared(db, 'workspace_balances', (d) =>
      d.select().from(balances).where(isAnyUuid(balances.workspaceId, 'ids')).prepare('workspace_balances'),
    ).execute({ ids }),
    // listed methods with isDefault, and the unfinished payment (billing/payments/service.ts)
    methodsOfWorkspaces(db, ids, now),
    pendingOfWorkspaces(db, ids),
  ]);
  const result = new Map<string, FundBalance>();
  for (const row of rows) {
    const balance = balanceRows.find((b) => b.workspaceId === row.id);
    const pending = pendingOf.get(row.id);
    result.set(row.id, {
      contractUid: row.contractUid,
      // Derived from the ledger (billing/ledger.ts); a workspace without entries has nothing on it.
      ...(ledger.get(row.id) ?? ZERO_BALANCE),
      limit: balance?.creditLimit ?? '0.00',
      vatRate: balance?.vatRate ?? '0.00',
      currency: balance?.currency ?? row.currency,
      paymentMethods: methodsOf.get(row.id) ?? [],
      pendingPayment: pending
        ? {
            uid: pending.id,
            status: pending.status,
            paymentMethod: pending.paymentMethodPm,
            clientSecret: pending.clientSecret,
            amount: pending.amount,
            currency: pending.currency,
            statementDescriptor: pending.statementDescriptor,
            fullDescription: pending.fullDescription,
            invoiceUid: pending.invoiceIds[0] ?? null,
          }
        : null,
    });
  }
  return result;
}

export async function loadFundBalance(db: Db, row: WorkspaceRow): Promise<FundBalance> {
  return (await fundBalances(db, [row])).get(row.id)!;
}

/**
 * Whole workspaces, every field of spec section 3, in a fixed number of queries whatever their
 * count (one per table). Call it only with rows from `visibleWorkspaces`. The viewer's own employee
 * record comes first in `employee`: the client takes the first one as the active employee.
 */
export async function loadWorkspaces(
  db: Db,
  rows: WorkspaceRow[],
  viewerId: string,
): Promise<WorkspaceModel[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [balanceOf, childrenOf, unreadRows] = await Promise.all([
    fundBalances(db, rows),
    workspaceChildren(db, ids),
    unreadByWorkspace(db, ids, viewerId),
  ]);
  // one query for the invoices of all these workspaces, the first time one of them is asked for
  let invoices: Promise<(workspaceId: string) => Invoice[]> | undefined;
  const invoicesOf = (workspaceId: string) => {
    invoices ??= workspaceInvoices(db, ids, utcDate(Date.now())).then(byWorkspace);
    return invoices.then((of) => of(workspaceId));
  };
  return rows.map((row) => {
    const { account, employees, people, services, legacy } = childrenOf.get(row.id)!;
    const standing: Standing = employees.find((e) => e.userId === viewerId)?.role ?? 'AuthorizedPerson';
    // The role table: without BILLING_VIEW (Technical) no invoices and no payment methods; the
    // balance itself stays, the drawer shows it to everyone (spec section 2).
    const seesBilling = can(standing, 'BILLING_VIEW');
    const balance = balanceOf.get(row.id)!;
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
      unreadMessages: unreadRows.get(row.id) ?? 0,
      loadInvoices: () => (seesBilling ? invoicesOf(row.id) : Promise.resolve([])),
      services: services.map((s) => ({ uid: s.id })),
      myRole: standing === 'AuthorizedPerson' ? null : standing,
      capabilities: [...ROLE_CAPABILITIES[standing]],
    };
  });
}
