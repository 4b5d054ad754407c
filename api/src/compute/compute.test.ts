import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ledgerBalances, utcDate } from '../billing/ledger.js';
import type { Database } from '../db/client.js';
import { type User, workspaces } from '../db/schema.js';
import {
  DEMO_CONTRACTS,
  DEMO_INSTANCES,
  type DemoSeed,
  OTHER_CONTRACT_UID,
  OTHER_INSTANCES,
  seedDemo,
} from '../db/seed.js';
import { tokenContext } from '../graphql/context.js';
import { PERMISSION_DENIED, SIGNATURE_EXPIRED } from '../graphql/errors.js';
import { buildSchema } from '../modules.js';
import { errorMessages, gql, WSA_TOKEN } from '../test/graphql.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { Browser, signedInBrowser } from '../test/identity.js';
import { IMAGES, LOCATIONS, OFFERS, PLANS } from './catalog.js';
import { ManualScheduler } from './scheduler.js';
import { SIMULATED_FAILURES, SIMULATOR_DURATIONS_MS } from './simulator.js';
import { computeInstances } from './tables.js';
import { COMPUTE_MESSAGES } from './validation.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// The compute api on a real app and a seeded PGlite, the simulator on a clock the test moves: every
// resolver and its authorization, the validation messages, the life cycle, the subscription and the
// charges. Nothing sleeps.

const CHARGE_TICK_MS = 60_000;
let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
let clock: ManualScheduler;

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  clock = new ManualScheduler(Date.now());
  app = buildApp(testConfig({ PORTAL_DEV_TOOLS: '1' }), {
    database,
    compute: { scheduler: clock, chargeTickMs: CHARGE_TICK_MS, random: () => 0.99 },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const signedIn = (user: User, expiresInMs?: number) => signedInBrowser(app, database.db, user, expiresInMs);

const IMAGE = /* GraphQL */ 'uid name system kind description';
const LOCATION = /* GraphQL */ 'uid city country region';
const PLAN = /* GraphQL */ 'uid name vcpus memoryMb diskGb transferTb prices { currency monthly hourly }';
const INSTANCE = /* GraphQL */ `
  uid contractUid name system image { ${IMAGE} } location { ${LOCATION} } plan { ${PLAN} }
  status pendingAction lastError allowedActions charges currency ipv4 ipv6 createdAt
`;
const INSTANCES = `query ($c: String!) { instances(contractUid: $c) { ${INSTANCE} } }`;
const ONE = `query ($c: String!, $u: String!) { instance(contractUid: $c, uid: $u) { ${INSTANCE} } }`;
const CATALOG = `query { computeCatalog { images { ${IMAGE} } locations { ${LOCATION} } plans { ${PLAN} } } }`;
const OFFER = `templateUid kind category title description image { ${IMAGE} } plan { ${PLAN} }`;
const OFFERS_QUERY = `query ($k: OfferKind) { offers(kind: $k) { ${OFFER} } }`;
const OFFER_QUERY = `query ($t: String!) { offer(templateUid: $t) { ${OFFER} } }`;
const CREATE = `mutation ($input: CreateInstanceInput!) { createInstance(input: $input) { ${INSTANCE} } }`;
const ACTION = `mutation ($c: String!, $u: String!, $a: InstanceAction!) {
  instanceAction(contractUid: $c, uid: $u, action: $a) { ${INSTANCE} } }`;
const RENAME = `mutation ($c: String!, $u: String!, $n: String!) {
  renameInstance(contractUid: $c, uid: $u, name: $n) { ${INSTANCE} } }`;

const CAB: string = DEMO_CONTRACTS.cabinet;
const PASSWORD = 'Root-Pass-2026';
const input = (overrides: Record<string, unknown> = {}) => ({
  contractUid: CAB,
  name: 'new-1',
  imageUid: 'ubuntu-24-04',
  locationUid: 'fra1',
  planUid: 's-2vcpu-4gb',
  rootPassword: PASSWORD,
  ...overrides,
});

/** The refusal and no data (`null`, or `{instance: null}` for the nullable root field). */
function expectRefused(answer: Json, message = PERMISSION_DENIED) {
  expect(errorMessages(answer)).toEqual([message]);
  expect(Object.values(answer.body.data ?? {}).every((value) => value === null)).toBe(true);
}

async function instance(browser: Browser, uid: string, contractUid: string = CAB): Promise<Json> {
  return (await gql(browser, ONE, { c: contractUid, u: uid })).body.data.instance;
}

async function liveCount(contractUid: string = CAB): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(computeInstances)
    .innerJoin(workspaces, eq(workspaces.id, computeInstances.workspaceId))
    .where(and(eq(workspaces.contractUid, contractUid), isNull(computeInstances.deletedAt)));
  return row!.n;
}

describe('catalogue and offers (no session needed)', () => {
  it('computeCatalog lists images of every OS category, locations with regions, plans with EUR and USD prices', async () => {
    const answer = await gql(new Browser(app), CATALOG);
    const { images, locations, plans } = answer.body.data.computeCatalog;
    expect(images.map((i: Json) => i.uid)).toEqual(IMAGES.map((i) => i.id));
    const systems = images.map((i: Json) => i.system).join(' | ');
    for (const category of [
      'Alpine Linux',
      'CentOS',
      'Debian',
      'openSUSE',
      'Rocky Linux',
      'Ubuntu',
      'Windows',
      'pfSense',
      'Mikrotik CHR',
      'Arista NG Firewall',
    ]) {
      expect(systems).toContain(category);
    }
    expect(images.filter((i: Json) => i.kind === 'APPLICATION').map((i: Json) => i.name)).toEqual(
      expect.arrayContaining([
        'WordPress on Ubuntu 24.04',
        'Docker on Ubuntu 24.04',
        'WireGuard VPN on Debian 12',
      ]),
    );
    expect(locations).toHaveLength(LOCATIONS.length);
    expect(locations.find((l: Json) => l.city === 'Frankfurt')).toEqual({
      uid: 'fra1',
      city: 'Frankfurt',
      country: 'DE',
      region: 'eu',
    });
    expect(locations.find((l: Json) => l.city === 'Riga').region).toBe('eu');
    expect(plans).toHaveLength(PLANS.length);
    expect(plans[0]).toMatchObject({ vcpus: 1, memoryMb: 2048 });
    expect(plans.at(-1)).toMatchObject({ vcpus: 16, memoryMb: 65536 });
    for (const plan of plans) {
      expect(plan.prices.map((p: Json) => p.currency)).toEqual(['EUR', 'USD']);
      for (const price of plan.prices) {
        expect(price.monthly).toMatch(/^\d+\.\d{2}$/);
        expect(price.hourly).toMatch(/^\d+\.\d{2}$/);
      }
    }
  });

  it('offers: all, products, solutions, one by template uid, null for an unknown one', async () => {
    const browser = new Browser(app);
    const all = (await gql(browser, OFFERS_QUERY)).body.data.offers;
    expect(all).toHaveLength(OFFERS.length);
    const products = (await gql(browser, OFFERS_QUERY, { k: 'PRODUCT' })).body.data.offers;
    expect(new Set(products.map((o: Json) => o.category))).toEqual(
      new Set(['COMPUTE', 'DATA_CENTER', 'OTHER']),
    );
    const solutions = (await gql(browser, OFFERS_QUERY, { k: 'SOLUTION' })).body.data.offers;
    expect(new Set(solutions.map((o: Json) => o.category))).toEqual(
      new Set(['WEBSITES', 'HOSTING', 'APPLICATIONS', 'VPNS']),
    );
    expect(products.length + solutions.length).toBe(all.length);
    const wordpress = (await gql(browser, OFFER_QUERY, { t: 'tpl-wordpress' })).body.data.offer;
    expect(wordpress).toMatchObject({
      templateUid: 'tpl-wordpress',
      kind: 'SOLUTION',
      category: 'WEBSITES',
      image: { uid: 'app-wordpress', kind: 'APPLICATION', system: 'Ubuntu 24.04 LTS' },
      plan: { uid: 's-2vcpu-4gb' },
    });
    expect((await gql(browser, OFFER_QUERY, { t: 'tpl-nope' })).body.data.offer).toBeNull();
  });
});

describe('instances and instance', () => {
  it("lists the workspace's instances by name with every field", async () => {
    const browser = await signedIn(seed.demoUser);
    const answer = await gql(browser, INSTANCES, { c: CAB });
    const list = answer.body.data.instances;
    expect(list.map((i: Json) => i.name)).toEqual(
      Object.values(DEMO_INSTANCES)
        .map((i) => i.name)
        .sort(),
    );
    const web1 = list.find((i: Json) => i.uid === DEMO_INSTANCES.web1.uid);
    expect(web1).toMatchObject({
      contractUid: CAB,
      name: 'web-1',
      system: 'Ubuntu 24.04 LTS',
      location: { city: 'Frankfurt', region: 'eu' },
      plan: { uid: 's-2vcpu-4gb' },
      status: 'ACTIVE',
      pendingAction: null,
      lastError: null,
      allowedActions: ['STOP', 'RESTART', 'DELETE'],
      charges: '4.12',
      currency: 'EUR',
    });
    expect(web1.ipv4).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(web1.ipv6).toMatch(/^2001:db8:/);
    expect(new Set(list.map((i: Json) => i.status))).toEqual(new Set(['ACTIVE', 'INACTIVE', 'INSTALLING']));
    expect(list.find((i: Json) => i.name === 'centos-legacy').lastError).toMatch(/^Start failed/);
  });

  it('a services-enabled workspace without instances answers an empty list (the empty state)', async () => {
    const browser = await signedIn(seed.demoUser);
    expect((await gql(browser, INSTANCES, { c: DEMO_CONTRACTS.webshop })).body.data.instances).toEqual([]);
    expect((await gql(browser, INSTANCES, { c: DEMO_CONTRACTS.partner })).body.data.instances).toEqual([]);
  });

  it('refuses with the permission message: no session, expired session, another customer, not services-enabled', async () => {
    const demo = await signedIn(seed.demoUser);
    expectRefused(await gql(new Browser(app), INSTANCES, { c: CAB }));
    expectRefused(await gql(await signedIn(seed.demoUser, -1000), INSTANCES, { c: CAB }), SIGNATURE_EXPIRED);
    expectRefused(await gql(demo, INSTANCES, { c: OTHER_CONTRACT_UID }));
    expectRefused(await gql(await signedIn(seed.otherUser), INSTANCES, { c: CAB }));
    // demo sees this workspace, but it has no service.
    expectRefused(await gql(demo, INSTANCES, { c: DEMO_CONTRACTS.legacy }));
    expectRefused(await gql(demo, INSTANCES, { c: 'no-such-contract' }));
    expectRefused(await gql(new Browser(app), ONE, { c: CAB, u: DEMO_INSTANCES.web1.uid }));
    expectRefused(await gql(demo, ONE, { c: OTHER_CONTRACT_UID, u: OTHER_INSTANCES.otherWeb.uid }));
  });

  it("instance: one of the workspace's, null for another workspace's uid or a malformed one", async () => {
    const demo = await signedIn(seed.demoUser);
    expect(await instance(demo, DEMO_INSTANCES.db1.uid)).toMatchObject({ name: 'db-1', system: 'Debian 12' });
    expect(await instance(demo, OTHER_INSTANCES.otherWeb.uid)).toBeNull();
    expect(await instance(demo, 'not-a-uuid')).toBeNull();
    const other = await signedIn(seed.otherUser);
    expect(await instance(other, OTHER_INSTANCES.otherWeb.uid, OTHER_CONTRACT_UID)).toMatchObject({
      name: 'other-web',
    });
  });
});

describe('createInstance', () => {
  it('deploys: INSTALLING at once (only DELETE allowed), ACTIVE after the deployment time', async () => {
    const demo = await signedIn(seed.demoUser);
    const answer = await gql(demo, CREATE, { input: input({ name: 'deploy-1' }) });
    const created = answer.body.data.createInstance;
    expect(created).toMatchObject({
      contractUid: CAB,
      name: 'deploy-1',
      system: 'Ubuntu 24.04 LTS',
      status: 'INSTALLING',
      pendingAction: null,
      allowedActions: ['DELETE'],
      charges: '0.00',
      currency: 'EUR',
    });
    expect(created.createdAt).toBe(new Date(clock.now()).toISOString());
    await clock.advance(SIMULATOR_DURATIONS_MS.DEPLOY - 1);
    expect((await instance(demo, created.uid)).status).toBe('INSTALLING');
    await clock.advance(1);
    expect(await instance(demo, created.uid)).toMatchObject({
      status: 'ACTIVE',
      allowedActions: ['STOP', 'RESTART', 'DELETE'],
    });
  });

  it('refuses bad input with a clear message naming the field, and creates nothing', async () => {
    const demo = await signedIn(seed.demoUser);
    const before = await liveCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, COMPUTE_MESSAGES.invalidName, 'name'],
      [{ name: '-web' }, COMPUTE_MESSAGES.invalidName, 'name'],
      [{ name: 'web-' }, COMPUTE_MESSAGES.invalidName, 'name'],
      [{ name: 'web_1' }, COMPUTE_MESSAGES.invalidName, 'name'],
      [{ name: 'web.example' }, COMPUTE_MESSAGES.invalidName, 'name'],
      [{ name: 'a'.repeat(64) }, COMPUTE_MESSAGES.invalidName, 'name'],
      [{ name: 'web-1' }, COMPUTE_MESSAGES.duplicateName('web-1'), 'name'],
      [{ name: 'WEB-1' }, COMPUTE_MESSAGES.duplicateName('WEB-1'), 'name'],
      [{ imageUid: 'beos-5' }, COMPUTE_MESSAGES.unknownImage, 'imageUid'],
      [{ locationUid: 'moon1' }, COMPUTE_MESSAGES.unknownLocation, 'locationUid'],
      [{ planUid: 'huge' }, COMPUTE_MESSAGES.unknownPlan, 'planUid'],
      [{ rootPassword: 'short1A' }, COMPUTE_MESSAGES.password, 'rootPassword'],
      [{ rootPassword: 'alllowercase1' }, COMPUTE_MESSAGES.password, 'rootPassword'],
      [{ rootPassword: 'NoDigitsHere' }, COMPUTE_MESSAGES.password, 'rootPassword'],
    ];
    for (const [overrides, message, field] of cases) {
      const answer = await gql(demo, CREATE, { input: input({ name: 'fresh-1', ...overrides }) });
      expect(errorMessages(answer), JSON.stringify(overrides)).toEqual([message]);
      expect(answer.body.errors[0].extensions.field).toBe(field);
    }
    expect(COMPUTE_MESSAGES.password).toBe(
      'Password must be 8+ characters, must contain at least 1 uppercase, 1 lowercase letter and 1 number',
    );
    expect(await liveCount()).toBe(before);
    expect(clock.pending).toBeGreaterThan(0); // only the charges ticker and earlier work
  });

  it('63 characters is a valid name; surrounding spaces are dropped', async () => {
    const demo = await signedIn(seed.demoUser);
    const long = `a${'b'.repeat(61)}c`;
    expect((await gql(demo, CREATE, { input: input({ name: long }) })).body.data.createInstance.name).toBe(
      long,
    );
    expect(
      (await gql(demo, CREATE, { input: input({ name: '  spaced-1 ' }) })).body.data.createInstance.name,
    ).toBe('spaced-1');
  });

  it('refuses with the permission message: anonymous, another customer, not services-enabled', async () => {
    const demo = await signedIn(seed.demoUser);
    const before = await liveCount(OTHER_CONTRACT_UID);
    expectRefused(await gql(new Browser(app), CREATE, { input: input() }));
    expectRefused(await gql(demo, CREATE, { input: input({ contractUid: OTHER_CONTRACT_UID }) }));
    expectRefused(await gql(demo, CREATE, { input: input({ contractUid: DEMO_CONTRACTS.legacy }) }));
    // Permission comes first: bad input in another's workspace still answers the permission error.
    expectRefused(await gql(demo, CREATE, { input: input({ contractUid: OTHER_CONTRACT_UID, name: '-' }) }));
    expect(await liveCount(OTHER_CONTRACT_UID)).toBe(before);
  });

  it('a failed deployment (dev tool) leaves the instance INACTIVE with the reason', async () => {
    const demo = await signedIn(seed.demoUser);
    const created = (await gql(demo, CREATE, { input: input({ name: 'doomed-1' }) })).body.data
      .createInstance;
    const fail = await app.inject({
      method: 'POST',
      url: `/_dev/compute/instances/${created.uid}/fail-next`,
    });
    expect(fail.json()).toEqual({ uid: created.uid, failNext: true });
    await clock.advance(SIMULATOR_DURATIONS_MS.DEPLOY);
    expect(await instance(demo, created.uid)).toMatchObject({
      status: 'INACTIVE',
      pendingAction: null,
      lastError: SIMULATED_FAILURES.DEPLOY,
      allowedActions: ['START', 'DELETE'],
    });
    // Starting it again clears the error.
    await gql(demo, ACTION, { c: CAB, u: created.uid, a: 'START' });
    expect((await instance(demo, created.uid)).lastError).toBeNull();
    await clock.advance(SIMULATOR_DURATIONS_MS.START);
    expect((await instance(demo, created.uid)).status).toBe('ACTIVE');
  });
});

describe('instanceAction', () => {
  it('STOP, START, RESTART: the pending action at once, the status when it completes', async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.web2.uid;
    const stop = (await gql(demo, ACTION, { c: CAB, u: uid, a: 'STOP' })).body.data.instanceAction;
    expect(stop).toMatchObject({ status: 'ACTIVE', pendingAction: 'STOP', allowedActions: [] });
    await clock.advance(SIMULATOR_DURATIONS_MS.STOP);
    expect(await instance(demo, uid)).toMatchObject({
      status: 'INACTIVE',
      pendingAction: null,
      allowedActions: ['START', 'DELETE'],
    });

    const start = (await gql(demo, ACTION, { c: CAB, u: uid, a: 'START' })).body.data.instanceAction;
    expect(start).toMatchObject({ status: 'INACTIVE', pendingAction: 'START', allowedActions: [] });
    await clock.advance(SIMULATOR_DURATIONS_MS.START);
    expect(await instance(demo, uid)).toMatchObject({ status: 'ACTIVE', pendingAction: null });

    const restart = (await gql(demo, ACTION, { c: CAB, u: uid, a: 'RESTART' })).body.data.instanceAction;
    expect(restart).toMatchObject({ status: 'ACTIVE', pendingAction: 'RESTART' });
    await clock.advance(SIMULATOR_DURATIONS_MS.RESTART);
    expect(await instance(demo, uid)).toMatchObject({ status: 'ACTIVE', pendingAction: null });
  });

  it('refuses an action the status does not allow, or any while one is under way, and changes nothing', async () => {
    const demo = await signedIn(seed.demoUser);
    const inactive = DEMO_INSTANCES.dbReplica.uid;
    const before = await instance(demo, inactive);
    for (const action of ['STOP', 'RESTART']) {
      const answer = await gql(demo, ACTION, { c: CAB, u: inactive, a: action });
      expect(errorMessages(answer)).toEqual([
        `${action === 'STOP' ? 'Stop' : 'Restart'} is not possible while the instance is Inactive.`,
      ]);
      expect(answer.body.errors[0].extensions.code).toBe('ACTION_NOT_ALLOWED');
    }
    expect(await instance(demo, inactive)).toEqual(before);

    await gql(demo, ACTION, { c: CAB, u: inactive, a: 'START' });
    const busy = await gql(demo, ACTION, { c: CAB, u: inactive, a: 'DELETE' });
    expect(errorMessages(busy)).toEqual([
      'Delete is not possible while the instance is starting. Wait until it has finished.',
    ]);
    await clock.advance(SIMULATOR_DURATIONS_MS.START);
    expect((await instance(demo, inactive)).status).toBe('ACTIVE');
  });

  it('a failed action (dev tool) keeps the status and says why', async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.alpineEdge.uid;
    await app.inject({ method: 'POST', url: `/_dev/compute/instances/${uid}/fail-next` });
    await gql(demo, ACTION, { c: CAB, u: uid, a: 'STOP' });
    await clock.advance(SIMULATOR_DURATIONS_MS.STOP);
    expect(await instance(demo, uid)).toMatchObject({
      status: 'ACTIVE',
      pendingAction: null,
      lastError: SIMULATED_FAILURES.STOP,
      allowedActions: ['STOP', 'RESTART', 'DELETE'],
    });
  });

  it('DELETE: pending, then gone from the list; the name is free again', async () => {
    const demo = await signedIn(seed.demoUser);
    const created = (await gql(demo, CREATE, { input: input({ name: 'short-lived' }) })).body.data
      .createInstance;
    // Allowed while installing.
    const deleting = (await gql(demo, ACTION, { c: CAB, u: created.uid, a: 'DELETE' })).body.data
      .instanceAction;
    expect(deleting).toMatchObject({ status: 'INSTALLING', pendingAction: 'DELETE', allowedActions: [] });
    await clock.advance(SIMULATOR_DURATIONS_MS.DEPLOY);
    expect(await instance(demo, created.uid)).toBeNull();
    const names = (await gql(demo, INSTANCES, { c: CAB })).body.data.instances.map((i: Json) => i.name);
    expect(names).not.toContain('short-lived');
    const again = await gql(demo, CREATE, { input: input({ name: 'short-lived' }) });
    expect(again.body.data.createInstance.name).toBe('short-lived');
  });

  it('of two concurrent actions on one instance, one wins and the other is refused', async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.vpnGw.uid;
    const answers = await Promise.all([
      gql(demo, ACTION, { c: CAB, u: uid, a: 'STOP' }),
      gql(demo, ACTION, { c: CAB, u: uid, a: 'RESTART' }),
    ]);
    const won = answers.filter((a) => a.body.data?.instanceAction);
    const refused = answers.flatMap((a) => errorMessages(a));
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(
      /is not possible while the instance is (stopping|restarting)\. Wait until it has finished\.$/,
    );
    await clock.advance(SIMULATOR_DURATIONS_MS.RESTART);
    expect((await instance(demo, uid)).pendingAction).toBeNull();
  });

  it('a driver report that no longer fits the instance (stale) changes nothing', async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.db1.uid;
    const before = await instance(demo, uid);
    await app.graphql.compute.record({ type: 'completed', uid, action: 'STOP', status: 'INACTIVE' });
    await app.graphql.compute.record({ type: 'deleted', uid });
    await app.graphql.compute.record({ type: 'completed', uid, action: 'DEPLOY', status: 'ACTIVE' });
    expect(await instance(demo, uid)).toEqual(before);
  });

  it("refuses another customer's instance, an unknown uid, and anonymous callers with the permission message", async () => {
    const demo = await signedIn(seed.demoUser);
    expectRefused(await gql(demo, ACTION, { c: CAB, u: OTHER_INSTANCES.otherWeb.uid, a: 'STOP' }));
    expectRefused(
      await gql(demo, ACTION, { c: OTHER_CONTRACT_UID, u: OTHER_INSTANCES.otherWeb.uid, a: 'STOP' }),
    );
    expectRefused(await gql(demo, ACTION, { c: CAB, u: crypto.randomUUID(), a: 'STOP' }));
    expectRefused(await gql(new Browser(app), ACTION, { c: CAB, u: DEMO_INSTANCES.web1.uid, a: 'STOP' }));
    const other = await signedIn(seed.otherUser);
    expect(await instance(other, OTHER_INSTANCES.otherWeb.uid, OTHER_CONTRACT_UID)).toMatchObject({
      status: 'ACTIVE',
      pendingAction: null,
    });
  });
});

describe('renameInstance', () => {
  it('renames; refuses an invalid or taken name, another workspace and anonymous callers', async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.fedoraLab.uid;
    const renamed = await gql(demo, RENAME, { c: CAB, u: uid, n: 'fedora-lab-2' });
    expect(renamed.body.data.renameInstance).toMatchObject({ uid, name: 'fedora-lab-2' });
    // Its own name, in another case, is not a duplicate of itself.
    expect(
      (await gql(demo, RENAME, { c: CAB, u: uid, n: 'Fedora-Lab-2' })).body.data.renameInstance.name,
    ).toBe('Fedora-Lab-2');
    expect(errorMessages(await gql(demo, RENAME, { c: CAB, u: uid, n: 'db-1' }))).toEqual([
      COMPUTE_MESSAGES.duplicateName('db-1'),
    ]);
    expect(errorMessages(await gql(demo, RENAME, { c: CAB, u: uid, n: 'no way' }))).toEqual([
      COMPUTE_MESSAGES.invalidName,
    ]);
    expectRefused(await gql(demo, RENAME, { c: CAB, u: OTHER_INSTANCES.otherDb.uid, n: 'mine' }));
    expectRefused(await gql(new Browser(app), RENAME, { c: CAB, u: uid, n: 'x1' }));
    expect((await instance(demo, uid)).name).toBe('Fedora-Lab-2');
    await gql(demo, RENAME, { c: CAB, u: uid, n: DEMO_INSTANCES.fedoraLab.name });
  });
});

describe('instanceChanged', () => {
  const CHANGED = parse(`subscription ($c: String!) {
    instanceChanged(contractUid: $c) { deleted instance { uid name status pendingAction allowedActions charges } }
  }`);
  const schema = buildSchema();
  const contextOf = async (user: User) => {
    const browser = await signedIn(user);
    const claims = await app.graphql.wsaTokens.verify((await gql(browser, WSA_TOKEN)).body.data.getWSAToken);
    return { browser, context: tokenContext(app.graphql, claims, '127.0.0.1') };
  };

  /**
   * The first event (from `pending` on, then the stream) for which `wanted` holds: charges ticks
   * publish other instances (and this one, unchanged) in between.
   */
  async function eventWhere(
    stream: AsyncGenerator<Json>,
    wanted: (change: Json) => boolean,
    pending: Promise<IteratorResult<Json>> = stream.next(),
  ): Promise<Json> {
    let next = pending;
    for (let seen = 0; seen < 100; seen += 1) {
      const change = (await next).value.data.instanceChanged;
      if (wanted(change)) return change;
      next = stream.next();
    }
    throw new Error('no such event');
  }

  it("reports an action's steps and a deletion to a subscriber of the workspace", async () => {
    const { browser: demo, context } = await contextOf(seed.demoUser);
    const stream = (await subscribe({
      schema,
      document: CHANGED,
      variableValues: { c: CAB },
      contextValue: context,
    })) as AsyncGenerator<Json>;
    expect(Symbol.asyncIterator in stream).toBe(true);
    const uid = DEMO_INSTANCES.chrRouter.uid;
    const of = (wanted: (instance: Json) => boolean) => (change: Json) =>
      change.instance.uid === uid && wanted(change.instance);
    try {
      // The pub/sub listens from the first `next()` on.
      const first = stream.next();
      await gql(demo, ACTION, { c: CAB, u: uid, a: 'START' });
      expect(
        await eventWhere(
          stream,
          of(() => true),
          first,
        ),
      ).toEqual({
        deleted: false,
        instance: {
          uid,
          name: 'chr-router',
          status: 'INACTIVE',
          pendingAction: 'START',
          allowedActions: [],
          charges: '0.48',
        },
      });
      await clock.advance(SIMULATOR_DURATIONS_MS.START);
      expect(
        await eventWhere(
          stream,
          of((i) => i.status === 'ACTIVE'),
        ),
      ).toMatchObject({
        deleted: false,
        instance: { pendingAction: null, allowedActions: ['STOP', 'RESTART', 'DELETE'] },
      });

      await gql(demo, ACTION, { c: CAB, u: uid, a: 'DELETE' });
      expect(
        await eventWhere(
          stream,
          of((i) => i.pendingAction === 'DELETE'),
        ),
      ).toMatchObject({
        deleted: false,
        instance: { status: 'ACTIVE', allowedActions: [] },
      });
      await clock.advance(SIMULATOR_DURATIONS_MS.DELETE);
      expect(
        await eventWhere(stream, (change) => change.instance.uid === uid && change.deleted),
      ).toMatchObject({
        deleted: true,
        instance: { uid, name: 'chr-router' },
      });

      const created = (await gql(demo, CREATE, { input: input({ name: 'watched-1' }) })).body.data
        .createInstance;
      expect(await eventWhere(stream, (change) => change.instance.uid === created.uid)).toMatchObject({
        deleted: false,
        instance: { name: 'watched-1', status: 'INSTALLING' },
      });
    } finally {
      await stream.return(undefined);
    }
  });

  it("refuses to subscribe to another customer's workspace, or one without services", async () => {
    const { context } = await contextOf(seed.otherUser);
    const refused = (await subscribe({
      schema,
      document: CHANGED,
      variableValues: { c: CAB },
      contextValue: context,
    })) as Json;
    expect(refused.errors.map((e: Json) => e.message)).toEqual([PERMISSION_DENIED]);
    const { context: demo } = await contextOf(seed.demoUser);
    const partner = (await subscribe({
      schema,
      document: CHANGED,
      variableValues: { c: DEMO_CONTRACTS.legacy },
      contextValue: demo,
    })) as Json;
    expect(partner.errors.map((e: Json) => e.message)).toEqual([PERMISSION_DENIED]);
  });
});

describe('charges', () => {
  // what the ledger says (billing/ledger.ts): the charges are entries of its unbilled account
  const sinceLastInvoice = async (contractUid: string) => {
    const [row] = await database.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.contractUid, contractUid));
    return (await ledgerBalances(database.db, [row!.id], utcDate(Date.now()))).get(row!.id)!.sinceLastInvoice;
  };

  it("accrue the plan's hourly price while an instance exists, into the workspace's sinceLastInvoice, published", async () => {
    const other = await signedIn(seed.otherUser);
    // The other customer's workspace: two instances, 0.01 and 0.02 EUR an hour; nothing else moves there.
    await clock.advance(CHARGE_TICK_MS); // a tick brings every instance up to now
    const before = await sinceLastInvoice(OTHER_CONTRACT_UID);
    const web = await instance(other, OTHER_INSTANCES.otherWeb.uid, OTHER_CONTRACT_UID);
    const db = await instance(other, OTHER_INSTANCES.otherDb.uid, OTHER_CONTRACT_UID);

    const claims = await app.graphql.wsaTokens.verify((await gql(other, WSA_TOKEN)).body.data.getWSAToken);
    const context = tokenContext(app.graphql, claims, '127.0.0.1');
    const workspaceEvents = (await subscribe({
      schema: buildSchema(),
      document: parse(
        'subscription ($c: String!) { workspaceChanged(contractUid: $c) { balance { sinceLastInvoice } } }',
      ),
      variableValues: { c: OTHER_CONTRACT_UID },
      contextValue: context,
    })) as AsyncGenerator<Json>;

    // Half an hour: 0.005 and 0.01 accrued, one whole cent moves.
    const firstEvent = workspaceEvents.next();
    await clock.advance(30 * 60_000);
    expect((await instance(other, OTHER_INSTANCES.otherWeb.uid, OTHER_CONTRACT_UID)).charges).toBe(
      web.charges,
    );
    const dbHalf = await instance(other, OTHER_INSTANCES.otherDb.uid, OTHER_CONTRACT_UID);
    expect(Number(dbHalf.charges) - Number(db.charges)).toBeCloseTo(0.01, 5);
    const first = (await firstEvent).value.data.workspaceChanged.balance.sinceLastInvoice;
    expect(Number(first) - Number(before)).toBeCloseTo(0.01, 5);

    // Another half hour: a cent for web, another for db.
    await clock.advance(30 * 60_000);
    expect(
      Number((await instance(other, OTHER_INSTANCES.otherWeb.uid, OTHER_CONTRACT_UID)).charges),
    ).toBeCloseTo(Number(web.charges) + 0.01, 5);
    expect(
      Number((await instance(other, OTHER_INSTANCES.otherDb.uid, OTHER_CONTRACT_UID)).charges),
    ).toBeCloseTo(Number(db.charges) + 0.02, 5);
    expect(Number(await sinceLastInvoice(OTHER_CONTRACT_UID)) - Number(before)).toBeCloseTo(0.03, 5);
    await workspaceEvents.return(undefined);
  });

  it('a deleted instance is charged up to its deletion, then no more', async () => {
    const other = await signedIn(seed.otherUser);
    const uid = OTHER_INSTANCES.otherDb.uid;
    const stored = async () => {
      const [row] = await database.db.select().from(computeInstances).where(eq(computeInstances.id, uid));
      return row!;
    };
    const before = await stored();
    await clock.advance(20 * 60_000);
    await gql(other, ACTION, { c: OTHER_CONTRACT_UID, u: uid, a: 'DELETE' });
    await clock.advance(SIMULATOR_DURATIONS_MS.DELETE);
    const deleted = await stored();
    expect(deleted.deletedAt?.getTime()).toBe(clock.now());
    expect(deleted.chargedUntil.getTime()).toBe(clock.now());
    // 0.02 an hour from the last accrual before to the deletion (20 minutes and 2 seconds later, and more).
    const hours = (clock.now() - before.chargedUntil.getTime()) / 3600_000;
    expect(hours).toBeGreaterThan((20 * 60 + 2) / 3600 - 1e-9);
    expect(Number(deleted.charges) - Number(before.charges)).toBeCloseTo(0.02 * hours, 8);
    await clock.advance(3600_000);
    const later = await stored();
    expect(later.charges).toBe(deleted.charges);
    expect(later.chargesBilled).toBe(deleted.chargesBilled);
  });

  it('the dev tick endpoint accrues at once', async () => {
    const answer = await app.inject({ method: 'POST', url: '/_dev/compute/charges/tick' });
    expect(answer.json()).toEqual({ ok: true });
  });
});

describe('start-up and dev tools', () => {
  it('the simulator resumed the seeded installations: they became ACTIVE', async () => {
    const demo = await signedIn(seed.demoUser);
    expect((await instance(demo, DEMO_INSTANCES.gitlab.uid)).status).toBe('ACTIVE');
    expect((await instance(demo, DEMO_INSTANCES.ngfw1.uid)).status).toBe('ACTIVE');
  });

  it('fail-next answers 404 for an unknown or deleted instance; no compute dev tools without PORTAL_DEV_TOOLS=1', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/_dev/compute/instances/nope/fail-next' })).statusCode,
    ).toBe(404);
    const unknown = await app.inject({
      method: 'POST',
      url: `/_dev/compute/instances/${crypto.randomUUID()}/fail-next`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/_dev/compute/instances/${DEMO_INSTANCES.chrRouter.uid}/fail-next`,
        })
      ).statusCode,
    ).toBe(404);

    const plainClock = new ManualScheduler();
    const plain = buildApp(testConfig(), { database, compute: { scheduler: plainClock } });
    try {
      const answer = await plain.inject({
        method: 'POST',
        url: `/_dev/compute/instances/${DEMO_INSTANCES.web1.uid}/fail-next`,
      });
      expect(answer.statusCode).toBe(404);
      expect((await plain.inject({ method: 'POST', url: '/_dev/compute/charges/tick' })).statusCode).toBe(
        404,
      );
      expect(plainClock.pending).toBe(3); // the charges ticker, the metric sampler, the network's (traffic) ticker
    } finally {
      await plain.close();
    }
    // Closing the app stops the simulator, the charges and the sampler: nothing is left to run.
    expect(plainClock.pending).toBe(0);
  });
});
