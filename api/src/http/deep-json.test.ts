import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityHarness, openIdentityHarness, signedInBrowser } from '../test/identity.js';

// JSON nested 10,000 levels parses fine; the input checks that walk it must not overflow the stack
// (a 500 on every identity route and on /api/ variables).

let h: IdentityHarness;

beforeAll(async () => {
  h = await openIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('JSON nested 10,000 levels', () => {
  it('is a 400 on the identity routes', async () => {
    for (const path of ['auth/login', 'auth/signup', 'auth/password/request']) {
      const browser = h.browser();
      await browser.call('GET', '/_allauth/browser/v1/config');
      const answer = await browser.call('POST', `/_allauth/browser/v1/${path}`, {
        payload: `{"email": ${deep(10_000)}, "password": "x"}`,
      });
      expect(answer.status, path).toBe(400);
      expect(answer.body.errors, path).toEqual([{ code: 'invalid', message: expect.any(String) }]);
    }
  });

  it('is a 400 in GraphQL variables, and the api answers afterwards', async () => {
    const browser = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    const answer = await browser.call('POST', '/api/', {
      payload: `{"query": "query ($c: String) { allWorkspaces(contractUid: $c) { contractUid } }", "variables": {"c": ${deep(10_000)}}}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toBe('The input nests deeper than 64 levels.');
    const after = await browser.call('POST', '/api/', {
      body: { query: '{ allWorkspaces { contractUid } }' },
    });
    expect(after.status).toBe(200);
    expect(after.body.data.allWorkspaces.length).toBeGreaterThan(0);
  });
});
