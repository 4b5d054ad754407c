import type { FastifyInstance } from 'fastify';
import { parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import type { User } from '../../db/schema.js';
import { DEMO_CONTRACTS, DEMO_INSTANCES, type DemoSeed, OTHER_INSTANCES, seedDemo } from '../../db/seed.js';
import { tokenContext } from '../../graphql/context.js';
import { PERMISSION_DENIED } from '../../graphql/errors.js';
import { buildSchema } from '../../modules.js';
import { errorMessages, gql, WSA_TOKEN } from '../../test/graphql.js';
import { openTestDatabase, testConfig } from '../../test/helpers.js';
import { Browser, signedInBrowser } from '../../test/identity.js';
import { FIREWALL_MESSAGES, MAX_RULES_PER_DIRECTION } from '../firewall/validation.js';
import { ManualScheduler } from '../scheduler.js';
import { NETWORK_MESSAGES } from './addressing.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// The network and firewall api on a real app and a seeded PGlite, the simulator's clock moved by the
// test: every resolver, its authorization and its refusals, the traffic ticks and networkChanged.

const TICK_MS = 60_000;
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
    compute: { scheduler: clock, chargeTickMs: TICK_MS, random: () => 0.99 },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const signedIn = (user: User) => signedInBrowser(app, database.db, user);

const CAB: string = DEMO_CONTRACTS.cabinet;
const WEB = DEMO_INSTANCES.web1.uid;
const ADDRESS = 'uid address prefix network gateway family kind kindName rdns rdnsIsDefault';
const FIREWALL = `uid inboundPolicy outboundPolicy droppedInboundPackets maxRulesPerDirection
  rules { uid direction position protocol ports addresses action description }
  services { name protocol port reachability }`;
const NETWORK = `uid addresses { ${ADDRESS} }
  traffic { month outboundBytes inboundBytes includedBytes resetsAt } firewall { ${FIREWALL} }`;
const ONE = `query ($c: String!, $u: String!) { instance(contractUid: $c, uid: $u) { uid network { ${NETWORK} } } }`;
const ALL = `query ($c: String!) { instances(contractUid: $c) { uid name network { ${NETWORK} } } }`;
const RDNS = `mutation ($c: String!, $u: String!, $a: String!, $r: String!) {
  setReverseDns(contractUid: $c, instanceUid: $u, address: $a, rdns: $r) { ${ADDRESS} } }`;
const ADD = `mutation ($c: String!, $u: String!, $r: FirewallRuleInput!) {
  addFirewallRule(contractUid: $c, instanceUid: $u, rule: $r) { ${FIREWALL} } }`;
const UPDATE = `mutation ($c: String!, $u: String!, $id: String!, $r: FirewallRuleInput!) {
  updateFirewallRule(contractUid: $c, instanceUid: $u, ruleUid: $id, rule: $r) { ${FIREWALL} } }`;
const DELETE = `mutation ($c: String!, $u: String!, $id: String!) {
  deleteFirewallRule(contractUid: $c, instanceUid: $u, ruleUid: $id) { ${FIREWALL} } }`;
const MOVE = `mutation ($c: String!, $u: String!, $id: String!, $p: Int!) {
  moveFirewallRule(contractUid: $c, instanceUid: $u, ruleUid: $id, position: $p) { ${FIREWALL} } }`;
const POLICY = `mutation ($c: String!, $u: String!, $d: FirewallDirection!, $p: FirewallAction!) {
  setFirewallPolicy(contractUid: $c, instanceUid: $u, direction: $d, policy: $p) { ${FIREWALL} } }`;

const rule = (overrides: Record<string, unknown> = {}) => ({
  direction: 'INBOUND',
  protocol: 'TCP',
  ports: '22',
  addresses: ['0.0.0.0/0', '::/0'],
  action: 'ACCEPT',
  description: 'SSH from anywhere',
  ...overrides,
});

async function network(browser: Browser, uid = WEB): Promise<Json> {
  return (await gql(browser, ONE, { c: CAB, u: uid })).body.data.instance.network;
}

function refusal(answer: Json): { message: string; field?: string; code?: string } {
  expect(answer.body.data).toBeNull();
  const [error] = answer.body.errors;
  return { message: error.message, field: error.extensions?.field, code: error.extensions?.code };
}

describe('Instance.network', () => {
  it('addresses: public IPv4 and IPv6 with reverse DNS, a private IPv4; kinds PUBLIC=1 and PRIVATE=2', async () => {
    const demo = await signedIn(seed.demoUser);
    const { addresses } = await network(demo);
    expect(addresses.map((a: Json) => [a.family, a.kind, a.kindName])).toEqual([
      ['IPV4', 1, 'PUBLIC'],
      ['IPV6', 1, 'PUBLIC'],
      ['IPV4', 2, 'PRIVATE'],
    ]);
    const [v4, v6, priv] = addresses;
    expect(v4).toMatchObject({ prefix: 24, rdns: 'web-1.shop.example.com', rdnsIsDefault: false });
    expect(v4.network).toBe(`${v4.address.split('.').slice(0, 3).join('.')}.0/24`);
    expect(v4.gateway).toBe(`${v4.address.split('.').slice(0, 3).join('.')}.1`);
    expect(v6.address).toMatch(/^2001:db8:[0-9a-f:]+::1$/);
    expect(v6).toMatchObject({ prefix: 64, gateway: 'fe80::1', rdns: 'web-1.shop.example.com' });
    expect(v6.network).toBe(`${v6.address.slice(0, -1)}/64`);
    expect(priv.address).toMatch(/^10\.\d+\.\d+\.\d+$/);
    expect(priv).toMatchObject({ prefix: 16, rdns: null, rdnsIsDefault: true, gateway: null });
    // a public IPv4 nobody named has the provider's name
    const db1 = (await network(demo, DEMO_INSTANCES.db1.uid)).addresses[0];
    expect(db1).toMatchObject({
      rdns: `${db1.address.replaceAll('.', '-')}.ip.example.net`,
      rdnsIsDefault: true,
    });
  });

  it("traffic of the month so far against the plan's transfer; the demo firewall and what it does to SSH", async () => {
    const demo = await signedIn(seed.demoUser);
    const { traffic, firewall } = await network(demo);
    const now = new Date(clock.now());
    expect(traffic.month).toBe(now.toISOString().slice(0, 7));
    expect(traffic.includedBytes).toBe(2e12); // s-2vcpu-4gb: 2 TB
    expect(traffic.outboundBytes).toBeGreaterThan(0);
    expect(traffic.outboundBytes).toBeLessThan(traffic.includedBytes);
    expect(traffic.inboundBytes).toBeLessThan(traffic.outboundBytes);
    expect(new Date(traffic.resetsAt).getTime()).toBe(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1),
    );
    expect(firewall).toMatchObject({
      uid: WEB,
      inboundPolicy: 'DROP',
      outboundPolicy: 'ACCEPT',
      maxRulesPerDirection: 25,
    });
    expect(
      firewall.rules.map((r: Json) => [r.position, r.protocol, r.ports, r.addresses, r.description]),
    ).toEqual([
      [0, 'TCP', '22', ['203.0.113.0/24', '2001:db8:4f00::/48'], 'SSH from the office'],
      [1, 'TCP', '80', ['0.0.0.0/0', '::/0'], 'HTTP'],
      [2, 'TCP', '443', ['0.0.0.0/0', '::/0'], 'HTTPS'],
      [3, 'ICMP', null, ['0.0.0.0/0', '::/0'], 'Ping'],
    ]);
    expect(firewall.services).toEqual([
      { name: 'SSH', protocol: 'TCP', port: 22, reachability: 'RESTRICTED' },
    ]);
  });

  it('every instance of the list has its network (one batch), a new one gets addresses on first read', async () => {
    const demo = await signedIn(seed.demoUser);
    const list = (await gql(demo, ALL, { c: CAB })).body.data.instances;
    expect(list).toHaveLength(Object.keys(DEMO_INSTANCES).length);
    for (const i of list) {
      expect(i.network.uid).toBe(i.uid);
      expect(i.network.addresses.length).toBeGreaterThanOrEqual(3);
    }
    const windows = list.find((i: Json) => i.name === 'win-1').network.firewall.services;
    expect(windows).toEqual([{ name: 'RDP', protocol: 'TCP', port: 3389, reachability: 'RESTRICTED' }]);
    const gitlab = list.find((i: Json) => i.name === 'gitlab').network.firewall;
    expect(gitlab.inboundPolicy).toBe('ACCEPT');
    expect(gitlab.services.map((s: Json) => `${s.name} ${s.reachability}`)).toEqual([
      'SSH OPEN',
      'HTTP OPEN',
      'HTTPS OPEN',
    ]);
  });
});

describe('setReverseDns', () => {
  it('sets a host name (normalised), refuses a bad one naming the field and keeps the old one, restores the default', async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.db1.uid;
    const [v4, v6, priv] = (await network(demo, uid)).addresses;
    const set = await gql(demo, RDNS, { c: CAB, u: uid, a: v4.address, r: ' DB-1.Example.com. ' });
    expect(set.body.data.setReverseDns).toMatchObject({
      uid: v4.uid,
      rdns: 'db-1.example.com',
      rdnsIsDefault: false,
    });
    for (const bad of [
      'db 1.example.com',
      'localhost',
      '-db.example.com',
      'db.123',
      `${'a'.repeat(64)}.example.com`,
    ]) {
      expect(refusal(await gql(demo, RDNS, { c: CAB, u: uid, a: v4.address, r: bad }))).toEqual({
        message: NETWORK_MESSAGES.rdns,
        field: 'rdns',
        code: 'INVALID_RDNS',
      });
    }
    expect((await network(demo, uid)).addresses[0].rdns).toBe('db-1.example.com');
    expect(
      refusal(await gql(demo, RDNS, { c: CAB, u: uid, a: priv.address, r: 'db.example.com' })),
    ).toMatchObject({
      message: 'Reverse DNS can be set only for public addresses.',
      field: 'address',
    });
    expect(
      refusal(await gql(demo, RDNS, { c: CAB, u: uid, a: '192.0.2.254', r: 'x.example.com' })),
    ).toMatchObject({
      message: 'This instance has no address 192.0.2.254.',
      field: 'address',
    });
    const v6set = await gql(demo, RDNS, { c: CAB, u: uid, a: v6.address, r: 'db-1.example.com' });
    expect(v6set.body.data.setReverseDns.rdns).toBe('db-1.example.com');
    const reset = await gql(demo, RDNS, { c: CAB, u: uid, a: v4.address, r: '' });
    expect(reset.body.data.setReverseDns).toMatchObject({ rdns: v4.rdns, rdnsIsDefault: true });
    expect(
      (await gql(demo, RDNS, { c: CAB, u: uid, a: v6.address, r: '' })).body.data.setReverseDns.rdns,
    ).toBeNull();
  });
});

describe('firewall rules', () => {
  it('a bad CIDR is refused naming the field and nothing is saved; a good rule is added and SSH opens', async () => {
    const demo = await signedIn(seed.demoUser);
    const before = (await network(demo)).firewall;
    const bad = await gql(demo, ADD, {
      c: CAB,
      u: WEB,
      r: rule({ addresses: ['0.0.0.0/0', '10.0.0.300/8'] }),
    });
    expect(refusal(bad)).toEqual({
      message: 'Enter a valid IPv4 or IPv6 address or CIDR, e.g. 203.0.113.0/24 ("10.0.0.300/8" is not one).',
      field: 'addresses',
      code: 'INVALID_FIREWALL_RULE',
    });
    expect(refusal(await gql(demo, ADD, { c: CAB, u: WEB, r: rule({ ports: '22-' }) }))).toMatchObject({
      message: FIREWALL_MESSAGES.ports,
      field: 'ports',
    });
    expect(refusal(await gql(demo, ADD, { c: CAB, u: WEB, r: rule({ protocol: 'ICMP' }) }))).toMatchObject({
      field: 'ports',
    });
    expect((await network(demo)).firewall).toEqual(before);

    const added = (await gql(demo, ADD, { c: CAB, u: WEB, r: rule() })).body.data.addFirewallRule;
    expect(added.rules).toHaveLength(5);
    expect(added.rules[4]).toMatchObject({ position: 4, ports: '22', description: 'SSH from anywhere' });
    expect(added.services).toEqual([{ name: 'SSH', protocol: 'TCP', port: 22, reachability: 'OPEN' }]);

    // edit, move first, delete: positions stay 0..n-1
    const id = added.rules[4].uid;
    const edited = (
      await gql(demo, UPDATE, { c: CAB, u: WEB, id, r: rule({ action: 'DROP', description: 'No SSH' }) })
    ).body.data.updateFirewallRule;
    expect(edited.rules[4]).toMatchObject({ uid: id, action: 'DROP', description: 'No SSH' });
    expect(edited.services[0].reachability).toBe('RESTRICTED');
    const moved = (await gql(demo, MOVE, { c: CAB, u: WEB, id, p: 0 })).body.data.moveFirewallRule;
    expect(moved.rules.map((r: Json) => [r.position, r.description])).toEqual([
      [0, 'No SSH'],
      [1, 'SSH from the office'],
      [2, 'HTTP'],
      [3, 'HTTPS'],
      [4, 'Ping'],
    ]);
    expect(moved.services[0].reachability).toBe('FILTERED');
    const deleted = (await gql(demo, DELETE, { c: CAB, u: WEB, id })).body.data.deleteFirewallRule;
    expect(deleted.rules.map((r: Json) => r.position)).toEqual([0, 1, 2, 3]);
    expect(deleted).toEqual(before);
    expect(refusal(await gql(demo, DELETE, { c: CAB, u: WEB, id }))).toMatchObject({
      message: FIREWALL_MESSAGES.unknownRule,
    });
  });

  it('an outbound rule and the default policies', async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.fedoraLab.uid;
    const out = (
      await gql(demo, ADD, {
        c: CAB,
        u: uid,
        r: rule({
          direction: 'OUTBOUND',
          protocol: 'ALL',
          ports: null,
          action: 'DROP',
          addresses: ['198.51.100.0/24'],
        }),
      })
    ).body.data.addFirewallRule;
    expect(out.rules).toEqual([
      expect.objectContaining({ direction: 'OUTBOUND', protocol: 'ALL', ports: null, position: 0 }),
    ]);
    expect(out.services[0].reachability).toBe('OPEN');
    const closed = (await gql(demo, POLICY, { c: CAB, u: uid, d: 'INBOUND', p: 'DROP' })).body.data
      .setFirewallPolicy;
    expect(closed).toMatchObject({ inboundPolicy: 'DROP', outboundPolicy: 'ACCEPT' });
    expect(closed.services[0].reachability).toBe('FILTERED');
    const outbound = (await gql(demo, POLICY, { c: CAB, u: uid, d: 'OUTBOUND', p: 'DROP' })).body.data
      .setFirewallPolicy;
    expect(outbound).toMatchObject({ inboundPolicy: 'DROP', outboundPolicy: 'DROP' });
  });

  it(`at most ${MAX_RULES_PER_DIRECTION} rules per direction`, async () => {
    const demo = await signedIn(seed.demoUser);
    const uid = DEMO_INSTANCES.suseBuild.uid;
    for (let i = 0; i < MAX_RULES_PER_DIRECTION; i += 1) {
      const answer = await gql(demo, ADD, { c: CAB, u: uid, r: rule({ ports: `${1000 + i}` }) });
      expect(answer.body.errors).toBeUndefined();
    }
    expect(refusal(await gql(demo, ADD, { c: CAB, u: uid, r: rule({ ports: '2000' }) }))).toEqual({
      message: 'An instance can have at most 25 inbound rules. Delete one first.',
      code: 'TOO_MANY_RULES',
      field: undefined,
    });
    const outbound = await gql(demo, ADD, { c: CAB, u: uid, r: rule({ direction: 'OUTBOUND' }) });
    expect(outbound.body.data.addFirewallRule.rules).toHaveLength(MAX_RULES_PER_DIRECTION + 1);
  });

  it("another customer's instance, a workspace without services, no session: the permission error", async () => {
    const demo = await signedIn(seed.demoUser);
    const other = OTHER_INSTANCES.otherWeb.uid;
    const calls: Array<[string, Record<string, unknown>]> = [
      [ADD, { c: CAB, u: other, r: rule() }],
      [UPDATE, { c: CAB, u: other, id: other, r: rule() }],
      [DELETE, { c: CAB, u: other, id: other }],
      [MOVE, { c: CAB, u: other, id: other, p: 0 }],
      [POLICY, { c: CAB, u: other, d: 'INBOUND', p: 'DROP' }],
      [RDNS, { c: CAB, u: other, a: '192.0.2.1', r: 'x.example.com' }],
    ];
    for (const [query, variables] of calls) {
      expect(errorMessages(await gql(demo, query, variables))).toEqual([PERMISSION_DENIED]);
      expect(
        errorMessages(await gql(demo, query, { ...variables, c: DEMO_CONTRACTS.partner, u: WEB })),
      ).toEqual([PERMISSION_DENIED]);
      expect(errorMessages(await gql(new Browser(app), query, { ...variables, u: WEB }))).toEqual([
        PERMISSION_DENIED,
      ]);
    }
    const otherUser = await signedIn(seed.otherUser);
    expect(errorMessages(await gql(otherUser, ONE, { c: CAB, u: WEB }))).toEqual([PERMISSION_DENIED]);
  });
});

describe('traffic and networkChanged', () => {
  const CHANGED = parse(`subscription ($c: String!) {
    networkChanged(contractUid: $c) { networks { uid traffic { outboundBytes inboundBytes } firewall { droppedInboundPackets } } }
  }`);

  it('a tick accrues traffic and dropped probes of running instances and publishes them; stopped ones stay', async () => {
    const demo = await signedIn(seed.demoUser);
    const claims = await app.graphql.wsaTokens.verify((await gql(demo, WSA_TOKEN)).body.data.getWSAToken);
    const context = tokenContext(app.graphql, claims, '127.0.0.1');
    const stream = (await subscribe({
      schema: buildSchema(),
      document: CHANGED,
      variableValues: { c: CAB },
      contextValue: context,
    })) as AsyncGenerator<Json>;
    try {
      const before = await network(demo);
      const stopped = await network(demo, DEMO_INSTANCES.dbReplica.uid);
      const first = stream.next();
      await clock.advance(TICK_MS);
      const { networks } = (await first).value.data.networkChanged;
      const web = networks.find((n: Json) => n.uid === WEB);
      expect(web.traffic.outboundBytes).toBeGreaterThan(before.traffic.outboundBytes);
      expect(web.traffic.inboundBytes).toBeGreaterThan(before.traffic.inboundBytes);
      // web-1 drops everything but SSH from the office and the web: telnet, RDP, … scanners are dropped
      expect(web.firewall.droppedInboundPackets).toBeGreaterThan(before.firewall.droppedInboundPackets);
      expect(networks.some((n: Json) => n.uid === DEMO_INSTANCES.dbReplica.uid)).toBe(false);
      expect((await network(demo, DEMO_INSTANCES.dbReplica.uid)).traffic).toEqual(stopped.traffic);

      // a firewall change elsewhere is published too
      const next = stream.next();
      await gql(demo, POLICY, { c: CAB, u: DEMO_INSTANCES.alpineEdge.uid, d: 'OUTBOUND', p: 'ACCEPT' });
      expect((await next).value.data.networkChanged.networks.map((n: Json) => n.uid)).toEqual([
        DEMO_INSTANCES.alpineEdge.uid,
      ]);
    } finally {
      await stream.return?.(undefined);
    }
  });

  it("refuses to subscribe to another customer's workspace", async () => {
    const other = await signedIn(seed.otherUser);
    const claims = await app.graphql.wsaTokens.verify((await gql(other, WSA_TOKEN)).body.data.getWSAToken);
    const refused = (await subscribe({
      schema: buildSchema(),
      document: CHANGED,
      variableValues: { c: CAB },
      contextValue: tokenContext(app.graphql, claims, '127.0.0.1'),
    })) as Json;
    expect(refused.errors.map((e: Json) => e.message)).toEqual([PERMISSION_DENIED]);
  });

  it('the dev tool ticks at once', async () => {
    const demo = await signedIn(seed.demoUser);
    const before = (await network(demo)).traffic.outboundBytes;
    await clock.advance(1000); // time passes without a tick being due
    const answer = await app.inject({ method: 'POST', url: '/_dev/compute/network/tick' });
    expect(answer.json()).toEqual({ ok: true });
    expect((await network(demo)).traffic.outboundBytes).toBeGreaterThan(before);
  });
});
