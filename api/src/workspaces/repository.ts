import { and, asc, eq, inArray, notInArray, or } from 'drizzle-orm';
import { ledgerBalances, utcDate, ZERO_BALANCE } from '../billing/ledger.js';
import { methodsOfWorkspaces, pendingOfWorkspaces } from '../billing/payments/service.js';
import { workspaceInvoices } from '../billing/repository.js';
import type { Db } from '../db/client.js';
import {
  accounts,
  authorizedPeople,
  balances,
  legacyServices,
  services,
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
  const asEmployee = db
    .select({ id: workspaceEmployees.workspaceId })
    .from(workspaceEmployees)
    .where(eq(workspaceEmployees.userId, userId));
  const asAuthorizedPerson = db
    .select({ id: authorizedPeople.workspaceId })
    .from(authorizedPeople)
    .where(and(eq(authorizedPeople.userId, userId), eq(authorizedPeople.loginStatus, 'ACTIVE')));
  const visible = and(
    or(inArray(workspaces.id, asEmployee), inArray(workspaces.id, asAuthorizedPerson)),
    notInArray(workspaces.id, db.select({ id: workspaceDeletions.workspaceId }).from(workspaceDeletions)),
  );
  return db
    .select()
    .from(workspaces)
    .where(contractUid === undefined ? visible : and(visible, eq(workspaces.contractUid, contractUid)))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.number));
}

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

/** The fund balances of these workspaces, keyed by workspace id. */
async function fundBalances(db: Db, rows: WorkspaceRow[]): Promise<Map<string, FundBalance>> {
  const ids = rows.map((row) => row.id);
  const now = Date.now();
  const [ledger, balanceRows, methodsOf, pendingOf] = await Promise.all([
    ledgerBalances(db, ids, utcDate(now)),
    db.select().from(balances).where(inArray(balances.workspaceId, ids)),
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
  const [balanceOf, accountRows, employeeRows, peopleRows, serviceRows, legacyRows, unreadRows] =
    await Promise.all([
      fundBalances(db, rows),
      db
        .select()
        .from(accounts)
        .where(
          inArray(
            accounts.id,
            rows.map((row) => row.accountId),
          ),
        ),
      db
        .select()
        .from(workspaceEmployees)
        .where(inArray(workspaceEmployees.workspaceId, ids))
        .orderBy(asc(workspaceEmployees.createdAt), asc(workspaceEmployees.email)),
      db
        .select()
        .from(authorizedPeople)
        .where(inArray(authorizedPeople.workspaceId, ids))
        .orderBy(asc(authorizedPeople.fullName)),
      db.select().from(services).where(inArray(services.workspaceId, ids)).orderBy(asc(services.createdAt)),
      db
        .select()
        .from(legacyServices)
        .where(inArray(legacyServices.workspaceId, ids))
        .orderBy(asc(legacyServices.position), asc(legacyServices.title)),
      unreadByWorkspace(db, ids, viewerId),
    ]);
  const employeesOf = byWorkspace(employeeRows);
  const peopleOf = byWorkspace(peopleRows);
  const servicesOf = byWorkspace(serviceRows);
  const legacyOf = byWorkspace(legacyRows);
  // one query for the invoices of all these workspaces, the first time one of them is asked for
  let invoices: Promise<(workspaceId: string) => Invoice[]> | undefined;
  const invoicesOf = (workspaceId: string) => {
    invoices ??= workspaceInvoices(db, ids, utcDate(Date.now())).then(byWorkspace);
    return invoices.then((of) => of(workspaceId));
  };
  return rows.map((row) => {
    const account = accountRows.find((a) => a.id === row.accountId)!;
    const standing: Standing =
      employeesOf(row.id).find((e) => e.userId === viewerId)?.role ?? 'AuthorizedPerson';
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
      employee: employeesOf(row.id)
        .sort((a, b) => Number(b.userId === viewerId) - Number(a.userId === viewerId))
        .map((e) => ({
          uid: e.id,
          firstName: e.firstName,
          lastName: e.lastName,
          email: e.email,
          role: e.role,
        })),
      authorizedPeople: peopleOf(row.id).map((p) => ({
        uid: p.id,
        fullName: p.fullName,
        mobilePhone: p.mobilePhone,
        email: p.email,
        loginStatus: p.loginStatus,
      })),
      servicesLegacy: legacyOf(row.id).map((s) => ({
        uid: s.id,
        title: s.title,
        description: s.description,
        monthly: s.monthly,
        monthlyCurrency: s.monthlyCurrency,
      })),
      unreadMessages: unreadRows.get(row.id) ?? 0,
      loadInvoices: () => (seesBilling ? invoicesOf(row.id) : Promise.resolve([])),
      services: servicesOf(row.id).map((s) => ({ uid: s.id })),
      myRole: standing === 'AuthorizedPerson' ? null : standing,
      capabilities: [...ROLE_CAPABILITIES[standing]],
    };
  });
}
