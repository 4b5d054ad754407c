import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ManualScheduler } from '../compute/scheduler.js';
import type { Database } from '../db/client.js';
import { DEMO_CONTRACTS, type DemoSeed, seedDemo } from '../db/seed.js';
import { gql } from '../test/graphql.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { type Browser, signedInBrowser } from '../test/identity.js';
import { INVITATION_LIMIT_MESSAGES, INVITATION_LIMITS, INVITATIONS_LIMITED } from './invitation-limits.js';
import { INVITATION_SUBJECT } from './members.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// Invitations are no mail relay: limited per workspace and per address, on a clock the test moves;
// the subject carries none of the customer's text.

let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
let nowMs = Date.now();

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  app = buildApp(testConfig({ PORTAL_DEV_TOOLS: '1' }), {
    database,
    compute: { scheduler: new ManualScheduler(nowMs) },
    identity: { now: () => nowMs },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const CAB = DEMO_CONTRACTS.cabinet;
const INVITE = `mutation ($c: String!, $e: String!, $r: WorkspaceRole!) {
  inviteWorkspaceUser(contractUid: $c, email: $e, role: $r) { invitations { uid email } } }`;
const RESEND = `mutation ($c: String!, $u: ID!) {
  resendWorkspaceInvitation(contractUid: $c, invitationUid: $u) { invitations { uid } } }`;
const REVOKE = `mutation ($c: String!, $u: ID!) {
  revokeWorkspaceInvitation(contractUid: $c, invitationUid: $u) { invitations { uid } } }`;

// the session outlives the days the clock moves
const signedIn = () => signedInBrowser(app, database.db, seed.demoUser, 7 * 86_400_000);
const outbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/_dev/outbox?to=${encodeURIComponent(to)}` })).json() as Json[];
const refusal = (answer: Json) =>
  (answer.body.errors ?? []).map((e: Json) => ({
    message: e.message,
    code: e.extensions?.code,
    field: e.extensions?.field,
  }));
const invite = (browser: Browser, email: string) =>
  gql(browser, INVITE, { c: CAB, e: email, r: 'Technical' });
const uidOf = (answer: Json, email: string) =>
  answer.body.data.inviteWorkspaceUser.invitations.find((i: Json) => i.email === email).uid as string;

describe('invitation limits', () => {
  it(`sends at most ${INVITATION_LIMITS.perWorkspace.amount} invitations per workspace and hour`, async () => {
    const demo = await signedIn();
    const { amount } = INVITATION_LIMITS.perWorkspace;
    for (let i = 0; i < amount; i += 1) {
      expect((await invite(demo, `relay${i}@limits.example`)).body.errors).toBeUndefined();
    }
    const over = await invite(demo, 'relay-over@limits.example');
    expect(refusal(over)).toEqual([
      { message: INVITATION_LIMIT_MESSAGES.perWorkspace, code: INVITATIONS_LIMITED, field: 'email' },
    ]);
    expect(await outbox('relay-over@limits.example')).toEqual([]);
    nowMs += INVITATION_LIMITS.perWorkspace.windowMs + 1;
    expect((await invite(demo, 'relay-over@limits.example')).body.errors).toBeUndefined();
  });

  it(`mails one address at most ${INVITATION_LIMITS.perAddress.amount} times a day, resends and revokes included`, async () => {
    nowMs += INVITATION_LIMITS.perWorkspace.windowMs + 1;
    const demo = await signedIn();
    const email = 'target@limits.example';
    const uid = uidOf(await invite(demo, email), email);
    for (let i = 1; i < INVITATION_LIMITS.perAddress.amount; i += 1) {
      expect((await gql(demo, RESEND, { c: CAB, u: uid })).body.errors).toBeUndefined();
    }
    expect(refusal(await gql(demo, RESEND, { c: CAB, u: uid }))).toEqual([
      { message: INVITATION_LIMIT_MESSAGES.perAddress, code: INVITATIONS_LIMITED, field: undefined },
    ]);
    // revoking and inviting again does not start over
    expect((await gql(demo, REVOKE, { c: CAB, u: uid })).body.errors).toBeUndefined();
    expect(refusal(await invite(demo, email))).toEqual([
      { message: INVITATION_LIMIT_MESSAGES.perAddress, code: INVITATIONS_LIMITED, field: 'email' },
    ]);
    expect(await outbox(email)).toHaveLength(INVITATION_LIMITS.perAddress.amount);

    nowMs += INVITATION_LIMITS.perAddress.windowMs + 1;
    expect((await invite(demo, email)).body.errors).toBeUndefined();
    expect(await outbox(email)).toHaveLength(INVITATION_LIMITS.perAddress.amount + 1);
  });

  it("keeps the workspace's and the inviter's free text out of the subject", async () => {
    const demo = await signedIn();
    const email = 'subject@limits.example';
    expect((await invite(demo, email)).body.errors).toBeUndefined();
    const [mail] = await outbox(email);
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.subject).not.toContain('Nordwind');
    expect(mail.text).toContain('the workspace "Nordwind Cloud"');
  });
});
