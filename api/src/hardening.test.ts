import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DocumentNode, Kind, print, visit } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { DEMO_CONTRACTS, DEMO_PASSWORD } from './db/seed.js';
import { SIGNATURE_EXPIRED } from './graphql/errors.js';
import {
  API_RATE_LIMITED,
  API_RATE_LIMITS,
  OPERATION_LIMITS,
  SUBSCRIPTIONS_OVER_WEBSOCKET,
} from './graphql/plugin.js';
import { clientIp } from './graphql/websocket.js';
import { NULL_CHARACTERS_CODE, NULL_CHARACTERS_MESSAGE } from './http/null-characters.js';
import { gql } from './test/graphql.js';
import { captureLogs, testConfig } from './test/helpers.js';
import { type Browser, type IdentityHarness, openIdentityHarness, signedInBrowser } from './test/identity.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

let h: IdentityHarness;

beforeAll(async () => {
  h = await openIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

/** A visitor with only the csrftoken cookie anyone can get. */
async function stranger(): Promise<Browser> {
  const browser = h.browser();
  await browser.call('GET', '/_allauth/browser/v1/config');
  return browser;
}

const messages = (answer: { body: Json }) => (answer.body.errors ?? []).map((e: Json) => e.message as string);

const aliases = (n: number, field: (i: number) => string) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field(i)}`).join(' ')} }`;

describe('operation limits (graphql-armor)', () => {
  it('refuses an anonymous alias flood before running a single resolver', async () => {
    const browser = await stranger();
    const flood = aliases(3_000, (i) => `invitation(key: "k${i}") { email }`);
    expect(flood.length).toBeGreaterThan(100_000);
    const answer = await gql(browser, flood);
    expect(answer.body.data ?? null).toBeNull();
    // armor reports the first limit the document breaks; tokens come first, while parsing
    expect(messages(answer).join(' ')).toMatch(/Token limit of 1000 exceeded|Aliases limit of 15 exceeded/);
  });

  it('refuses 16 aliases and runs 15', async () => {
    const browser = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    const over = await gql(
      browser,
      aliases(16, () => 'me { reason }'),
    );
    expect(messages(over)).toEqual([
      expect.stringContaining(`Aliases limit of ${OPERATION_LIMITS.maxAliases} exceeded, found 16`),
    ]);
    const within = await gql(
      browser,
      aliases(15, () => 'me { reason }'),
    );
    expect(within.body.errors).toBeUndefined();
    expect(Object.keys(within.body.data)).toHaveLength(15);
  });

  it('refuses a signed-in alias flood of allWorkspaces', async () => {
    const browser = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    const answer = await gql(
      browser,
      aliases(1_000, () => 'allWorkspaces { contractUid }'),
    );
    expect(answer.body.data ?? null).toBeNull();
    expect(messages(answer).join(' ')).toMatch(/limit of \d+ exceeded/);
  });

  it('refuses a directive flood and a costly query', async () => {
    const browser = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    const directives = await gql(browser, `{ me { reason ${'@include(if: true) '.repeat(51)} } }`);
    expect(messages(directives).join(' ')).toMatch(/Directives limit of 50 exceeded/);

    // `first: 100` multiplies what a page costs: three such pages are over
    const page = (alias: string) =>
      `${alias}: invoices(contractUid: "x", first: 100) { items { uid number dateInvoiced dateDue amount amountDue currency status } totalCount }`;
    const costly = await gql(browser, `{ ${page('a')} ${page('b')} ${page('c')} }`);
    expect(messages(costly)).toEqual([expect.stringMatching(/Query Cost limit of 5000 exceeded, found \d+/)]);
  });

  it('refuses a document deeper than the limit', () => {
    // no type of the schema nests into itself, so only a document that is also invalid gets this deep
    const { parse, validate, schema } = h.app.graphql.yoga.getEnveloped({
      wsa: {} as never,
      ip: '127.0.0.1',
    });
    const deep = `{ me ${'{ a '.repeat(OPERATION_LIMITS.maxDepth)}${'}'.repeat(OPERATION_LIMITS.maxDepth)} }`;
    expect(() => validate(schema, parse(deep))).toThrow(
      `Query depth limit of ${OPERATION_LIMITS.maxDepth} exceeded, found ${OPERATION_LIMITS.maxDepth + 1}`,
    );
  });

  it('suggests no field names to a stranger', async () => {
    const browser = await stranger();
    const answer = await gql(browser, '{ allWorkspace { contractUid } }');
    expect(answer.body.errors).toHaveLength(1);
    expect(messages(answer)[0]).not.toMatch(/Did you mean/);
    expect(messages(answer)[0]).toMatch(/Cannot query field "allWorkspace"/);
  });

  it('runs subscriptions over the websocket only, never as an HTTP event stream', async () => {
    const browser = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    const answer = await gql(
      browser,
      `subscription { workspaceChanged(contractUid: "${DEMO_CONTRACTS.cabinet}") { contractUid } }`,
      {},
      {
        headers: { accept: 'text/event-stream' },
      },
    );
    const stream = JSON.stringify(answer.body);
    expect(stream).toContain(SUBSCRIPTIONS_OVER_WEBSOCKET);
    expect(stream).not.toContain('"data"');
  });

  it('answers introspection in development and refuses it in production', async () => {
    const browser = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    expect(
      (await gql(browser, '{ __schema { queryType { name } } }')).body.data.__schema.queryType.name,
    ).toBe('Query');
    const production = await h.variant({
      NODE_ENV: 'production',
      PORTAL_DEV_TOOLS: '0',
      PAYMENTS_SANDBOX_IN_PRODUCTION: '1',
    });
    try {
      const visitor = await signedInBrowser(production.app, production.database.db, h.seed.demoUser);
      const answer = await gql(visitor, '{ __schema { queryType { name } } }');
      expect(answer.body.data ?? null).toBeNull();
      expect(messages(answer).join(' ')).toMatch(/introspection/i);
    } finally {
      await production.close();
    }
  });
});

/**
 * Every operation the portal's apps send, as urql sends it (a `__typename` in every selection set),
 * stays within the limits: a limit that refused the portal's own screens would be an outage.
 */
describe('the portal’s own operations', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const generated = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => path.join(root, entry.name, 'src', 'gql', 'graphql.ts'))
    .filter((file) => {
      try {
        return readFileSync(file, 'utf8').length > 0;
      } catch {
        return false;
      }
    });

  const documents = generated.flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode/gm,
      ),
    ].map(([, name, json]) => ({
      app: path.basename(path.dirname(path.dirname(path.dirname(file)))),
      name,
      json: json as string,
    })),
  );

  const withTypenames = (document: DocumentNode) =>
    visit(document, {
      SelectionSet(node, _key, parent) {
        if (parent && 'kind' in parent && parent.kind === Kind.OPERATION_DEFINITION) return undefined;
        if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename'))
          return undefined;
        return {
          ...node,
          selections: [
            ...node.selections,
            { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } },
          ],
        };
      },
    });

  it('finds the generated documents of host, shared and the remotes', () => {
    const apps = new Set(documents.map((d) => d.app));
    for (const app of ['host', 'shared', 'remote-auth', 'remote-compute']) expect(apps).toContain(app);
    expect(documents.length).toBeGreaterThan(30);
  });

  it('each one passes every limit', () => {
    // parse and validate as yoga does for a request (armor's rules included), without running
    const { parse, validate, schema } = h.app.graphql.yoga.getEnveloped({
      wsa: {} as never,
      ip: '127.0.0.1',
    });
    const refused: string[] = [];
    for (const { app, name, json } of documents) {
      const source = print(withTypenames(JSON.parse(json) as DocumentNode));
      try {
        const errors = validate(schema, parse(source));
        if (errors.length > 0)
          refused.push(`${app} ${name}: ${errors.map((e: { message: string }) => e.message).join('; ')}`);
      } catch (error) {
        refused.push(`${app} ${name}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('and the same check refuses a document over a limit', () => {
    const { parse, validate, schema } = h.app.graphql.yoga.getEnveloped({
      wsa: {} as never,
      ip: '127.0.0.1',
    });
    expect(() => validate(schema, parse(aliases(16, () => 'me { reason }')))).toThrow(/Aliases limit of 15/);
  });
});

describe('null characters', () => {
  it('are a 400 naming the field on the identity service, never a 500', async () => {
    for (const path of ['auth/login', 'auth/password/request', 'auth/code/request']) {
      const browser = await stranger();
      const answer = await browser.call('POST', `/_allauth/browser/v1/${path}`, {
        body: { email: 'a\u0000@example.com', password: 'x' },
      });
      expect(answer.status, path).toBe(400);
      expect(answer.body.errors, path).toEqual([
        { code: NULL_CHARACTERS_CODE, message: 'Null characters are not allowed.', param: 'email' },
      ]);
    }
  });

  it('are a 400 in a GraphQL variable or string, never "Unexpected error."', async () => {
    const browser = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    const literal = await gql(browser, '{ allWorkspaces(contractUid: "\\u0000") { contractUid } }');
    expect(literal.status).toBe(400);
    expect(messages(literal)).toEqual([NULL_CHARACTERS_MESSAGE]);
    const variable = await gql(
      browser,
      'query ($c: String) { allWorkspaces(contractUid: $c) { contractUid } }',
      { c: 'x\u0000' },
    );
    expect(variable.status).toBe(400);
    expect(variable.body.errors[0]).toMatchObject({
      message: NULL_CHARACTERS_MESSAGE,
      extensions: { field: 'c' },
    });
    // and the api is fine afterwards
    expect(
      (await gql(browser, '{ allWorkspaces { contractUid } }')).body.data.allWorkspaces.length,
    ).toBeGreaterThan(0);
  });
});

describe('TRUST_PROXY counts proxies from the right', () => {
  it('takes the address the trusted proxy saw, whatever a client writes further left', async () => {
    const behindProxy = await h.variant({ TRUST_PROXY: '1' });
    try {
      const browser = await signedInBrowser(behindProxy.app, behindProxy.database.db, h.seed.demoUser);
      const ipSeen = async (forwardedFor: string) =>
        (
          await browser.call('POST', '/api/', {
            body: { query: '{ me { env { currentExternalIp } } }' },
            headers: { 'x-forwarded-for': forwardedFor },
          })
        ).body.data.me.env.currentExternalIp;
      expect(await ipSeen('203.0.113.9')).toBe('203.0.113.9');
      expect(await ipSeen('198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
      expect(await ipSeen('10.9.9.9, 198.51.100.77, 203.0.113.9')).toBe('203.0.113.9');
    } finally {
      await behindProxy.close();
    }
  });

  it('does the same for the websockets', () => {
    const request = (forwardedFor: string) =>
      ({ headers: { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: '127.0.0.1' } }) as never;
    expect(clientIp(request('198.51.100.1, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientIp(request('198.51.100.1, 203.0.113.9'), 2)).toBe('198.51.100.1');
    expect(clientIp(request('198.51.100.1, 203.0.113.9'), 0)).toBe('127.0.0.1');
  });
});

describe('GET /api/ in development', () => {
  it('serves GraphiQL but runs no operation from a URL (the session cookie alone would do)', async () => {
    const browser = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    const page = await browser.call('GET', '/api/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const run = await browser.call('GET', `/api/?query=${encodeURIComponent('{ me { user { email } } }')}`);
    expect(run.status).toBe(405);
    expect(run.headers.allow).toBe('POST');
    expect(JSON.stringify(run.body)).not.toContain('demo@example.com');
  });
});

describe('the provider callback of an unknown provider', () => {
  it('logs one warning a minute without a stack, not an error per call', async () => {
    const { logger, lines } = captureLogs();
    let now = Date.parse('2026-11-24T00:00:00Z');
    const app = buildApp(testConfig(), { database: h.database, logger, identity: { now: () => now } });
    try {
      const call = () => app.inject({ method: 'GET', url: '/accounts/oidc/nope/login/callback/?state=x' });
      for (let i = 0; i < 50; i++) expect((await call()).statusCode).toBe(302);
      now += 61_000;
      await call();
      const warnings = lines.filter((l) => l.msg === 'provider callback for an unknown provider');
      expect(warnings.map((w) => w.suppressed)).toEqual([0, 49]);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(warnings.every((w) => w.err === undefined)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('the rate limit of /api/', () => {
  it('stops an address after its allowance, with Retry-After, and counts a session apart', async () => {
    const ip = '198.51.100.200';
    const anonymous = h.browser(ip);
    const statuses: number[] = [];
    for (let i = 0; i <= API_RATE_LIMITS.address; i++)
      statuses.push((await gql(anonymous, '{ __typename }')).status);
    expect(statuses.slice(0, API_RATE_LIMITS.address).every((s) => s === 200)).toBe(true);
    const refused = await gql(anonymous, '{ __typename }');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(API_RATE_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // a signed-in browser behind the same address has its own allowance
    const session = (await signedInBrowser(h.app, h.database.db, h.seed.demoUser)).jar;
    const member = h.browser(ip);
    for (const [name, value] of session) member.jar.set(name, value);
    expect((await gql(member, '{ __typename }')).status).toBe(200);
  });
});

describe('CSP, HSTS and the origin of unsafe requests', () => {
  const INLINE = 'document.documentElement.dataset.boot = "1"';
  const hostDist = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-host-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><style>body{margin:0}</style><script>${INLINE}</script><script defer src="/static/js/main.js"></script></head><body><div id="root"></div></body></html>`,
    );
    return dir;
  };

  it('the host page allows scripts from the portal, its remotes and its one inline script by hash only', async () => {
    const dir = hostDist();
    const portal = await h.variant({
      PORTAL_HOST_DIST: dir,
      PORTAL_PUBLIC_URL: 'https://portal.example',
      PORTAL_REMOTES: JSON.stringify({ auth: 'https://cdn.example/auth/mf-manifest.json' }),
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    try {
      const page = await portal.app.inject({
        method: 'GET',
        url: '/workspace/x/billing',
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      const directive = (name: string) =>
        csp
          .split('; ')
          .find((d) => d.startsWith(`${name} `))
          ?.split(' ')
          .slice(1) ?? [];
      const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
      expect(directive('script-src')).toEqual([
        "'self'",
        'https://cdn.example',
        hash,
        ...['https://js.stripe.com', 'https://*.js.stripe.com'],
      ]);
      expect(directive('object-src')).toEqual(["'none'"]);
      expect(directive('frame-ancestors')).toEqual(["'none'"]);
      expect(directive('frame-src')).toContain('https://hooks.stripe.com');
      expect(directive('connect-src')).toEqual(["'self'", 'https://cdn.example', 'https://api.stripe.com']);
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // JSON answers carry HSTS but no page policy
      const health = await portal.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(health.headers['content-security-policy']).toBeUndefined();
    } finally {
      await portal.close();
      rmSync(dir, { recursive: true, force: true });
    }
    // plain http: no HSTS (the test app's public URL is http)
    const health = await h.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses a form login and a GraphQL call from another site, even with a valid token', async () => {
    const browser = await stranger();
    const token = browser.jar.get('csrftoken') ?? '';
    const cookie = `csrftoken=${token}`;
    const form = (origin: string) =>
      h.app.inject({
        method: 'POST',
        url: '/_allauth/browser/v1/auth/provider/redirect',
        headers: { cookie, origin, host: 'portal.test', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `provider=nobody&process=login&callback_url=%2F&csrfmiddlewaretoken=${token}`,
      });
    const evil = await form('https://evil.example');
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({
      status: 403,
      errors: [{ code: 'csrf', message: expect.stringContaining('Origin checking failed') }],
    });
    // the same post from the portal's own page passes the check (and fails on the unknown provider)
    expect((await form('http://portal.test')).statusCode).not.toBe(403);

    const graphql = (origin: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/',
        headers: {
          cookie,
          origin,
          host: 'portal.test',
          'x-csrftoken': token,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ query: '{ __typename }' }),
      });
    const refused = await graphql('null');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].extensions.code).toBe('CSRF');
    expect((await graphql('http://portal.test')).json()).toEqual({ data: { __typename: 'Query' } });
    // a server without Origin (a webhook, a script) is left to the token
    const noOrigin = await h.app.inject({
      method: 'POST',
      url: '/api/',
      headers: { cookie, 'x-csrftoken': token, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(noOrigin.statusCode).toBe(200);
  });
});

describe('a sign-in lasts 12 hours after its last authentication (ASVS 3.3.2)', () => {
  it('ends however busy the session is, and a reauthentication starts the 12 hours again', async () => {
    let offsetMs = 0;
    const portal = await h.variant({}, { now: () => Date.now() + offsetMs });
    const hours = (n: number) => n * 3_600_000;
    const signIn = async () => {
      const browser = portal.browser();
      expect((await browser.login(h.seed.demoUser.email, DEMO_PASSWORD)).status).toBe(200);
      return browser;
    };
    try {
      const busy = await signIn();
      for (let hour = 1; hour < 12; hour++) {
        offsetMs += hours(1);
        expect((await busy.api('GET', '/auth/session')).status).toBe(200);
        expect((await gql(busy, '{ me { user { email } } }')).body.data.me.user.email).toBe(
          h.seed.demoUser.email,
        );
      }
      offsetMs += hours(1) + 1_000;
      expect((await busy.api('GET', '/auth/session')).status).toBe(401);
      expect(messages(await gql(busy, '{ me { user { email } } }'))).toEqual([SIGNATURE_EXPIRED]);

      const confirmed = await signIn();
      offsetMs += hours(11);
      expect((await confirmed.api('POST', '/auth/reauthenticate', { password: DEMO_PASSWORD })).status).toBe(
        200,
      );
      offsetMs += hours(2);
      expect((await confirmed.api('GET', '/auth/session')).status).toBe(200);
      offsetMs += hours(10) + 1_000;
      expect((await confirmed.api('GET', '/auth/session')).status).toBe(401);
    } finally {
      await portal.close();
    }
  });
});

describe('a password reset request', () => {
  it('is answered before the account is looked up or any mail sent, for a known and an unknown address alike', async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const portal = await h.variant(
      {},
      {
        mailer: {
          async send(message) {
            await held; // a slow mail server: the answer must not wait for it
            sent.push(`${message.to}: ${message.subject}`);
          },
        },
      },
    );
    try {
      for (const email of [h.seed.demoUser.email, 'nobody-here@example.com']) {
        const answer = await portal.browser().api('POST', '/auth/password/request', { email });
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ status: 200 });
      }
      expect(sent).toEqual([]);
      release();
      await portal.app.identity.deferred.settled();
      expect(sent).toHaveLength(2);
      expect(sent[0]).toMatch(new RegExp(`^${h.seed.demoUser.email}: `));
      expect(sent[1]).toMatch(/^nobody-here@example\.com: /);
    } finally {
      release();
      await portal.close();
    }
  });
});
