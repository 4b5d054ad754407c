import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts, workspaces } from '../db/schema.js';
import { invitationMails, userDeactivations, workspaceDeletions, workspaceProfiles } from './tables.js';

/**
 * The demo's workspace data (representative, address, invoice text) and the undoing of what the
 * demo may have done: a deleted workspace comes back, a deactivated demo account is active again,
 * the invitation mails sent count for nothing any more.
 */
export async function seedWorkspaceAdmin(
  db: Db,
  seed: {
    workspaceIds: string[];
    userIds: string[];
    cabinetId: string;
    legacyId: string;
    webshopId: string;
  },
): Promise<void> {
  await db.delete(workspaceDeletions).where(inArray(workspaceDeletions.workspaceId, seed.workspaceIds));
  await db.delete(userDeactivations).where(inArray(userDeactivations.userId, seed.userIds));
  // the demo's invitations start over with their sending limits
  await db.delete(invitationMails).where(inArray(invitationMails.workspaceId, seed.workspaceIds));
  const taxIds: [string, string][] = [
    [seed.cabinetId, 'DE811234567'],
    [seed.legacyId, 'GB123456789'],
  ];
  for (const [workspaceId, taxId] of taxIds) {
    const [row] = await db
      .select({ accountId: workspaces.accountId })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    if (row) await db.update(accounts).set({ taxId }).where(eq(accounts.id, row.accountId));
  }
  await db.delete(workspaceProfiles).where(inArray(workspaceProfiles.workspaceId, seed.workspaceIds));
  await db.insert(workspaceProfiles).values([
    {
      workspaceId: seed.cabinetId,
      representativeFirstName: 'Demo',
      representativeLastName: 'Customer',
      representativeEmail: 'demo@example.com',
      representativeMobile: '+4915123456789',
      city: 'Hamburg',
      street: 'Am Sandtorkai 50',
      countryId: 276,
      zip: '20457',
      invoiceNote: 'PO 4500012345 · Cost centre IT-Cloud',
    },
    {
      workspaceId: seed.legacyId,
      representativeFirstName: 'Ana',
      representativeLastName: 'Alpha',
      representativeEmail: 'ana@alpha.example',
      representativeMobile: '+447400123456',
      city: 'London',
      street: '1 Finsbury Avenue',
      countryId: 826,
      zip: 'EC2M 2PP',
      invoiceNote: '',
    },
    {
      workspaceId: seed.webshopId,
      representativeFirstName: 'Brianna',
      representativeLastName: 'Bright',
      representativeEmail: 'billing@bright.example',
      representativeMobile: '',
      city: 'Austin',
      street: '500 W 2nd St',
      countryId: 840,
      zip: '78701',
      invoiceNote: 'Attn: Accounts Payable',
    },
  ]);
}
