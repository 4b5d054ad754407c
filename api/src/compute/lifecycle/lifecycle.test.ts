import type { FastifyInstance } from 'fastify';
import { parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import type { User } from '../../db/schema.js';
import {
  DEMO_CONTRACTS,
  DEMO_INSTANCES,
  type DemoSeed,
  OTHER_CONTRACT_UID,
  OTHER_INSTANCES,
  seedDemo,
} from '../../db/seed.js';
import { tokenContext } from '../../graphql/context.js';
import { PERMISSION_DENIED } from '../../graphql/errors.js';
import { buildSchema } from '../../modules.js';
import { SSH_KEY_MESSAGES } from '../../ssh-keys/parse.js';
import { DEMO_SSH_KEYS } from '../../ssh-keys/seed.js';
import { errorMessages, gql, WSA_TOKEN } from '../../test/graphql.js';
import { openTestDatabase, testConfig } from '../../test/helpers.js';
import { Browser, signedInBrowser } from '../../test/identity.js';
import { ManualScheduler } from '../scheduler.js';
import { SIMULATED_FAILURES, SIMULATOR_DURATIONS_MS } from '../simulator.js';
import { DEMO_INCIDENT_TITLE, DEMO_MAINTENANCE_TITLE, DEMO_STATUS } from '../status/seed.js';
import { COMPUTE_MESSAGES } from '../validation.js';
import { LIFECYCLE_MESSAGES } from './credentials.js';
import { RESIZE_MESSAGES } from './operations.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// SSH keys, resize and rebuild, and the Status page on a real app and a seeded PGlite; the simulator
// runs on a clock the test moves. Nothing sleeps.

const ED25519_NEW =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHqRJ6pU9mSuRmYw0oQmMnyT1vHk3dw+u5mJ8z4mPpQq ci@build';
const ECDSA =
  'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBCslw79dgcKf9l4tH3DBG8959kX3IpO7DMgv6dqqwXS3l9AaWo01598ULjNaFJe+9u5LKhUZ2//bYl7PLPFANfc= ec';
const RSA_1024 =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDRyyoPGKv/B8Ukn3PLo0CYfb4VBkslCZUr74ebHvgBQoE+AWNb3hXmlh/IJAwTXuamE1vPRz2hVzZN4v0ONpbWri+eDiqduU1sXV1VtqVqwIw3J17mwMJddFdbXNK0AfW72tZZIvF7Vzv6S7z8Ijq62K4eNGPg3cVL5Sw3ZeI3SQ== old';

const CAB: string = DEMO_CONTRACTS.cabinet;
const PASSWORD = 'Root-Pass-2026';
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
    compute: { scheduler: clock, chargeTickMs: 60_000, random: () => 0.99 },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const signedIn = (user: User) => signedInBrowser(app, database.db, user);

const KEY = 'uid name fingerprint type bits createdAt';
const KEYS = `query { sshKeys { ${KEY} } }`;
const ADD = `mutation ($n: String!, $k: String!) { addSshKey(name: $n, publicKey: $k) { ${KEY} } }`;
const DELETE = 'mutation ($u: String!) { deleteSshKey(uid: $u) }';
const INSTANCE = `uid name status pendingAction lastError allowedActions charges image { uid } plan { uid }
  resizingTo { uid } sshKeys { name fingerprint type }`;
const CREATE = `mutation ($input: CreateInstanceInput!) { createInstance(input: $input) { ${INSTANCE} } }`;
const ONE = `query ($c: String!, $u: String!) { instance(contractUid: $c, uid: $u) { ${INSTANCE} } }`;
const ACTION = `mutation ($c: String!, $u: String!, $a: InstanceAction!) {
  instanceAction(contractUid: $c, uid: $u, action: $a) { ${INSTANCE} } }`;
const RESIZE = `mutation ($c: String!, $u: String!, $p: String!) {
  resizeInstance(contractUid: $c, uid: $u, planUid: $p) { ${INSTANCE} } }`;
const REBUILD = `mutation ($input: RebuildInstanceInput!) { rebuildInstance(input: $input) { ${INSTANCE} } }`;
const STATUS = `query ($c: String!) { computeStatus(contractUid: $c) {
  overall
  locations { location { uid } state components { component state } }
  incidents { uid kind title impact status open location { uid city } components startsAt endsAt resolvedAt
    updates { status message createdAt } affectedInstances { name } } } }`;

/** The refusal, its field, and no data. */
function expectRefused(answer: Json, message: string, field?: string) {
  expect(errorMessages(answer)).toEqual([message]);
  if (field) expect(answer.body.errors[0].extensions.field).toBe(field);
  expect(Object.values(answer.body.data ?? {}).every((value) => value === null)).toBe(true);
}

const instanceInput = (overrides: Record<string, unknown> = {}) => ({
  contractUid: CAB,
  name: 'keys-1',
  imageUid: 'ubuntu-24-04',
  locationUid: 'fra1',
  planUid: 's-1vcpu-2gb',
  rootPassword: PASSWORD,
  ...overrides,
});

async function instance(browser: Browser, uid: string): Promise<Json> {
  return (await gql(browser, ONE, { c: CAB, u: uid })).body.data.instance;
}

describe('SSH keys', () => {
  it("lists the caller's keys, newest first, with SHA256 fingerprint, type and size", async () => {
    const answer = await gql(await signedIn(seed.demoUser), KEYS);
    expect(answer.body.data.sshKeys).toEqual([
      {
        uid: DEMO_SSH_KEYS.workstation.uid,
        name: 'Office workstation',
        fingerprint: DEMO_SSH_KEYS.workstation.fingerprint,
        type: 'rsa',
        bits: 3072,
        createdAt: '2026-01-19T16:40:00.000Z',
      },
      {
        uid: DEMO_SSH_KEYS.laptop.uid,
        name: 'Laptop',
        fingerprint: 'SHA256:zlC7BP2dwLe142OiC7Ty3yADsgtNa6hhKK6IAje60ro',
        type: 'ed25519',
        bits: 256,
        createdAt: '2025-08-04T09:12:00.000Z',
      },
    ]);
    expect((await gql(await signedIn(seed.otherUser), KEYS)).body.data.sshKeys).toEqual([]);
    expectRefused(await gql(new Browser(app), KEYS), PERMISSION_DENIED);
  });

  it('adds ecdsa and ed25519 keys; refuses bad ones with a message on the field, storing nothing', async () => {
    const other = await signedIn(seed.otherUser);
    const cases: [string, string, string, string][] = [
      ['  ', ECDSA, SSH_KEY_MESSAGES.nameRequired, 'name'],
      ['x'.repeat(65), ECDSA, SSH_KEY_MESSAGES.nameTooLong, 'name'],
      ['junk', 'hello world', SSH_KEY_MESSAGES.unreadable, 'publicKey'],
      ['old', RSA_1024, SSH_KEY_MESSAGES.weakRsa(1024), 'publicKey'],
      [
        'private',
        '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----',
        SSH_KEY_MESSAGES.privateKey,
        'publicKey',
      ],
    ];
    for (const [name, key, message, field] of cases) {
      expectRefused(await gql(other, ADD, { n: name, k: key }), message, field);
    }
    expect((await gql(other, KEYS)).body.data.sshKeys).toEqual([]);

    const ec = (await gql(other, ADD, { n: ' Build server ', k: ECDSA })).body.data.addSshKey;
    expect(ec).toMatchObject({ name: 'Build server', type: 'ecdsa', bits: 256 });
    expect(ec.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expectRefused(
      await gql(other, ADD, { n: 'again', k: ECDSA.replace(' ec', ' another-comment') }),
      SSH_KEY_MESSAGES.duplicate('Build server'),
      'publicKey',
    );
    // The same key may belong to another user.
    const demo = await signedIn(seed.demoUser);
    const mine = (await gql(demo, ADD, { n: 'CI', k: ED25519_NEW })).body.data.addSshKey;
    expect(mine).toMatchObject({ name: 'CI', type: 'ed25519', bits: 256 });
    expect((await gql(demo, KEYS)).body.data.sshKeys.map((k: Json) => k.name)).toEqual([
      'CI',
      'Office workstation',
      'Laptop',
    ]);
    // Deleting: only one's own.
    expectRefused(await gql(other, DELETE, { u: mine.uid }), PERMISSION_DENIED);
    expect((await gql(demo, DELETE, { u: mine.uid })).body.data.deleteSshKey).toBe(mine.uid);
    expect((await gql(other, DELETE, { u: ec.uid })).body.data.deleteSshKey).toBe(ec.uid);
    expectRefused(await gql(new Browser(app), ADD, { n: 'x', k: ECDSA }), PERMISSION_DENIED);
  });
});

describe('New instance with SSH keys', () => {
  it('deploys with keys only; the instance remembers them, also after the key is deleted', async () => {
    const demo = await signedIn(seed.demoUser);
    const extra = (await gql(demo, ADD, { n: 'Temporary', k: ED25519_NEW })).body.data.addSshKey;
    const created = (
      await gql(demo, CREATE, {
        input: instanceInput({ rootPassword: null, sshKeyUids: [DEMO_SSH_KEYS.laptop.uid, extra.uid] }),
      })
    ).body.data.createInstance;
    expect(created).toMatchObject({ name: 'keys-1', status: 'INSTALLING' });
    expect(created.sshKeys.map((k: Json) => k.name)).toEqual(['Laptop', 'Temporary']);
    await gql(demo, DELETE, { u: extra.uid });
    expect((await instance(demo, created.uid)).sshKeys).toEqual([
      { name: 'Laptop', fingerprint: DEMO_SSH_KEYS.laptop.fingerprint, type: 'ed25519' },
      { name: 'Temporary', fingerprint: extra.fingerprint, type: 'ed25519' },
    ]);
    // Seeded: web-1 was deployed with the laptop key.
    expect((await instance(demo, DEMO_INSTANCES.web1.uid)).sshKeys.map((k: Json) => k.name)).toEqual([
      'Laptop',
    ]);
  });

  it('needs a root password or a key; keys must be the caller’s; a password is still checked', async () => {
    const demo = await signedIn(seed.demoUser);
    const other = await signedIn(seed.otherUser);
    const otherKey = (await gql(other, ADD, { n: 'Theirs', k: ED25519_NEW })).body.data.addSshKey;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rootPassword: null }, LIFECYCLE_MESSAGES.passwordOrKey, 'rootPassword'],
      [{ rootPassword: '', sshKeyUids: [] }, LIFECYCLE_MESSAGES.passwordOrKey, 'rootPassword'],
      [{ rootPassword: null, sshKeyUids: [otherKey.uid] }, LIFECYCLE_MESSAGES.unknownSshKey, 'sshKeyUids'],
      [{ sshKeyUids: ['not-a-uuid'] }, LIFECYCLE_MESSAGES.unknownSshKey, 'sshKeyUids'],
      [
        { rootPassword: 'weak', sshKeyUids: [DEMO_SSH_KEYS.laptop.uid] },
        COMPUTE_MESSAGES.password,
        'rootPassword',
      ],
    ];
    for (const [overrides, message, field] of cases) {
      expectRefused(
        await gql(demo, CREATE, { input: instanceInput({ name: 'refused-1', ...overrides }) }),
        message,
        field,
      );
    }
    const names = (await gql(demo, `query { instances(contractUid: "${CAB}") { name } }`)).body.data
      .instances;
    expect(names.map((i: Json) => i.name)).not.toContain('refused-1');
  });
});

describe('resize', () => {
  it('only an off instance, only to a larger plan; pending until the driver reports; charges follow the new plan', async () => {
    const demo = await signedIn(seed.demoUser);
    const created = (await gql(demo, CREATE, { input: instanceInput({ name: 'grow-1' }) })).body.data
      .createInstance;
    const uid = created.uid;
    await clock.advance(SIMULATOR_DURATIONS_MS.DEPLOY);
    expect((await instance(demo, uid)).status).toBe('ACTIVE');
    expectRefused(await gql(demo, RESIZE, { c: CAB, u: uid, p: 's-2vcpu-4gb' }), RESIZE_MESSAGES.notOff);

    await gql(demo, ACTION, { c: CAB, u: uid, a: 'STOP' });
    await clock.advance(SIMULATOR_DURATIONS_MS.STOP);
    expect((await instance(demo, uid)).status).toBe('INACTIVE');
    const refusals: [string, string][] = [
      ['no-such-plan', COMPUTE_MESSAGES.unknownPlan],
      ['s-1vcpu-2gb', RESIZE_MESSAGES.samePlan],
    ];
    for (const [plan, message] of refusals) {
      expectRefused(await gql(demo, RESIZE, { c: CAB, u: uid, p: plan }), message, 'planUid');
    }

    const resizing = (await gql(demo, RESIZE, { c: CAB, u: uid, p: 's-4vcpu-8gb' })).body.data.resizeInstance;
    expect(resizing).toMatchObject({
      status: 'INACTIVE',
      plan: { uid: 's-1vcpu-2gb' },
      resizingTo: { uid: 's-4vcpu-8gb' },
      allowedActions: [],
    });
    expectRefused(
      await gql(demo, ACTION, { c: CAB, u: uid, a: 'START' }),
      'Start is not possible while the instance is being resized. Wait until it has finished.',
    );
    expectRefused(await gql(demo, RESIZE, { c: CAB, u: uid, p: 'd-4vcpu-16gb' }), RESIZE_MESSAGES.busy);
    await clock.advance(SIMULATOR_DURATIONS_MS.RESIZE);
    const resized = await instance(demo, uid);
    expect(resized).toMatchObject({
      status: 'INACTIVE',
      plan: { uid: 's-4vcpu-8gb' },
      resizingTo: null,
      allowedActions: ['START', 'DELETE'],
      lastError: null,
    });
    // A smaller plan now: the disk cannot shrink.
    expectRefused(
      await gql(demo, RESIZE, { c: CAB, u: uid, p: 's-2vcpu-4gb' }),
      RESIZE_MESSAGES.smaller('disk'),
      'planUid',
    );
    // An hour and a minute on the new plan (EUR 0.03 an hour; the seconds before on the old one are below a cent).
    await clock.advance(3600_000 + 60_000); // and the next charges tick
    expect((await instance(demo, uid)).charges).toBe('0.03');
  });

  it('a failed resize keeps the old plan and says why', async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.suseBuild.uid; // INACTIVE, s-4vcpu-8gb
    await demo.call('POST', `/_dev/compute/instances/${uid}/fail-next`);
    await gql(demo, RESIZE, { c: CAB, u: uid, p: 'd-8vcpu-32gb' });
    await clock.advance(SIMULATOR_DURATIONS_MS.RESIZE);
    expect(await instance(demo, uid)).toMatchObject({
      status: 'INACTIVE',
      plan: { uid: 's-4vcpu-8gb' },
      resizingTo: null,
      lastError: SIMULATED_FAILURES.RESIZE,
    });
  });
});

describe('rebuild', () => {
  it('reinstalls with another image and new credentials: INSTALLING at once, ACTIVE when the driver reports', async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.fedoraLab.uid;
    const base = { contractUid: CAB, uid, imageUid: 'debian-12' };
    expectRefused(
      await gql(demo, REBUILD, { input: { ...base, imageUid: 'no-such-image', rootPassword: PASSWORD } }),
      COMPUTE_MESSAGES.unknownImage,
      'imageUid',
    );
    expectRefused(
      await gql(demo, REBUILD, { input: base }),
      LIFECYCLE_MESSAGES.passwordOrKey,
      'rootPassword',
    );
    const rebuilt = (
      await gql(demo, REBUILD, { input: { ...base, sshKeyUids: [DEMO_SSH_KEYS.workstation.uid] } })
    ).body.data.rebuildInstance;
    expect(rebuilt).toMatchObject({
      status: 'INSTALLING',
      image: { uid: 'debian-12' },
      allowedActions: ['DELETE'],
      sshKeys: [{ name: 'Office workstation', type: 'rsa' }],
    });
    expectRefused(
      await gql(demo, REBUILD, { input: { ...base, rootPassword: PASSWORD } }),
      RESIZE_MESSAGES.rebuildStatus('Installing'),
    );
    await clock.advance(SIMULATOR_DURATIONS_MS.DEPLOY);
    expect(await instance(demo, uid)).toMatchObject({ status: 'ACTIVE', image: { uid: 'debian-12' } });
  });

  it("another customer's instance: the permission error, nothing changes", async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = OTHER_INSTANCES.otherDb.uid;
    for (const c of [CAB, OTHER_CONTRACT_UID]) {
      expectRefused(await gql(demo, RESIZE, { c, u: uid, p: 'd-16vcpu-64gb' }), PERMISSION_DENIED);
      expectRefused(
        await gql(demo, REBUILD, {
          input: { contractUid: c, uid, imageUid: 'debian-12', rootPassword: PASSWORD },
        }),
        PERMISSION_DENIED,
      );
    }
    expectRefused(
      await gql(new Browser(app), RESIZE, { c: CAB, u: DEMO_INSTANCES.dbReplica.uid, p: 'd-16vcpu-64gb' }),
      PERMISSION_DENIED,
    );
    const other = await signedIn(seed.otherUser);
    const theirs = (await gql(other, ONE, { c: OTHER_CONTRACT_UID, u: uid })).body.data.instance;
    expect(theirs).toMatchObject({ status: 'INACTIVE', plan: { uid: 's-2vcpu-4gb' }, resizingTo: null });
  });
});

describe('Status', () => {
  it('shows locations and components, the open incident with the affected instances, the maintenance and the resolved one', async () => {
    const demo = await signedIn(seed.demoUser);
    const status = (await gql(demo, STATUS, { c: CAB })).body.data.computeStatus;
    expect(status.overall).toBe('DEGRADED');
    const fra = status.locations.find((l: Json) => l.location.uid === 'fra1');
    expect(fra.state).toBe('DEGRADED');
    expect(fra.components).toEqual([
      { component: 'COMPUTE', state: 'DEGRADED' },
      { component: 'BLOCK_STORAGE', state: 'OPERATIONAL' },
      { component: 'NETWORKING', state: 'DEGRADED' },
      { component: 'API', state: 'OPERATIONAL' },
      { component: 'PORTAL', state: 'OPERATIONAL' },
    ]);
    expect(
      status.locations.filter((l: Json) => l.state !== 'OPERATIONAL').map((l: Json) => l.location.uid),
    ).toEqual(['fra1']);
    expect(status.incidents.map((i: Json) => [i.title, i.status, i.open])).toEqual([
      [DEMO_INCIDENT_TITLE, 'IDENTIFIED', true],
      [DEMO_MAINTENANCE_TITLE, 'SCHEDULED', true],
      ['Elevated API error rates', 'RESOLVED', false],
    ]);
    const [incident, maintenance, resolved] = status.incidents;
    expect(incident.updates.map((u: Json) => u.status)).toEqual(['IDENTIFIED', 'INVESTIGATING']);
    expect(incident.affectedInstances.map((i: Json) => i.name)).toEqual(
      expect.arrayContaining(['web-1', 'db-1', 'fw-edge', 'centos-legacy']),
    );
    expect(incident.affectedInstances.map((i: Json) => i.name)).not.toContain('web-2');
    expect(maintenance.affectedInstances.map((i: Json) => i.name)).toContain('web-2');
    expect(maintenance.endsAt).not.toBeNull();
    expect(resolved.affectedInstances).toEqual([]);
    // Another customer has no instance there: the incident is listed, nothing of theirs is marked.
    const partner = (await gql(demo, STATUS, { c: DEMO_CONTRACTS.partner })).body.data.computeStatus;
    expect(partner.incidents[0].affectedInstances).toEqual([]);
  });

  it('refuses without a session, another customer’s workspace or one without services', async () => {
    const demo = await signedIn(seed.demoUser);
    expectRefused(await gql(new Browser(app), STATUS, { c: CAB }), PERMISSION_DENIED);
    expectRefused(await gql(demo, STATUS, { c: OTHER_CONTRACT_UID }), PERMISSION_DENIED);
    expectRefused(await gql(demo, STATUS, { c: DEMO_CONTRACTS.legacy }), PERMISSION_DENIED);
  });

  it('an update posted through the dev endpoint reaches subscribers and resolves the incident', async () => {
    const demo = await signedIn(seed.demoUser);
    const claims = await app.graphql.wsaTokens.verify((await gql(demo, WSA_TOKEN)).body.data.getWSAToken);
    const stream = (await subscribe({
      schema: buildSchema(),
      document: parse(
        'subscription ($c: String!) { statusChanged(contractUid: $c) { uid status open updates { message } affectedInstances { name } } }',
      ),
      variableValues: { c: CAB },
      contextValue: tokenContext(app.graphql, claims, '127.0.0.1'),
    })) as AsyncGenerator<Json>;
    try {
      const next = stream.next();
      const refused = await demo.call(
        'POST',
        `/_dev/compute/status/incidents/${DEMO_STATUS.frankfurtNetwork}/updates`,
        {
          body: { status: 'COMPLETED', message: 'x' },
        },
      );
      expect(refused.status).toBe(400);
      const posted = await demo.call(
        'POST',
        `/_dev/compute/status/incidents/${DEMO_STATUS.frankfurtNetwork}/updates`,
        {
          body: { status: 'RESOLVED', message: 'Traffic runs over the repaired router again.' },
        },
      );
      expect(posted.status).toBe(200);
      const event = (await next).value.data.statusChanged;
      expect(event).toMatchObject({
        uid: DEMO_STATUS.frankfurtNetwork,
        status: 'RESOLVED',
        open: false,
        affectedInstances: [],
      });
      expect(event.updates[0].message).toBe('Traffic runs over the repaired router again.');
    } finally {
      await stream.return(undefined);
    }
    const status = (await gql(demo, STATUS, { c: CAB })).body.data.computeStatus;
    expect(status.overall).toBe('OPERATIONAL');
  });
});

describe('bench dev tool', () => {
  it('fills a workspace with numbered ACTIVE and INACTIVE instances', async () => {
    const demo = await signedIn(seed.demoUser);
    const refused = await demo.call('POST', '/_dev/compute/bench/instances', {
      body: { contractUid: DEMO_CONTRACTS.webshop, count: 0 },
    });
    expect(refused.status).toBe(400);
    const answer = await demo.call('POST', '/_dev/compute/bench/instances', {
      body: { contractUid: DEMO_CONTRACTS.webshop, count: 60 },
    });
    expect(answer.status).toBe(200);
    const list = (
      await gql(demo, `query { instances(contractUid: "${DEMO_CONTRACTS.webshop}") { name status } }`)
    ).body.data.instances;
    expect(list).toHaveLength(60);
    expect(list[0]).toEqual({ name: 'bench-001', status: 'ACTIVE' });
    expect(list[2]).toEqual({ name: 'bench-003', status: 'INACTIVE' });
  });
});
