import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTRACTS } from '../db/demo.js';
import { DEMO_PASSWORD } from '../db/seed.js';
import { API_RATE_LIMITS, websocketFloodGuard } from '../graphql/plugin.js';
import { memoryRateLimitStore } from '../graphql/rate-limit-store.js';
import { errorMessages, gql } from '../test/graphql.js';
import { type IdentityHarness, openIdentityHarness, signedInBrowser } from '../test/identity.js';
import { MEMBER_MESSAGES } from './members.js';

let h: IdentityHarness;

beforeAll(async () => {
  h = await openIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

const DELETE = `mutation ($c: String!, $p: String!) { deleteWorkspace(contractUid: $c, password: $p) { contractUid } }`;

describe("the caller's password through GraphQL", () => {
  it("counts against allauth's reauthenticate limit: 10 tries a minute, then none, right or wrong", async () => {
    const browser = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    const answers: string[][] = [];
    for (let i = 0; i < 10; i++)
      answers.push(errorMessages(await gql(browser, DELETE, { c: DEMO_CONTRACTS.cabinet, p: `guess-${i}` })));
    expect(answers.every((m) => m.join() === 'Incorrect password.')).toBe(true);
    // the right password now changes nothing: the workspace stays
    const refused = await gql(browser, DELETE, { c: DEMO_CONTRACTS.cabinet, p: DEMO_PASSWORD });
    expect(errorMessages(refused)).toEqual([MEMBER_MESSAGES.tooManyPasswordAttempts]);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', field: 'password' });
    const workspaces = await gql(browser, '{ allWorkspaces { contractUid } }');
    expect(workspaces.body.data.allWorkspaces.map((w: { contractUid: string }) => w.contractUid)).toContain(
      DEMO_CONTRACTS.cabinet,
    );
    // the identity service's own reauthentication shares the count
    expect((await browser.api('POST', '/auth/reauthenticate', { password: DEMO_PASSWORD })).status).toBe(429);
  });
});

describe('websocket operations and the flood guard of /api/', () => {
  it("count against the session's allowance, in the same windows as its HTTP requests", async () => {
    const Store = memoryRateLimitStore();
    const guard = websocketFloodGuard(Store, 1);
    const claims = { userId: 'u1', sessionId: 7 };
    for (let i = 0; i < API_RATE_LIMITS.session; i++) expect(await guard(claims)).toBe(true);
    expect(await guard(claims)).toBe(false);
    // HTTP requests of session 8 (the plugin's key) leave its sockets nothing
    const http = new Store({});
    for (let i = 0; i < API_RATE_LIMITS.session; i++) http.incr('session:8', () => {}, 60_000, 0);
    expect(await guard({ userId: 'u2', sessionId: 8 })).toBe(false);
    expect(await guard({ userId: 'u3', sessionId: 9 })).toBe(true);
  });
});
