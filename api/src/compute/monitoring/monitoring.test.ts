import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { readOutbox } from '../../identity/notify/outbox.js';
import { buildSchema } from '../../modules.js';
import { errorMessages, gql } from '../../test/graphql.js';
import { openTestDatabase, testConfig } from '../../test/helpers.js';
import { Browser, signedInBrowser } from '../../test/identity.js';
import { ManualScheduler } from '../scheduler.js';
import { DEMO_ALERT_RULES } from './seed.js';
import { computeMetricSamples } from './tables.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// Monitoring on a real app and a seeded PGlite, the sampler on the compute clock the test moves:
// metrics per range, the rules' resolvers and their authorization, validation, and the evaluation
// (fires once per episode, live and by mail; recovers). Nothing sleeps.

const MINUTE = 60_000;
let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
let clock: ManualScheduler;
const CAB = DEMO_CONTRACTS.cabinet;

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  clock = new ManualScheduler(Date.now());
  app = buildApp(testConfig({ PORTAL_DEV_TOOLS: '1' }), {
    database,
    compute: { scheduler: clock, chargeTickMs: 3600_000, random: () => 0.99 },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const signedIn = (user: User) => signedInBrowser(app, database.db, user);

const POINT = 'at cpu ram diskMain diskExtra netTxVol netRxVol netTxPkg netRxPkg';
const METRICS = `query ($c: String!, $u: String, $r: MetricRange!) {
  instanceMetrics(contractUid: $c, instanceUid: $u, range: $r) {
    instanceUid range from to stepSeconds memoryBytes diskMainBytes diskExtraBytes points { ${POINT} } } }`;
const RULE =
  'uid contractUid instance { uid name } metric condition value periodMinutes enabled firing firedAt recoveredAt lastValue createdAt';
const RULES = `query ($c: String!, $u: String) { alertRules(contractUid: $c, instanceUid: $u) { ${RULE} } }`;
const CREATE = `mutation ($input: AlertRuleInput!) { createAlertRule(input: $input) { ${RULE} } }`;
const UPDATE = `mutation ($u: String!, $input: AlertRuleInput!) { updateAlertRule(uid: $u, input: $input) { ${RULE} } }`;
const ENABLE = `mutation ($c: String!, $u: String!, $e: Boolean!) { setAlertRuleEnabled(contractUid: $c, uid: $u, enabled: $e) { ${RULE} } }`;
const DELETE = `mutation ($c: String!, $u: String!) { deleteAlertRule(contractUid: $c, uid: $u) { ${RULE} } }`;

const input = (fields: Record<string, unknown> = {}) => ({
  contractUid: CAB,
  instanceUid: DEMO_INSTANCES.fedoraLab.uid,
  metric: 'CPU',
  condition: 'ABOVE',
  value: 90,
  periodMinutes: 5,
  ...fields,
});

describe('instanceMetrics', () => {
  it('aggregates each range server side: 60, 288, 168 and 240 points ending now', async () => {
    const demo = await signedIn(seed.demoUser);
    const expected = { HOUR: [60, 60], DAY: [288, 300], WEEK: [168, 3600], MONTH: [240, 10_800] } as const;
    for (const [range, [points, step]] of Object.entries(expected)) {
      const answer = await gql(demo, METRICS, { c: CAB, u: DEMO_INSTANCES.web1.uid, r: range });
      const series = answer.body.data.instanceMetrics;
      expect(series.points, range).toHaveLength(points);
      expect(series.stepSeconds).toBe(step);
      expect(Date.parse(series.to)).toBeGreaterThan(clock.now());
      expect(Date.parse(series.to) - Date.parse(series.from)).toBe(points * step * 1000);
      for (const p of series.points) {
        expect(p.cpu).toBeGreaterThanOrEqual(0);
        expect(p.cpu).toBeLessThanOrEqual(100);
        expect(p.ram).toBeLessThanOrEqual(series.memoryBytes);
        expect(p.netTxVol).toBeGreaterThan(0);
      }
    }
  });

  it('web-1 (2 vCPU / 4 GB / 80 GB) has a month of history; an INACTIVE instance reads 0 CPU and network', async () => {
    const demo = await signedIn(seed.demoUser);
    const web = (await gql(demo, METRICS, { c: CAB, u: DEMO_INSTANCES.web1.uid, r: 'MONTH' })).body.data
      .instanceMetrics;
    expect(web).toMatchObject({
      instanceUid: DEMO_INSTANCES.web1.uid,
      range: 'MONTH',
      memoryBytes: 4096 * 1024 * 1024,
      diskMainBytes: 80e9,
    });
    expect(web.points.every((p: Json) => p.cpu !== null)).toBe(true);
    const off = (await gql(demo, METRICS, { c: CAB, u: DEMO_INSTANCES.dbReplica.uid, r: 'DAY' })).body.data
      .instanceMetrics;
    expect(new Set(off.points.map((p: Json) => p.cpu))).toEqual(new Set([0]));
    expect(new Set(off.points.map((p: Json) => p.netRxPkg))).toEqual(new Set([0]));
    expect(off.points[0].diskMain).toBeGreaterThan(0);
  });

  it('the overview adds up the workspace: memory of all plans, CPU as a mean', async () => {
    const demo = await signedIn(seed.demoUser);
    const all = (await gql(demo, METRICS, { c: CAB, r: 'HOUR' })).body.data.instanceMetrics;
    const one = (await gql(demo, METRICS, { c: CAB, u: DEMO_INSTANCES.web1.uid, r: 'HOUR' })).body.data
      .instanceMetrics;
    expect(all.instanceUid).toBeNull();
    expect(all.memoryBytes).toBeGreaterThan(one.memoryBytes * 5);
    expect(all.points.at(-1).netTxVol).toBeGreaterThan(one.points.at(-1).netTxVol);
  });

  it("refuses another customer's workspace or instance, a workspace without services, no session", async () => {
    const demo = await signedIn(seed.demoUser);
    for (const variables of [
      { c: OTHER_CONTRACT_UID, r: 'HOUR' },
      { c: OTHER_CONTRACT_UID, u: OTHER_INSTANCES.otherWeb.uid, r: 'HOUR' },
      { c: CAB, u: OTHER_INSTANCES.otherWeb.uid, r: 'HOUR' },
      { c: CAB, u: 'not-a-uid', r: 'HOUR' },
      { c: DEMO_CONTRACTS.legacy, r: 'HOUR' },
    ]) {
      expect(errorMessages(await gql(demo, METRICS, variables)), JSON.stringify(variables)).toEqual([
        PERMISSION_DENIED,
      ]);
    }
    expect(errorMessages(await gql(new Browser(app), METRICS, { c: CAB, r: 'HOUR' }))).toEqual([
      PERMISSION_DENIED,
    ]);
  });
});

describe('alert rules', () => {
  it("lists the demo rules newest first, or one instance's; refuses another customer", async () => {
    const demo = await signedIn(seed.demoUser);
    const all = (await gql(demo, RULES, { c: CAB })).body.data.alertRules;
    expect(all).toHaveLength(DEMO_ALERT_RULES.length);
    expect(all[0]).toMatchObject({
      contractUid: CAB,
      instance: { name: 'web-1' },
      metric: 'CPU',
      condition: 'ABOVE',
      value: 90,
      periodMinutes: 15,
      enabled: true,
    });
    const db = (await gql(demo, RULES, { c: CAB, u: DEMO_INSTANCES.db1.uid })).body.data.alertRules;
    expect(db.map((r: Json) => r.metric)).toEqual(['DISK_MAIN', 'DISK_EXTRA']);
    expect(errorMessages(await gql(demo, RULES, { c: OTHER_CONTRACT_UID }))).toEqual([PERMISSION_DENIED]);
    expect(errorMessages(await gql(demo, RULES, { c: CAB, u: OTHER_INSTANCES.otherDb.uid }))).toEqual([
      PERMISSION_DENIED,
    ]);
  });

  it('refuses a malformed rule naming the field, and creates nothing', async () => {
    const demo = await signedIn(seed.demoUser);
    const before = (await gql(demo, RULES, { c: CAB })).body.data.alertRules.length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ value: 120 }, 'Value must be a number from 0 to 100 % for CPU.', 'value'],
      [
        { metric: 'NET_TX_VOL', value: 200_000 },
        'Value must be a number from 0 to 100 Gbps for Outbound traffic.',
        'value',
      ],
      [{ value: 1.234 }, 'Value may have at most 2 decimals (in %).', 'value'],
      [
        { periodMinutes: 7 },
        'Period must be one of 5 min, 15 min, 30 min, 1 h, 2 h, 6 h, 24 h.',
        'periodMinutes',
      ],
    ];
    for (const [fields, message, field] of cases) {
      const answer = await gql(demo, CREATE, { input: input(fields) });
      expect(errorMessages(answer), JSON.stringify(fields)).toEqual([message]);
      expect(answer.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ALERT_RULE', field });
    }
    const unknownMetric = await gql(demo, CREATE, { input: input({ metric: 'DISK' }) });
    expect(errorMessages(unknownMetric)[0]).toMatch(/"DISK".*AlertMetric/);
    for (const fields of [
      { instanceUid: OTHER_INSTANCES.otherWeb.uid },
      { contractUid: OTHER_CONTRACT_UID, instanceUid: OTHER_INSTANCES.otherWeb.uid },
    ]) {
      expect(errorMessages(await gql(demo, CREATE, { input: input(fields) }))).toEqual([PERMISSION_DENIED]);
    }
    expect((await gql(demo, RULES, { c: CAB })).body.data.alertRules).toHaveLength(before);
  });

  it('creates, edits, disables and deletes, each answering the changed rule; another customer cannot touch it', async () => {
    const demo = await signedIn(seed.demoUser);
    const other = await signedIn(seed.otherUser);
    const created = (
      await gql(demo, CREATE, { input: input({ metric: 'RAM', value: 75.5, periodMinutes: 30 }) })
    ).body.data.createAlertRule;
    expect(created).toMatchObject({
      metric: 'RAM',
      condition: 'ABOVE',
      value: 75.5,
      periodMinutes: 30,
      enabled: true,
      firing: false,
      instance: { name: 'fedora-lab' },
    });
    const u = created.uid;

    const edited = (
      await gql(demo, UPDATE, {
        u,
        input: input({ metric: 'NET_RX_PKG', condition: 'BELOW', value: 1500, periodMinutes: 60 }),
      })
    ).body.data.updateAlertRule;
    expect(edited).toMatchObject({
      uid: u,
      metric: 'NET_RX_PKG',
      condition: 'BELOW',
      value: 1500,
      periodMinutes: 60,
      enabled: true,
    });
    const refused = await gql(demo, UPDATE, { u, input: input({ periodMinutes: 3 }) });
    expect(refused.body.errors[0].extensions.field).toBe('periodMinutes');

    expect((await gql(demo, ENABLE, { c: CAB, u, e: false })).body.data.setAlertRuleEnabled).toMatchObject({
      uid: u,
      enabled: false,
    });
    for (const [query, variables] of [
      [ENABLE, { c: CAB, u, e: true }],
      [DELETE, { c: CAB, u }],
      [UPDATE, { u, input: input() }],
      [RULES, { c: CAB }],
    ] as const) {
      expect(errorMessages(await gql(other, query, variables))).toEqual([PERMISSION_DENIED]);
    }
    // another customer's workspace with this rule's uid: no such rule there
    expect(errorMessages(await gql(other, DELETE, { c: OTHER_CONTRACT_UID, u }))).toEqual([
      'This alert rule no longer exists.',
    ]);

    expect((await gql(demo, DELETE, { c: CAB, u })).body.data.deleteAlertRule).toMatchObject({
      uid: u,
      metric: 'NET_RX_PKG',
    });
    expect(errorMessages(await gql(demo, DELETE, { c: CAB, u }))).toEqual([
      'This alert rule no longer exists.',
    ]);
  });
});

describe('the sampler and the alert evaluation', () => {
  function listen(userId: string) {
    const got: Json[] = [];
    const iterator = app.graphql.pubsub.subscribe('notifications', userId)[Symbol.asyncIterator]();
    void (async () => {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        got.push(next.value);
      }
    })();
    return { got, stop: () => iterator.return?.() };
  }
  const force = (metric: string, value: number | null, minutes = 10) =>
    app.inject({
      method: 'POST',
      url: `/_dev/compute/instances/${DEMO_INSTANCES.fedoraLab.uid}/metrics`,
      payload: { metric, value, minutes },
    });

  it('records a minute of every live instance each minute of the clock', async () => {
    const before = await database.db.select({ n: count() }).from(computeMetricSamples);
    await clock.advance(MINUTE);
    const after = await database.db.select({ n: count() }).from(computeMetricSamples);
    const live = Object.values(DEMO_INSTANCES).length + Object.values(OTHER_INSTANCES).length;
    expect(after[0]!.n - before[0]!.n).toBe(live);
    const [sample] = await database.db
      .select()
      .from(computeMetricSamples)
      .where(eq(computeMetricSamples.instanceId, DEMO_INSTANCES.dbReplica.uid));
    expect(sample).toMatchObject({ cpu: 0, netTxVol: 0 });
  });

  it("fires once per episode (toast and mail to the workspace's people), recovers once, says when", async () => {
    const demo = await signedIn(seed.demoUser);
    const rule = (await gql(demo, CREATE, { input: input({ value: 90, periodMinutes: 5 }) })).body.data
      .createAlertRule;
    const heard = listen(seed.demoUser.id);
    const mine = () => heard.got.filter((n) => n.message.includes('fedora-lab'));
    try {
      expect((await force('CPU', 97.5)).statusCode).toBe(200);
      await vi.waitFor(() => expect(mine()).toHaveLength(1));
      expect(mine()[0]).toEqual({
        type: 'warning',
        message: 'Alert: CPU of fedora-lab is above 90 % (average 97.5 % over 5 min).',
      });
      const firing = (await gql(demo, RULES, { c: CAB, u: DEMO_INSTANCES.fedoraLab.uid })).body.data
        .alertRules[0];
      expect(firing).toMatchObject({ uid: rule.uid, firing: true, lastValue: 97.5, recoveredAt: null });
      expect(Date.parse(firing.firedAt)).toBe(clock.now());

      // the chart reads the recorded minutes (summed per step in the database)
      const hour = (await gql(demo, METRICS, { c: CAB, u: DEMO_INSTANCES.fedoraLab.uid, r: 'HOUR' })).body
        .data.instanceMetrics.points;
      expect(hour.slice(-10).map((p: Json) => p.cpu)).toEqual(Array(10).fill(97.5));
      expect(hour.at(-11).cpu).not.toBe(97.5);

      // the episode goes on: minutes pass, nothing more is said
      await clock.advance(3 * MINUTE);
      expect(mine()).toHaveLength(1);

      expect((await force('CPU', 12, 5)).statusCode).toBe(200);
      await vi.waitFor(() => expect(mine()).toHaveLength(2));
      expect(mine()[1]).toEqual({
        type: 'success',
        message: 'Recovered: CPU of fedora-lab is no longer above 90 % (average 12 % over 5 min).',
      });
      const recovered = (await gql(demo, RULES, { c: CAB, u: DEMO_INSTANCES.fedoraLab.uid })).body.data
        .alertRules[0];
      expect(recovered).toMatchObject({ firing: false, lastValue: 12 });
      expect(Date.parse(recovered.recoveredAt)).toBe(clock.now());
      await clock.advance(2 * MINUTE);
      expect(mine()).toHaveLength(2);

      const mails = (await readOutbox(database.db, seed.demoUser.email)).filter((m) =>
        m.subject.includes('fedora-lab'),
      );
      expect(mails.map((m) => m.subject)).toEqual([
        'Recovered: CPU of fedora-lab is no longer above 90 % (average 12 % over 5 min).',
        'Alert: CPU of fedora-lab is above 90 % (average 97.5 % over 5 min).',
      ]);
      expect(mails[0]!.text).toContain('Rule: CPU above 90 % over 5 min');
      expect(mails[0]!.text).toMatch(/Started: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Berlin\)/);
      expect(mails[0]!.text).toMatch(/Recovered: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Berlin\)/);
      expect(mails[0]!.text).toContain(
        `/workspace/${CAB}/instance/vm/${DEMO_INSTANCES.fedoraLab.uid}/monitoring`,
      );
      // other@example.com is no user of this workspace
      expect(
        (await readOutbox(database.db, seed.otherUser.email)).filter((m) => m.subject.includes('fedora-lab')),
      ).toEqual([]);

      // a disabled rule is not evaluated
      await gql(demo, ENABLE, { c: CAB, u: rule.uid, e: false });
      await force('CPU', 99);
      await clock.advance(MINUTE);
      expect(mine()).toHaveLength(2);
    } finally {
      await force('CPU', null);
      await heard.stop();
    }
  });

  it('tells a subscriber of the workspace when a rule changes; refuses another customer', async () => {
    const demo = await signedIn(seed.demoUser);
    const schema = buildSchema();
    const document = parse(
      `subscription ($c: String!) { alertRuleChanged(contractUid: $c) { deleted rule { uid metric firing } } }`,
    );
    const context = tokenContext(
      app.graphql,
      { userId: seed.demoUser.id, sessionId: null } as never,
      '127.0.0.1',
    );
    const stream = (await subscribe({
      schema,
      document,
      variableValues: { c: CAB },
      contextValue: context,
    })) as AsyncGenerator<Json>;
    try {
      const first = stream.next();
      const created = (
        await gql(demo, CREATE, { input: input({ metric: 'DISK_MAIN', value: 95, periodMinutes: 60 }) })
      ).body.data.createAlertRule;
      expect((await first).value.data.alertRuleChanged).toEqual({
        deleted: false,
        rule: { uid: created.uid, metric: 'DISK_MAIN', firing: false },
      });
      await gql(demo, DELETE, { c: CAB, u: created.uid });
      expect((await stream.next()).value.data.alertRuleChanged).toEqual({
        deleted: true,
        rule: { uid: created.uid, metric: 'DISK_MAIN', firing: false },
      });
    } finally {
      await stream.return(undefined);
    }
    const otherContext = tokenContext(
      app.graphql,
      { userId: seed.otherUser.id, sessionId: null } as never,
      '127.0.0.1',
    );
    const refused = (await subscribe({
      schema,
      document,
      variableValues: { c: CAB },
      contextValue: otherContext,
    })) as Json;
    expect(refused.errors?.map((e: Json) => e.message)).toEqual([PERMISSION_DENIED]);
  });
});

describe('dev tools', () => {
  it('the metrics tool refuses bad input naming it, an unknown instance; none without PORTAL_DEV_TOOLS=1', async () => {
    const url = `/_dev/compute/instances/${DEMO_INSTANCES.web1.uid}/metrics`;
    const bad = await app.inject({ method: 'POST', url, payload: { metric: 'GPU', value: -1, minutes: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      'metric must be one of CPU, RAM, DISK_MAIN, DISK_EXTRA, NET_TX_VOL, NET_RX_VOL, NET_TX_PKG, NET_RX_PKG; value must be a number from 0, or null; minutes must be a whole number from 1 to 1440',
    );
    const unknown = await app.inject({
      method: 'POST',
      url: `/_dev/compute/instances/${crypto.randomUUID()}/metrics`,
      payload: { metric: 'CPU', value: 50 },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/_dev/compute/metrics/tick' })).json()).toEqual({
      ok: true,
    });

    const plain = buildApp(testConfig(), { database, compute: { scheduler: new ManualScheduler() } });
    try {
      expect(
        (await plain.inject({ method: 'POST', url, payload: { metric: 'CPU', value: 50 } })).statusCode,
      ).toBe(404);
      expect((await plain.inject({ method: 'POST', url: '/_dev/compute/metrics/tick' })).statusCode).toBe(
        404,
      );
    } finally {
      await plain.close();
    }
  });
});
