import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ManualScheduler } from '../compute/scheduler.js';
import type { Database } from '../db/client.js';
import { invoices, users, workspaceEmployees, workspaces } from '../db/schema.js';
import { DEMO_CONTRACTS, type DemoSeed, seedDemo } from '../db/seed.js';
import { gql } from '../test/graphql.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { signedInBrowser } from '../test/identity.js';
import { SUPPORT_MESSAGES } from './limits.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// A support thread about an invoice: only a role that sees the workspace's invoices may name one,
// and only such a role sees which one a thread is about (a Technical user sees neither).

let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  app = buildApp(testConfig(), { database, compute: { scheduler: new ManualScheduler(Date.now()) } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const CAB = DEMO_CONTRACTS.cabinet;
const THREAD = 'uid invoiceUid invoiceNumber';
const SEND = `mutation ($input: SendSupportMessageInput!) { sendSupportMessage(input: $input) { ${THREAD} } }`;
const READ = `query ($uid: ID!) { supportThread(uid: $uid) { ${THREAD} } }`;

async function technicalUser() {
  const [workspace] = await database.db.select().from(workspaces).where(eq(workspaces.contractUid, CAB));
  const [user] = await database.db
    .insert(users)
    .values({ email: 'tech@subject.example', emailVerified: true })
    .returning();
  await database.db
    .insert(workspaceEmployees)
    .values({ workspaceId: workspace!.id, userId: user!.id, email: user!.email, role: 'Technical' });
  const [invoice] = await database.db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.workspaceId, workspace!.id))
    .limit(1);
  return { user: user!, invoice: invoice! };
}

describe('a support thread about an invoice', () => {
  it("is refused to a Technical user and shows them no invoice's number", async () => {
    const { user, invoice } = await technicalUser();
    const technical = await signedInBrowser(app, database.db, user);
    const input = { contractUid: CAB, subject: 'Which invoice?', body: 'Tell me.', invoiceUid: invoice.id };
    const refused = await gql(technical, SEND, { input });
    expect(refused.body.errors.map((e: Json) => [e.message, e.extensions.field])).toEqual([
      [SUPPORT_MESSAGES.invoiceNotInWorkspace, 'invoiceUid'],
    ]);

    // the demo user (Administrative) may; the Technical user reads the thread without the invoice
    const demo = await signedInBrowser(app, database.db, seed.demoUser);
    const sent = (await gql(demo, SEND, { input })).body.data.sendSupportMessage;
    expect(sent).toMatchObject({ invoiceUid: invoice.id, invoiceNumber: invoice.number });
    expect((await gql(technical, READ, { uid: sent.uid })).body.data.supportThread).toEqual({
      uid: sent.uid,
      invoiceUid: null,
      invoiceNumber: null,
    });
  });
});
