import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ManualScheduler } from '../compute/scheduler.js';
import type { Database } from '../db/client.js';
import {
  accounts,
  authorizedPeople,
  type User,
  users,
  workspaceEmployees,
  workspaces,
} from '../db/schema.js';
import { DEMO_CONTRACTS, DEMO_PASSWORD, type DemoSeed, OTHER_CONTRACT_UID, seedDemo } from '../db/seed.js';
import { PERMISSION_DENIED } from '../graphql/errors.js';
import { hashPassword } from '../identity/passwords.js';
import { errorMessages, gql, ME } from '../test/graphql.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { Browser, signedInBrowser } from '../test/identity.js';
import { COUNTRIES } from './countries.js';
import { LIFECYCLE_MESSAGES } from './lifecycle.js';
import { MEMBER_MESSAGES } from './members.js';
import { ROLE_CAPABILITIES } from './roles.js';
import { DELETION_BLOCKERS, SETTINGS_MESSAGES } from './settings.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// Workspace administration on one real app and one seeded PGlite: the role table applied across
// compute, billing and the workspace's own calls; settings, users and invitations; deletion and
// deactivation. The compute clock never moves.

let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
let passwordHash: string;

const CAB = DEMO_CONTRACTS.cabinet;

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  passwordHash = await hashPassword(DEMO_PASSWORD);
  app = buildApp(testConfig({ PORTAL_DEV_TOOLS: '1' }), {
    database,
    compute: { scheduler: new ManualScheduler(Date.now()) },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let userCount = 0;
/** A fresh user with the demo password, optionally an employee of a workspace. */
async function newUser(
  role?: 'Administrative' | 'Billing' | 'Technical',
  contractUid: string = CAB,
): Promise<User> {
  userCount += 1;
  const [user] = await database.db
    .insert(users)
    .values({
      email: `member${userCount}@admin.example`,
      firstName: 'Member',
      lastName: String(userCount),
      passwordHash,
      emailVerified: true,
    })
    .returning();
  if (role) {
    const [ws] = await database.db.select().from(workspaces).where(eq(workspaces.contractUid, contractUid));
    await database.db
      .insert(workspaceEmployees)
      .values({ workspaceId: ws!.id, userId: user!.id, email: user!.email, role });
  }
  return user!;
}

const signedIn = (user: { id: string }) => signedInBrowser(app, database.db, user);

const SETTINGS_FIELDS = `contractUid name currencyCode representative { firstName lastName email mobile }
  accountName taxId address { city street countryId zip } invoiceNote
  members { uid kind name email role loginStatus isMe }
  invitations { uid email role invitedBy status expiresAt } deletionBlockers`;
const SETTINGS = `query ($c: String!) { workspaceSettings(contractUid: $c) { ${SETTINGS_FIELDS} } }`;
const UPDATE = `mutation ($c: String!, $i: WorkspaceSettingsInput!) {
  updateWorkspaceSettings(contractUid: $c, input: $i) { ${SETTINGS_FIELDS} } }`;
const INVITE = `mutation ($c: String!, $e: String!, $r: WorkspaceRole!) {
  inviteWorkspaceUser(contractUid: $c, email: $e, role: $r) { ${SETTINGS_FIELDS} } }`;
const RESEND = `mutation ($c: String!, $u: ID!) { resendWorkspaceInvitation(contractUid: $c, invitationUid: $u) { invitations { uid expiresAt } } }`;
const REVOKE = `mutation ($c: String!, $u: ID!) { revokeWorkspaceInvitation(contractUid: $c, invitationUid: $u) { invitations { uid } } }`;
const ROLE = `mutation ($c: String!, $u: ID!, $r: WorkspaceRole!, $p: String!) {
  changeWorkspaceUserRole(contractUid: $c, employeeUid: $u, role: $r, password: $p) { members { uid role } } }`;
const REMOVE = `mutation ($c: String!, $u: ID!, $p: String!) {
  removeWorkspaceUser(contractUid: $c, memberUid: $u, password: $p) { members { uid } } }`;
const DELETE = `mutation ($c: String!, $p: String!) { deleteWorkspace(contractUid: $c, password: $p) { contractUid workspaceName } }`;
const DEACTIVATE = `mutation ($p: String!) { deactivateAccount(password: $p) { email } }`;
const ACCOUNTS = `query { myAccounts { workspaces { contractUid workspaceName accountName role servicesCount }
  deactivationBlockers { contractUid workspaceName } } }`;
const CAPS = `query ($c: String) { allWorkspaces(contractUid: $c) { contractUid myRole capabilities invoices { uid }
  balance { paymentMethods { uid } } } }`;
const INVOICES = `query ($c: String!) { invoices(contractUid: $c) { totalCount } }`;
const INSTANCES = `query ($c: String!) { instances(contractUid: $c) { uid name } }`;
const RENAME = `mutation ($c: String!, $u: String!, $n: String!) { renameInstance(contractUid: $c, uid: $u, name: $n) { name } }`;

const fieldOf = (answer: Json) => answer.body.errors?.[0]?.extensions?.field;

const validInput = {
  name: 'Nordwind Cloud',
  currencyCode: 'EUR',
  representativeFirstName: 'Demo',
  representativeLastName: 'Customer',
  representativeEmail: 'demo@example.com',
  representativeMobile: '+49 151 23456789',
  accountName: 'Nordwind Hosting GmbH',
  taxId: 'DE123456789',
  city: 'Hamburg',
  street: 'Am Sandtorkai 50',
  countryId: 276,
  zip: '20457',
  invoiceNote: 'PO 4500012345',
};

describe('the role table across the api', () => {
  it('answers each standing its capabilities and applies them in billing, compute and settings', async () => {
    const admin = await signedIn(seed.demoUser);
    const billing = await signedIn(await newUser('Billing'));
    const technical = await signedIn(await newUser('Technical'));
    const contactUser = await newUser();
    const [cab] = await database.db.select().from(workspaces).where(eq(workspaces.contractUid, CAB));
    await database.db.insert(authorizedPeople).values({
      workspaceId: cab!.id,
      userId: contactUser.id,
      fullName: 'Contact Person',
      email: contactUser.email,
      loginStatus: 'ACTIVE',
    });
    const contact = await signedIn(contactUser);

    const caps = async (b: Browser) => (await gql(b, CAPS, { c: CAB })).body.data.allWorkspaces[0];
    expect(await caps(admin)).toMatchObject({
      myRole: 'Administrative',
      capabilities: ROLE_CAPABILITIES.Administrative,
    });
    expect(await caps(billing)).toMatchObject({ myRole: 'Billing', capabilities: ROLE_CAPABILITIES.Billing });
    expect(await caps(contact)).toMatchObject({
      myRole: null,
      capabilities: ROLE_CAPABILITIES.AuthorizedPerson,
    });
    // Technical sees no money: no invoices, no payment methods (the balance stays, as in the drawer)
    const tech = await caps(technical);
    expect(tech).toMatchObject({ myRole: 'Technical', invoices: [], balance: { paymentMethods: [] } });
    expect((await caps(admin)).invoices.length).toBeGreaterThan(0);

    // billing: Technical cannot read it
    expect(errorMessages(await gql(technical, INVOICES, { c: CAB }))).toEqual([PERMISSION_DENIED]);
    for (const b of [admin, billing, contact]) {
      expect((await gql(b, INVOICES, { c: CAB })).body.data.invoices.totalCount).toBeGreaterThan(0);
    }

    // compute: everyone looks, only Administrative and Technical change
    const [instance] = (await gql(admin, INSTANCES, { c: CAB })).body.data.instances;
    for (const b of [billing, technical, contact]) {
      expect((await gql(b, INSTANCES, { c: CAB })).body.data.instances.length).toBeGreaterThan(0);
    }
    for (const b of [billing, contact]) {
      expect(errorMessages(await gql(b, RENAME, { c: CAB, u: instance.uid, n: 'renamed' }))).toEqual([
        PERMISSION_DENIED,
      ]);
    }
    expect((await gql(technical, RENAME, { c: CAB, u: instance.uid, n: 'tech-rename' })).body.data).toEqual({
      renameInstance: { name: 'tech-rename' },
    });
    await gql(admin, RENAME, { c: CAB, u: instance.uid, n: instance.name });

    // workspace settings: everyone reads, only Administrative saves
    for (const b of [billing, technical, contact]) {
      expect((await gql(b, SETTINGS, { c: CAB })).body.data.workspaceSettings.name).toBe('Nordwind Cloud');
      expect(errorMessages(await gql(b, UPDATE, { c: CAB, i: validInput }))).toEqual([PERMISSION_DENIED]);
      expect(errorMessages(await gql(b, INVITE, { c: CAB, e: 'x@y.example', r: 'Technical' }))).toEqual([
        PERMISSION_DENIED,
      ]);
    }
  });

  it("refuses another customer's workspace and a caller without a session", async () => {
    const demo = await signedIn(seed.demoUser);
    for (const answer of [
      await gql(demo, SETTINGS, { c: OTHER_CONTRACT_UID }),
      await gql(demo, UPDATE, { c: OTHER_CONTRACT_UID, i: validInput }),
      await gql(demo, DELETE, { c: OTHER_CONTRACT_UID, p: DEMO_PASSWORD }),
      await gql(new Browser(app), SETTINGS, { c: CAB }),
      await gql(new Browser(app), DEACTIVATE, { p: DEMO_PASSWORD }),
    ]) {
      expect(errorMessages(answer)).toEqual([PERMISSION_DENIED]);
    }
  });
});

describe('workspace settings', () => {
  it('shows the seeded data and users with role and login status', async () => {
    const settings = (await gql(await signedIn(seed.demoUser), SETTINGS, { c: CAB })).body.data
      .workspaceSettings;
    expect(settings).toMatchObject({
      name: 'Nordwind Cloud',
      currencyCode: 'EUR',
      accountName: 'Nordwind Hosting GmbH',
      address: { city: 'Hamburg', countryId: 276, zip: '20457' },
      representative: { firstName: 'Demo', mobile: '+4915123456789' },
    });
    expect(settings.members[0]).toMatchObject({
      kind: 'EMPLOYEE',
      email: 'demo@example.com',
      role: 'Administrative',
      loginStatus: 'ACTIVE',
      isMe: true,
    });
    expect(settings.members).toContainEqual(
      expect.objectContaining({
        kind: 'AUTHORIZED_PERSON',
        name: 'Erika Mustermann',
        loginStatus: 'DISABLED',
        role: null,
      }),
    );
    expect(settings.deletionBlockers).toEqual([
      DELETION_BLOCKERS.services(2),
      expect.stringMatching(/instance/),
    ]);
  });

  it('saves every field and refuses bad input on its field, saving nothing', async () => {
    const demo = await signedIn(seed.demoUser);
    const saved = await gql(demo, UPDATE, {
      c: CAB,
      i: { ...validInput, taxId: ' DE999 ', city: 'Kiel', countryId: 0, invoiceNote: 'Ref 42' },
    });
    expect(saved.body.data.updateWorkspaceSettings).toMatchObject({
      taxId: 'DE999',
      address: { city: 'Kiel', countryId: 0 },
      invoiceNote: 'Ref 42',
      representative: { mobile: '+4915123456789' },
    });
    const refusals: [Partial<typeof validInput>, string, string][] = [
      [{ representativeMobile: 'call me' }, 'Not valid phone number.', 'representativeMobile'],
      [{ representativeMobile: '+49 151' }, 'Phone number must be valid', 'representativeMobile'],
      [
        { representativeMobile: '+49 30 12345678' },
        'Valid mobile phone number required.',
        'representativeMobile',
      ],
      [{ representativeEmail: 'not-an-email' }, 'E-mail must be valid', 'representativeEmail'],
      [{ countryId: 999 }, SETTINGS_MESSAGES.country, 'countryId'],
      [{ name: '  ' }, 'Required', 'name'],
      [{ currencyCode: 'XYZ' }, SETTINGS_MESSAGES.currency, 'currencyCode'],
      [{ currencyCode: 'USD' }, SETTINGS_MESSAGES.currencyLocked, 'currencyCode'],
    ];
    for (const [change, message, field] of refusals) {
      const answer = await gql(demo, UPDATE, { c: CAB, i: { ...validInput, city: 'Changed', ...change } });
      expect(errorMessages(answer)).toEqual([message]);
      expect(fieldOf(answer)).toBe(field);
    }
    const after = (await gql(demo, SETTINGS, { c: CAB })).body.data.workspaceSettings;
    expect(after.address.city).toBe('Kiel');
    await gql(demo, UPDATE, { c: CAB, i: validInput });
  });

  it('lists the countries by the spec regions, Other (id 0) last', async () => {
    const answer = await gql(
      await signedIn(seed.demoUser),
      'query { countries { id name regionName isoCode } }',
    );
    const list = answer.body.data.countries;
    expect(list).toHaveLength(COUNTRIES.length);
    expect(list.at(-1)).toEqual({ id: 0, name: 'Other', regionName: 'Other', isoCode: '' });
    expect(list).toContainEqual({ id: 276, name: 'Germany', regionName: 'Europe', isoCode: 'DE' });
    expect(list).toContainEqual({
      id: 36,
      name: 'Australia',
      regionName: 'Australia/Oceania',
      isoCode: 'AU',
    });
    expect([...new Set(list.map((c: Json) => c.regionName))]).toEqual([
      'Europe',
      'Asia',
      'America',
      'Africa',
      'Australia/Oceania',
      'Other',
    ]);
  });
});

describe('users and roles', () => {
  const outbox = async (to: string) =>
    (await app.inject({ method: 'GET', url: `/_dev/outbox?to=${encodeURIComponent(to)}` })).json() as Json[];
  const keyOf = (mail: Json) => /\/invitation\/([\w-]+)/.exec(mail.text)![1]!;

  it('invites by e-mail with a role; the invitee accepts through the mailed link and is listed', async () => {
    const demo = await signedIn(seed.demoUser);
    const invitee = await newUser();
    const invited = await gql(demo, INVITE, { c: CAB, e: invitee.email.toUpperCase(), r: 'Technical' });
    expect(invited.body.data.inviteWorkspaceUser.invitations[0]).toMatchObject({
      email: invitee.email,
      role: 'Technical',
      invitedBy: 'Demo Customer',
      status: 'VALID',
    });
    const [mail] = await outbox(invitee.email);
    expect(mail.subject).toBe('[Portal] You are invited to a workspace');
    expect(mail.text).toContain(
      'Demo Customer invites you to the workspace "Nordwind Cloud" with the role Technical.',
    );

    // a second invitation of the same address, and one of a member, are refused on the e-mail
    const again = await gql(demo, INVITE, { c: CAB, e: invitee.email, r: 'Billing' });
    expect(errorMessages(again)).toEqual([MEMBER_MESSAGES.alreadyInvited(invitee.email)]);
    expect(fieldOf(again)).toBe('email');
    const member = await gql(demo, INVITE, { c: CAB, e: 'DEMO@example.com', r: 'Billing' });
    expect(errorMessages(member)).toEqual([MEMBER_MESSAGES.alreadyMember('demo@example.com')]);
    expect(errorMessages(await gql(demo, INVITE, { c: CAB, e: 'nope', r: 'Billing' }))).toEqual([
      'E-mail must be valid',
    ]);

    // resend: a new link, the old one stops working
    const uid = invited.body.data.inviteWorkspaceUser.invitations[0].uid;
    await gql(demo, RESEND, { c: CAB, u: uid });
    const mails = await outbox(invitee.email);
    expect(mails).toHaveLength(2);
    const [newKey, oldKey] = [keyOf(mails[0]), keyOf(mails[1])];
    expect(newKey).not.toBe(oldKey);
    const ACCEPT = 'mutation ($k: String!) { acceptInvitation(key: $k) { employeeUid } }';
    const browser = await signedIn(invitee);
    expect(errorMessages(await gql(browser, ACCEPT, { k: oldKey }))).toEqual([
      'This invitation link is not valid. Check the link or ask for a new invitation.',
    ]);
    expect((await gql(browser, ACCEPT, { k: newKey })).body.data.acceptInvitation.employeeUid).toBeTruthy();

    const settings = (await gql(demo, SETTINGS, { c: CAB })).body.data.workspaceSettings;
    expect(settings.invitations.map((i: Json) => i.email)).not.toContain(invitee.email);
    expect(settings.members).toContainEqual(
      expect.objectContaining({
        email: invitee.email,
        role: 'Technical',
        loginStatus: 'ACTIVE',
        kind: 'EMPLOYEE',
      }),
    );
  });

  it('revokes an invitation: its link stops working', async () => {
    const demo = await signedIn(seed.demoUser);
    const email = 'revoked@admin.example';
    const invited = await gql(demo, INVITE, { c: CAB, e: email, r: 'Billing' });
    const uid = invited.body.data.inviteWorkspaceUser.invitations.find((i: Json) => i.email === email).uid;
    const revoked = await gql(demo, REVOKE, { c: CAB, u: uid });
    expect(revoked.body.data.revokeWorkspaceInvitation.invitations.map((i: Json) => i.uid)).not.toContain(
      uid,
    );
    const [mail] = await outbox(email);
    const INVITATION = 'query ($k: String!) { invitation(key: $k) { email } }';
    expect((await gql(new Browser(app), INVITATION, { k: keyOf(mail) })).body.data.invitation).toBeNull();
    expect(errorMessages(await gql(demo, REVOKE, { c: CAB, u: uid }))).toEqual([
      MEMBER_MESSAGES.unknownInvitation,
    ]);
  });

  it('changes a role and removes a user with the password; never the last Administrative user', async () => {
    const demo = await signedIn(seed.demoUser);
    const colleague = await newUser('Billing');
    const members = async () => (await gql(demo, SETTINGS, { c: CAB })).body.data.workspaceSettings.members;
    const uidOf = async (email: string) => (await members()).find((m: Json) => m.email === email).uid;
    const demoUid = await uidOf('demo@example.com');
    const colleagueUid = await uidOf(colleague.email);

    const wrong = await gql(demo, ROLE, { c: CAB, u: colleagueUid, r: 'Technical', p: 'Wrong-Pass-1' });
    expect(errorMessages(wrong)).toEqual(['Incorrect password.']);
    expect(fieldOf(wrong)).toBe('password');

    const last = await gql(demo, ROLE, { c: CAB, u: demoUid, r: 'Billing', p: DEMO_PASSWORD });
    expect(errorMessages(last)).toEqual([MEMBER_MESSAGES.lastAdministrator]);
    expect(errorMessages(await gql(demo, REMOVE, { c: CAB, u: demoUid, p: DEMO_PASSWORD }))).toEqual([
      MEMBER_MESSAGES.lastAdministrator,
    ]);

    const changed = await gql(demo, ROLE, { c: CAB, u: colleagueUid, r: 'Administrative', p: DEMO_PASSWORD });
    expect(changed.body.data.changeWorkspaceUserRole.members).toContainEqual({
      uid: colleagueUid,
      role: 'Administrative',
    });
    // with a second administrator, demo may step down; then the colleague is the last one
    await gql(demo, ROLE, { c: CAB, u: demoUid, r: 'Technical', p: DEMO_PASSWORD });
    const colleagueBrowser = await signedIn(colleague);
    await gql(colleagueBrowser, ROLE, { c: CAB, u: demoUid, r: 'Administrative', p: DEMO_PASSWORD });
    const removed = await gql(demo, REMOVE, { c: CAB, u: colleagueUid, p: DEMO_PASSWORD });
    expect(removed.body.data.removeWorkspaceUser.members.map((m: Json) => m.uid)).not.toContain(colleagueUid);
    expect(errorMessages(await gql(colleagueBrowser, SETTINGS, { c: CAB }))).toEqual([PERMISSION_DENIED]);
  });
});

describe('workspace deletion and account deactivation', () => {
  async function freshWorkspace(owner: User, name: string): Promise<string> {
    const [account] = await database.db
      .insert(accounts)
      .values({ name: `${name} Account` })
      .returning();
    const [ws] = await database.db
      .insert(workspaces)
      .values({ name, number: `CAB-T-${name}`, kind: 'CAB', currency: 'EUR', accountId: account!.id })
      .returning();
    await database.db
      .insert(workspaceEmployees)
      .values({ workspaceId: ws!.id, userId: owner.id, email: owner.email, role: 'Administrative' });
    return ws!.contractUid;
  }

  it('refuses a workspace with services or money owed with the reason for support', async () => {
    const demo = await signedIn(seed.demoUser);
    const services = await gql(demo, DELETE, { c: CAB, p: DEMO_PASSWORD });
    expect(errorMessages(services)[0]).toMatch(
      /^This workspace cannot be deleted automatically\. It has 2 active services/,
    );
    expect(errorMessages(services)[0]).toMatch(/Contact support \(24x7\) to delete it\.$/);
    const owed = await gql(demo, DELETE, { c: DEMO_CONTRACTS.legacy, p: DEMO_PASSWORD });
    expect(errorMessages(owed)).toEqual([
      LIFECYCLE_MESSAGES.deletionBlocked([DELETION_BLOCKERS.owed('42.50', 'EUR')]),
    ]);
  });

  it('deletes a workspace with the password: it is gone for every member', async () => {
    const owner = await newUser();
    const contractUid = await freshWorkspace(owner, 'Doomed');
    const browser = await signedIn(owner);
    expect(errorMessages(await gql(browser, DELETE, { c: contractUid, p: 'Wrong-Pass-1' }))).toEqual([
      'Incorrect password.',
    ]);
    const deleted = await gql(browser, DELETE, { c: contractUid, p: DEMO_PASSWORD });
    expect(deleted.body.data.deleteWorkspace).toEqual({ contractUid, workspaceName: 'Doomed' });
    expect((await gql(browser, CAPS, {})).body.data.allWorkspaces).toEqual([]);
    expect(errorMessages(await gql(browser, SETTINGS, { c: contractUid }))).toEqual([PERMISSION_DENIED]);
  });

  it('deactivates an account after its owned workspaces are gone; it can never sign in again', async () => {
    const owner = await newUser();
    const contractUid = await freshWorkspace(owner, 'Owned');
    await newUser('Technical', contractUid);
    const browser = await signedIn(owner);
    const accountsAnswer = (await gql(browser, ACCOUNTS)).body.data.myAccounts;
    expect(accountsAnswer.workspaces).toEqual([
      {
        contractUid,
        workspaceName: 'Owned',
        accountName: 'Owned Account',
        role: 'Administrative',
        servicesCount: 0,
      },
    ]);
    expect(accountsAnswer.deactivationBlockers).toEqual([{ contractUid, workspaceName: 'Owned' }]);
    expect(errorMessages(await gql(browser, DEACTIVATE, { p: DEMO_PASSWORD }))).toEqual([
      LIFECYCLE_MESSAGES.deactivationBlocked(['Owned']),
    ]);
    expect(errorMessages(await gql(browser, DEACTIVATE, { p: 'Wrong-Pass-1' }))).toEqual([
      'Incorrect password.',
    ]);

    await gql(browser, DELETE, { c: contractUid, p: DEMO_PASSWORD });
    expect((await gql(browser, DEACTIVATE, { p: DEMO_PASSWORD })).body.data.deactivateAccount).toEqual({
      email: owner.email,
    });
    // signed out everywhere, and refused like a wrong password (Django's ModelBackend)
    expect(errorMessages(await gql(browser, ME))).toEqual([PERMISSION_DENIED]);
    const login = await new Browser(app).login(owner.email, DEMO_PASSWORD);
    expect(login.status).toBe(400);
    expect(login.body.errors).toEqual([
      {
        param: 'password',
        code: 'email_password_mismatch',
        message: 'The email address and/or password you specified are not correct.',
      },
    ]);
  });
});
