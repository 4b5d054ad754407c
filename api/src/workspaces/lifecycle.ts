import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  accounts,
  authorizedPeople,
  authSessions,
  invitations,
  services,
  type User,
  workspaceEmployees,
  workspaces,
} from '../db/schema.js';
import { userError } from '../graphql/errors.js';
import type { MyWorkspace } from '../graphql/generated/resolvers.js';
import { sshKeys } from '../ssh-keys/tables.js';
import { visibleWorkspaces, type WorkspaceRow } from './repository.js';
import { deletionBlockers } from './settings.js';
import { userDeactivations, workspaceDeletions } from './tables.js';

export const LIFECYCLE_MESSAGES = {
  deletionBlocked: (reasons: string[]) =>
    `This workspace cannot be deleted automatically. ${reasons.join(' ')} Contact support (24x7) to delete it.`,
  deactivationBlocked: (names: string[]) =>
    `You are the last Administrative user of ${names.map((n) => `"${n}"`).join(', ')}. Delete ${
      names.length === 1 ? 'this workspace' : 'these workspaces'
    } and their services, or give another user the Administrative role, before you deactivate your account.`,
} as const;

/**
 * Deletes a workspace that has nothing running and owes nothing: it disappears for everyone at once
 * (`visibleWorkspaces`), its open invitations with it. The rows stay for accounting (README).
 */
export async function deleteWorkspace(
  db: Db,
  workspace: WorkspaceRow,
  by: User,
  nowMs: number,
): Promise<void> {
  const blockers = await deletionBlockers(db, workspace);
  if (blockers.length > 0) throw userError(LIFECYCLE_MESSAGES.deletionBlocked(blockers), 'DELETION_BLOCKED');
  await db.transaction(async (tx) => {
    await tx
      .insert(workspaceDeletions)
      .values({ workspaceId: workspace.id, deletedById: by.id, deletedAt: new Date(nowMs) })
      .onConflictDoNothing();
    await tx.delete(invitations).where(eq(invitations.workspaceId, workspace.id));
  });
}

/** The user's workspaces with their role (Profile › Accounts), by account name. */
export async function myWorkspaces(db: Db, user: User): Promise<MyWorkspace[]> {
  const rows = await visibleWorkspaces(db, user.id);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [accountRows, roles, serviceCounts] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(
        inArray(
          accounts.id,
          rows.map((r) => r.accountId),
        ),
      ),
    db
      .select({ workspaceId: workspaceEmployees.workspaceId, role: workspaceEmployees.role })
      .from(workspaceEmployees)
      .where(and(inArray(workspaceEmployees.workspaceId, ids), eq(workspaceEmployees.userId, user.id))),
    db
      .select({ workspaceId: services.workspaceId, n: count() })
      .from(services)
      .where(inArray(services.workspaceId, ids))
      .groupBy(services.workspaceId),
  ]);
  return rows
    .map((row) => {
      const account = accountRows.find((a) => a.id === row.accountId)!;
      return {
        contractUid: row.contractUid,
        workspaceName: row.name,
        accountUid: account.id,
        accountName: account.name,
        role: roles.find((r) => r.workspaceId === row.id)?.role ?? null,
        servicesCount: serviceCounts.find((s) => s.workspaceId === row.id)?.n ?? 0,
      };
    })
    .sort(
      (a, b) => a.accountName.localeCompare(b.accountName) || a.workspaceName.localeCompare(b.workspaceName),
    );
}

/** The workspaces only this user administers: they must go (or get another administrator) first. */
export async function deactivationBlockers(db: Db, mine: MyWorkspace[]): Promise<MyWorkspace[]> {
  const administered = mine.filter((w) => w.role === 'Administrative');
  if (administered.length === 0) return [];
  const admins = await db
    .select({ contractUid: workspaces.contractUid, n: count() })
    .from(workspaceEmployees)
    .innerJoin(workspaces, eq(workspaces.id, workspaceEmployees.workspaceId))
    .where(
      and(
        inArray(
          workspaces.contractUid,
          administered.map((w) => w.contractUid),
        ),
        eq(workspaceEmployees.role, 'Administrative'),
      ),
    )
    .groupBy(workspaces.contractUid)
    .orderBy(asc(workspaces.contractUid));
  return administered.filter((w) => (admins.find((a) => a.contractUid === w.contractUid)?.n ?? 0) <= 1);
}

/**
 * Deactivates an account (Django's `is_active = False`): its memberships end, it stops being an
 * authorized person with a login, its SSH keys and every session are removed. The user row stays
 * (invoices and payments name it) and the identity service refuses it every login. Returns the
 * contract uids of the workspaces it left, for their subscribers.
 */
export async function deactivateAccount(db: Db, user: User, nowMs: number): Promise<string[]> {
  const mine = await myWorkspaces(db, user);
  const blockers = await deactivationBlockers(db, mine);
  if (blockers.length > 0) {
    throw userError(
      LIFECYCLE_MESSAGES.deactivationBlocked(blockers.map((b) => b.workspaceName)),
      'DEACTIVATION_BLOCKED',
    );
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(userDeactivations)
      .values({ userId: user.id, deactivatedAt: new Date(nowMs) })
      .onConflictDoNothing();
    await tx.delete(workspaceEmployees).where(eq(workspaceEmployees.userId, user.id));
    await tx
      .update(authorizedPeople)
      .set({ loginStatus: 'DISABLED', userId: null })
      .where(eq(authorizedPeople.userId, user.id));
    await tx.delete(sshKeys).where(eq(sshKeys.userId, user.id));
    await tx.delete(authSessions).where(eq(authSessions.userId, user.id));
  });
  return mine.map((w) => w.contractUid);
}
