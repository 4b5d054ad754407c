import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { invoices, workspaces } from '../db/schema.js';
import { DEMO_CONTRACTS, type DemoSeed, OTHER_CONTRACT_UID, seedDemo } from '../db/seed.js';
import { PERMISSION_DENIED } from '../graphql/errors.js';
import { gql } from '../test/graphql.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { signedInBrowser } from '../test/identity.js';
import { DEFAULT_INSTANCE_LIMIT, INSTANCE_LIMIT_REACHED, INVOICE_OVERDUE, QUOTA_MESSAGES } from './quota.js';
import { ManualScheduler } from './scheduler.js';
import { DEMO_CABINET_INSTANCE_LIMIT } from './seed.js';
import { computeQuotas } from './tables.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// The account limits of a deployment: an instance limit per workspace (raised on request) and none
// while an invoice is overdue. Partner Network starts with no instance and an open invoice.

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

const PARTNER: string = DEMO_CONTRACTS.partner;
const QUOTA = 'query ($c: String!) { instanceQuota(contractUid: $c) { used limit invoiceOverdue } }';
const CREATE = 'mutation ($input: CreateInstanceInput!) { createInstance(input: $input) { uid name } }';
const deploy = (name: string) => ({
  input: {
    contractUid: PARTNER,
    name,
    imageUid: 'debian-12',
    locationUid: 'fra1',
    planUid: 'd-16vcpu-64gb',
    rootPassword: 'Root-Pass-2026',
  },
});
const refusal = (answer: Json) =>
  (answer.body.errors ?? []).map((e: Json) => ({ message: e.message, code: e.extensions?.code }));

async function workspaceId(contractUid: string): Promise<string> {
  const [row] = await database.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.contractUid, contractUid));
  return row!.id;
}

describe('instance limit', () => {
  it('tells New instance what is used of the limit; the permission error as instances', async () => {
    const demo = await signedInBrowser(app, database.db, seed.demoUser);
    expect((await gql(demo, QUOTA, { c: DEMO_CONTRACTS.cabinet })).body.data.instanceQuota).toEqual({
      used: 14,
      limit: DEMO_CABINET_INSTANCE_LIMIT,
      invoiceOverdue: false,
    });
    const answer = await gql(demo, QUOTA, { c: OTHER_CONTRACT_UID });
    expect(answer.body.errors.map((e: Json) => e.message)).toEqual([PERMISSION_DENIED]);
  });

  it('deploys up to the limit, even all at once, and refuses the rest saying to contact support', async () => {
    const other = await signedInBrowser(app, database.db, seed.otherUser);
    expect((await gql(other, QUOTA, { c: PARTNER })).body.data.instanceQuota).toEqual({
      used: 0,
      limit: DEFAULT_INSTANCE_LIMIT,
      invoiceOverdue: false,
    });
    const answers = await Promise.all(
      Array.from({ length: DEFAULT_INSTANCE_LIMIT + 3 }, (_, i) => gql(other, CREATE, deploy(`burst-${i}`))),
    );
    const created = answers.filter((answer) => answer.body.data?.createInstance);
    expect(created).toHaveLength(DEFAULT_INSTANCE_LIMIT);
    const refused = answers.filter((answer) => !answer.body.data?.createInstance);
    expect(refused.map(refusal)).toEqual(
      Array.from({ length: 3 }, () => [
        { message: QUOTA_MESSAGES.instanceLimit(DEFAULT_INSTANCE_LIMIT), code: INSTANCE_LIMIT_REACHED },
      ]),
    );
    expect(QUOTA_MESSAGES.instanceLimit(10)).toBe(
      'This workspace has reached its limit of 10 instances. Delete an instance you no longer need, or contact support to raise the limit.',
    );
    expect((await gql(other, QUOTA, { c: PARTNER })).body.data.instanceQuota).toMatchObject({
      used: DEFAULT_INSTANCE_LIMIT,
      limit: DEFAULT_INSTANCE_LIMIT,
    });

    // the provider raises it on request
    await database.db
      .insert(computeQuotas)
      .values({ workspaceId: await workspaceId(PARTNER), instanceLimit: DEFAULT_INSTANCE_LIMIT + 1 });
    expect((await gql(other, CREATE, deploy('raised'))).body.data.createInstance.name).toBe('raised');
    expect(refusal(await gql(other, CREATE, deploy('over')))).toEqual([
      { message: QUOTA_MESSAGES.instanceLimit(DEFAULT_INSTANCE_LIMIT + 1), code: INSTANCE_LIMIT_REACHED },
    ]);
  });
});

describe('overdue invoice', () => {
  it('refuses to deploy while an invoice is overdue, saying to pay it', async () => {
    const other = await signedInBrowser(app, database.db, seed.otherUser);
    const id = await workspaceId(PARTNER);
    await database.db
      .insert(computeQuotas)
      .values({ workspaceId: id, instanceLimit: 100 })
      .onConflictDoUpdate({ target: computeQuotas.workspaceId, set: { instanceLimit: 100 } });
    // its open invoice falls due yesterday
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await database.db.update(invoices).set({ dateDue: yesterday }).where(eq(invoices.workspaceId, id));
    expect((await gql(other, QUOTA, { c: PARTNER })).body.data.instanceQuota.invoiceOverdue).toBe(true);
    expect(refusal(await gql(other, CREATE, deploy('while-overdue')))).toEqual([
      { message: QUOTA_MESSAGES.invoiceOverdue, code: INVOICE_OVERDUE },
    ]);
    expect(QUOTA_MESSAGES.invoiceOverdue).toMatch(/Pay the overdue invoice/);
  });
});
