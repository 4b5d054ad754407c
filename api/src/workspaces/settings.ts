import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { computeInstances } from '../compute/tables.js';
import type { Db } from '../db/client.js';
import {
  accounts,
  authorizedPeople,
  balances,
  invitations,
  invoices,
  services,
  users,
  workspaceEmployees,
  workspaces,
} from '../db/schema.js';
import { userError } from '../graphql/errors.js';
import type {
  WorkspaceInvitation,
  WorkspaceMember,
  WorkspaceSettings,
  WorkspaceSettingsInput,
} from '../graphql/generated/resolvers.js';
import { invitationStatus } from '../invitations/invitations.js';
import { findCountry } from './countries.js';
import { loadFundBalance, type WorkspaceRow } from './repository.js';
import { workspaceProfiles } from './tables.js';
import { checkMobile, EMAIL_INVALID, isCurrencyCode, isEmail, REQUIRED } from './validation.js';

/** The refusals of `updateWorkspaceSettings`, each on its field. */
export const SETTINGS_MESSAGES = {
  required: REQUIRED,
  email: EMAIL_INVALID,
  currency: 'Choose a currency from the list (an ISO 4217 code such as EUR).',
  currencyLocked:
    'The currency cannot be changed once the workspace has invoices. Contact support to change it.',
  country: 'Choose a country from the list.',
  tooLong: (max: number) => `At most ${max} characters.`,
} as const;

/** Why a workspace cannot be deleted automatically (spec section 4: "directs the user to support"). */
export const DELETION_BLOCKERS = {
  services: (n: number) =>
    `It has ${n} active ${n === 1 ? 'service' : 'services'}: support ends them before the workspace can be deleted.`,
  instances: (n: number) =>
    `It has ${n} ${n === 1 ? 'instance' : 'instances'}: delete ${n === 1 ? 'it' : 'them'} first, or ask support.`,
  owed: (amount: string, currency: string) =>
    `It owes ${amount} ${currency}: pay it, or ask support to settle the account.`,
} as const;

/** What stops `deleteWorkspace`, as sentences for the user to take to support; empty: none. */
export async function deletionBlockers(db: Db, workspace: WorkspaceRow): Promise<string[]> {
  const [[serviceCount], [instanceCount], balance] = await Promise.all([
    db.select({ n: count() }).from(services).where(eq(services.workspaceId, workspace.id)),
    db
      .select({ n: count() })
      .from(computeInstances)
      .where(and(eq(computeInstances.workspaceId, workspace.id), isNull(computeInstances.deletedAt))),
    loadFundBalance(db, workspace),
  ]);
  const blockers: string[] = [];
  if (serviceCount!.n > 0) blockers.push(DELETION_BLOCKERS.services(serviceCount!.n));
  if (instanceCount!.n > 0) blockers.push(DELETION_BLOCKERS.instances(instanceCount!.n));
  if (Number(balance.amountDue) > 0)
    blockers.push(DELETION_BLOCKERS.owed(balance.amountDue, balance.currency));
  return blockers;
}

/** The settings page's workspace: its data, users and open invitations. */
export async function loadSettings(db: Db, workspace: WorkspaceRow, viewerId: string, nowMs: number) {
  const [[account], [profile], employees, people, invites, blockers] = await Promise.all([
    db.select().from(accounts).where(eq(accounts.id, workspace.accountId)),
    db.select().from(workspaceProfiles).where(eq(workspaceProfiles.workspaceId, workspace.id)),
    db
      .select()
      .from(workspaceEmployees)
      .where(eq(workspaceEmployees.workspaceId, workspace.id))
      .orderBy(asc(workspaceEmployees.createdAt), asc(workspaceEmployees.email)),
    db
      .select()
      .from(authorizedPeople)
      .where(eq(authorizedPeople.workspaceId, workspace.id))
      .orderBy(asc(authorizedPeople.fullName)),
    db
      .select({
        invitation: invitations,
        inviterFirst: users.firstName,
        inviterLast: users.lastName,
        inviterEmail: users.email,
      })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.invitedById))
      .where(and(eq(invitations.workspaceId, workspace.id), isNull(invitations.acceptedAt)))
      .orderBy(desc(invitations.createdAt)),
    deletionBlockers(db, workspace),
  ]);
  const members: WorkspaceMember[] = [
    ...employees.map(
      (e): WorkspaceMember => ({
        uid: e.id,
        kind: 'EMPLOYEE',
        name: `${e.firstName} ${e.lastName}`.trim() || e.email,
        email: e.email,
        role: e.role,
        loginStatus: 'ACTIVE',
        isMe: e.userId === viewerId,
      }),
    ),
    ...people.map(
      (p): WorkspaceMember => ({
        uid: p.id,
        kind: 'AUTHORIZED_PERSON',
        name: p.fullName,
        email: p.email,
        role: null,
        loginStatus: p.loginStatus,
        isMe: p.userId === viewerId,
      }),
    ),
  ];
  const invitationsList: WorkspaceInvitation[] = invites.map(({ invitation, ...inviter }) => ({
    uid: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invitedBy: `${inviter.inviterFirst} ${inviter.inviterLast}`.trim() || inviter.inviterEmail,
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
    status: invitationStatus(invitation, nowMs),
  }));
  return {
    contractUid: workspace.contractUid,
    name: workspace.name,
    currencyCode: workspace.currency,
    representative: {
      firstName: profile?.representativeFirstName ?? '',
      lastName: profile?.representativeLastName ?? '',
      email: profile?.representativeEmail ?? '',
      mobile: profile?.representativeMobile ?? '',
    },
    accountName: account?.name ?? '',
    taxId: account?.taxId ?? '',
    address: {
      city: profile?.city ?? '',
      street: profile?.street ?? '',
      countryId: profile?.countryId ?? 0,
      zip: profile?.zip ?? '',
    },
    invoiceNote: profile?.invoiceNote ?? '',
    members,
    invitations: invitationsList,
    deletionBlockers: blockers,
  } satisfies WorkspaceSettings;
}

const LIMITS: Partial<Record<keyof WorkspaceSettingsInput, number>> = {
  name: 80,
  representativeFirstName: 80,
  representativeLastName: 80,
  representativeEmail: 254,
  accountName: 120,
  taxId: 40,
  city: 80,
  street: 120,
  zip: 20,
  invoiceNote: 1000,
};

const REQUIRED_FIELDS: (keyof WorkspaceSettingsInput)[] = ['name', 'currencyCode', 'accountName'];

/**
 * The input, trimmed and checked field by field: the first problem is thrown with its field, before
 * anything is written.
 */
export function readSettingsInput(input: WorkspaceSettingsInput) {
  const text = (field: keyof WorkspaceSettingsInput) => String(input[field]).trim();
  for (const field of Object.keys(LIMITS) as (keyof WorkspaceSettingsInput)[]) {
    const max = LIMITS[field]!;
    if (text(field).length > max) throw userError(SETTINGS_MESSAGES.tooLong(max), 'BAD_USER_INPUT', field);
  }
  for (const field of REQUIRED_FIELDS) {
    if (text(field) === '') throw userError(SETTINGS_MESSAGES.required, 'BAD_USER_INPUT', field);
  }
  const currencyCode = text('currencyCode').toUpperCase();
  if (!isCurrencyCode(currencyCode)) {
    throw userError(SETTINGS_MESSAGES.currency, 'BAD_USER_INPUT', 'currencyCode');
  }
  const email = text('representativeEmail').toLowerCase();
  if (email !== '' && !isEmail(email)) {
    throw userError(SETTINGS_MESSAGES.email, 'BAD_USER_INPUT', 'representativeEmail');
  }
  let mobile = '';
  if (text('representativeMobile') !== '') {
    const checked = checkMobile(text('representativeMobile'));
    if ('problem' in checked) throw userError(checked.problem, 'BAD_USER_INPUT', 'representativeMobile');
    mobile = checked.e164;
  }
  if (!Number.isInteger(input.countryId) || !findCountry(input.countryId)) {
    throw userError(SETTINGS_MESSAGES.country, 'BAD_USER_INPUT', 'countryId');
  }
  return {
    name: text('name'),
    currencyCode,
    accountName: text('accountName'),
    taxId: text('taxId'),
    profile: {
      representativeFirstName: text('representativeFirstName'),
      representativeLastName: text('representativeLastName'),
      representativeEmail: email,
      representativeMobile: mobile,
      city: text('city'),
      street: text('street'),
      countryId: input.countryId,
      zip: text('zip'),
      invoiceNote: String(input.invoiceNote).trim(),
    },
  };
}

/** Saves checked settings; the currency only while the workspace has no invoice. */
export async function saveSettings(
  db: Db,
  workspace: WorkspaceRow,
  input: WorkspaceSettingsInput,
  nowMs: number,
): Promise<void> {
  const values = readSettingsInput(input);
  if (values.currencyCode !== workspace.currency) {
    const [invoice] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.workspaceId, workspace.id))
      .limit(1);
    if (invoice) throw userError(SETTINGS_MESSAGES.currencyLocked, 'CURRENCY_LOCKED', 'currencyCode');
  }
  await db.transaction(async (tx) => {
    await tx
      .update(workspaces)
      .set({ name: values.name, currency: values.currencyCode })
      .where(eq(workspaces.id, workspace.id));
    await tx
      .update(balances)
      .set({ currency: values.currencyCode })
      .where(eq(balances.workspaceId, workspace.id));
    await tx
      .update(accounts)
      .set({ name: values.accountName, taxId: values.taxId })
      .where(eq(accounts.id, workspace.accountId));
    const profile = { ...values.profile, updatedAt: new Date(nowMs) };
    await tx
      .insert(workspaceProfiles)
      .values({ workspaceId: workspace.id, ...profile })
      .onConflictDoUpdate({ target: workspaceProfiles.workspaceId, set: profile });
  });
}
