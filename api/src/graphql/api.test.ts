import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBalances, utcDate } from '../billing/ledger.js';
import { queryRows } from '../db/client.js';
import { authSessions, type User, workspaces } from '../db/schema.js';
import {
  DEMO_CONTRACTS,
  DEMO_EXPIRED_INVITATION_KEY,
  DEMO_INVITATION_KEY,
  DEMO_PASSWORD,
  DEMO_USER,
  HOSTILE_CONTRACT_UID,
  NOWS_USER,
  OTHER_CONTRACT_UID,
  TOTP_CONTRACT_UID,
} from '../db/seed.js';
import { hashToken, SESSION_COOKIE } from '../identity/session.js';
import { INVITATION_MESSAGES } from '../invitations/invitations.js';
import { UNSUPPORTED_LANGUAGE } from '../me/resolvers.js';
import { buildSchema } from '../modules.js';
import { ALL_WORKSPACES, errorMessages, FUND_BALANCE, gql, ME, WSA_TOKEN } from '../test/graphql.js';
import { Browser, type IdentityHarness, openIdentityHarness } from '../test/identity.js';
import { tokenContext } from './context.js';
import { PERMISSION_DENIED, SIGNATURE_EXPIRED } from './errors.js';
import { CSRF_FAILED } from './plugin.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

let h: IdentityHarness;

beforeAll(async () => {
  h = await openIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

/** A browser signed in as `user` through a stored session (no argon2 or 2FA round trip). */
async function signedIn(user: User, expiresInMs = 3600_000): Promise<Browser> {
  const browser = h.browser();
  const token = randomBytes(32).toString('base64url');
  await h.database.db.insert(authSessions).values({
    keyHash: hashToken(token),
    userId: user.id,
    data: { records: [{ method: 'password', at: h.clock.now() / 1000 }] },
    expiresAt: new Date(h.clock.now() + expiresInMs),
  });
  browser.jar.set(SESSION_COOKIE, token);
  return browser;
}

const expired = (user: User) => signedIn(user, -1000);

/** The permission refusal: the message of spec section 8 and no data. */
function expectRefused(answer: { status: number; body: Json }, message = PERMISSION_DENIED) {
  expect(answer.status).toBe(200);
  expect(errorMessages(answer as never)).toEqual([message]);
  expect(answer.body.errors[0].extensions.code).toBe(
    message === PERMISSION_DENIED ? 'FORBIDDEN' : 'SIGNATURE_EXPIRED',
  );
}

describe('POST /api/', () => {
  it('maps the identity session cookie to the user: a real login, then a query', async () => {
    const browser = h.browser();
    expect((await browser.login(DEMO_USER.email, DEMO_PASSWORD)).status).toBe(200);
    const answer = await gql(browser, ME);
    expect(answer.status).toBe(200);
    expect(answer.body.data.me.user.email).toBe(DEMO_USER.email);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses an unsafe call without a matching X-CSRFToken with 403', async () => {
    const browser = await signedIn(h.seed.demoUser);
    await browser.call('GET', '/_allauth/browser/v1/config');
    const missing = await gql(browser, ME, {}, { csrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ errors: [{ message: CSRF_FAILED, extensions: { code: 'CSRF' } }] });

    const wrong = await browser.call('POST', '/api/', {
      body: { query: ME },
      csrf: false,
      headers: { 'x-csrftoken': 'A'.repeat(32) },
    });
    expect(wrong.status).toBe(403);
    expect((await gql(browser, ME)).status).toBe(200);
  });

  it('accepts a multipart request (GraphQL multipart request spec)', async () => {
    const browser = await signedIn(h.seed.demoUser);
    await browser.call('GET', '/_allauth/browser/v1/config');
    const boundary = '----portal-test';
    const part = (name: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: text/plain` : ''}\r\n\r\n${value}\r\n`;
    const payload =
      part('operations', JSON.stringify({ query: 'query { me { user { email } } }', variables: {} })) +
      part('map', '{}') +
      `--${boundary}--\r\n`;
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrftoken': browser.jar.get('csrftoken')!,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { me: { user: { email: DEMO_USER.email } } } });
  });

  it("answers invalid operations with the validator's message, and masks unexpected failures", async () => {
    const browser = await signedIn(h.seed.demoUser);
    const invalid = await gql(browser, 'query { nope }');
    expect(errorMessages(invalid)[0]).toMatch(/Cannot query field "nope"/);

    // A broken database: the message (which may hold internals) stays in the log.
    await h.database.db.execute(sql`alter table support_message_reads rename to unread_broken`);
    try {
      const answer = await gql(browser, ME);
      expect(errorMessages(answer)).toEqual(['Unexpected error.']);
    } finally {
      await h.database.db.execute(sql`alter table unread_broken rename to support_message_reads`);
    }
  });

  it('serves GraphiQL outside production only; production has POST alone', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/api/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/graphiql/i);

    const production = await h.variant({
      NODE_ENV: 'production',
      PORTAL_DEV_TOOLS: '0',
      PAYMENTS_SANDBOX_IN_PRODUCTION: '1',
    });
    try {
      const get = await production.app.inject({
        method: 'GET',
        url: '/api/',
        headers: { accept: 'text/html' },
      });
      expect(get.statusCode).toBe(404);
      const browser = new Browser(production.app);
      browser.jar.set(SESSION_COOKIE, (await signedIn(h.seed.demoUser)).jar.get(SESSION_COOKIE)!);
      const post = await gql(browser, ME);
      expect(post.body.data.me.user.email).toBe(DEMO_USER.email);
    } finally {
      await production.close();
    }
  });
});

describe('allWorkspaces', () => {
  it('answers every field of the workspaces demo may see, and no other', async () => {
    const answer = await gql(await signedIn(h.seed.demoUser), ALL_WORKSPACES);
    expect(answer.body.errors).toBeUndefined();
    const list = answer.body.data.allWorkspaces as Json[];
    expect(list.map((w) => w.contractUid).sort()).toEqual(Object.values(DEMO_CONTRACTS).sort());

    const cabinet = list.find((w) => w.contractUid === DEMO_CONTRACTS.cabinet);
    expect(cabinet).toMatchObject({
      workspaceName: 'Nordwind Cloud',
      number: 'CAB-2024-0101',
      kind: 'CAB',
      balance: {
        contractUid: DEMO_CONTRACTS.cabinet,
        amount: '250.00',
        amountDue: '0.00',
        currency: 'EUR',
        sinceLastInvoice: '37.80',
        pendingPayment: null,
      },
      account: { accountUid: expect.any(String), name: 'Nordwind Hosting GmbH' },
      employee: [
        { uid: expect.any(String), firstName: 'Demo', lastName: 'Customer', email: DEMO_USER.email },
      ],
      unreadMessages: 3,
      servicesLegacy: [],
    });
    expect(cabinet.services).toHaveLength(2);
    expect(cabinet.balance.paymentMethods.map((m: Json) => m.methodType)).toEqual(['CARD', 'PAYPAL']);
    expect(cabinet.balance.paymentMethods[0]).toMatchObject({
      methodId: 'pm_demo_visa_4242',
      effectiveFrom: '2024-03-01T00:00:00.000Z',
      effectiveTill: null,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: 2030,
    });
    expect(cabinet.authorizedPeople).toContainEqual({
      uid: expect.any(String),
      fullName: 'Erika Mustermann',
      mobilePhone: '+4915112345678',
      email: 'erika@nordwind.example',
      loginStatus: 'DISABLED',
    });
    expect(cabinet.invoices[0]).toEqual({
      uid: expect.any(String),
      number: 'INV-2026-000201',
      dateInvoiced: '2026-02-01',
      dateDue: '2026-02-15',
      currency: 'EUR',
      amount: '135.40',
      amountDue: '0.00',
      pdfUid: expect.any(String),
      isSelectableForPayment: false,
      // the PDF, served by the api to the workspace's members (billing/pdf.ts)
      url: `/api/invoices/${cabinet.invoices[0].uid}/pdf`,
      paymentAmount: '135.40',
      paymentCurrency: 'EUR',
      paymentCreatedBy: 'Card ending 4242',
      paymentCreatedOn: '2026-02-03T08:00:00.000Z',
    });

    const legacy = list.find((w) => w.contractUid === DEMO_CONTRACTS.legacy);
    expect(legacy).toMatchObject({
      kind: 'STD',
      services: [],
      balance: {
        amount: '-42.50',
        amountDue: '42.50',
        pendingPayment: {
          amount: '42.50',
          currency: 'EUR',
          paymentMethod: null,
          clientSecret: expect.any(String),
        },
      },
    });
    expect(legacy.servicesLegacy[0]).toEqual({
      uid: expect.any(String),
      title: 'Web hosting Business',
      description: '50 GB SSD, 10 domains, daily backups',
      monthly: '19.90',
      monthlyCurrency: 'EUR',
    });
    const unpaid = legacy.invoices.find((i: Json) => i.isSelectableForPayment);
    // paid in part (the ledger's allocations): 5.10 of 47.60, 42.50 still due
    expect(unpaid).toMatchObject({ amount: '47.60', amountDue: '42.50', paymentAmount: '5.10' });
    expect(legacy.balance.pendingPayment.invoiceUid).toBe(unpaid.uid);

    const webshop = list.find((w) => w.contractUid === DEMO_CONTRACTS.webshop);
    expect(webshop).toMatchObject({ kind: 'STD', balance: { amount: '1200.00', currency: 'USD' } });
    expect(webshop.services).toHaveLength(1);
    expect(webshop.employee.map((e: Json) => e.role)).toEqual(['Billing', 'Technical']);

    // The seed's promise to the selection rule: sorted by account name, the CAB is not first.
    const sorted = [...list].sort((a, b) => a.account.name.localeCompare(b.account.name));
    expect(sorted[0].kind).toBe('STD');
  });

  it('shows a workspace to an active authorized person who is no employee', async () => {
    const answer = await gql(await signedIn(h.seed.demoUser), ALL_WORKSPACES, {
      contractUid: DEMO_CONTRACTS.partner,
    });
    const [partner] = answer.body.data.allWorkspaces;
    expect(partner).toMatchObject({
      kind: 'CAB',
      balance: { amount: '-15.00', amountDue: '15.00', currency: 'USD' },
    });
    expect(partner.employee.map((e: Json) => e.email)).toEqual(['other@example.com']);
    expect(partner.authorizedPeople).toMatchObject([{ email: DEMO_USER.email, loginStatus: 'ACTIVE' }]);
  });

  it('answers one own workspace by contractUid', async () => {
    const answer = await gql(await signedIn(h.seed.demoUser), ALL_WORKSPACES, {
      contractUid: DEMO_CONTRACTS.webshop,
    });
    expect(answer.body.data.allWorkspaces.map((w: Json) => w.contractUid)).toEqual([DEMO_CONTRACTS.webshop]);
  });

  it.each([
    ["another user's workspace (a disabled authorized-person entry grants nothing)", OTHER_CONTRACT_UID],
    ['a workspace that does not exist', 'no-such-contract'],
    ['an empty contractUid', ''],
  ])('refuses %s with the permission error', async (_what, contractUid) => {
    const answer = await gql(await signedIn(h.seed.demoUser), ALL_WORKSPACES, { contractUid });
    expectRefused(answer);
    expect(answer.body.data).toBeNull();
  });

  it('gives each user their own: one for the TOTP user, none for nows', async () => {
    const totp = await gql(await signedIn(h.seed.totpUser), ALL_WORKSPACES);
    expect(totp.body.data.allWorkspaces.map((w: Json) => w.contractUid)).toEqual([TOTP_CONTRACT_UID]);
    const nows = await gql(await signedIn(h.seed.nowsUser), ALL_WORKSPACES);
    expect(nows.body).toEqual({ data: { allWorkspaces: [] } });
    const other = await gql(await signedIn(h.seed.otherUser), ALL_WORKSPACES);
    const otherList = other.body.data.allWorkspaces as Json[];
    expect(otherList.map((w) => w.contractUid).sort()).toEqual(
      [DEMO_CONTRACTS.partner, DEMO_CONTRACTS.webshop, OTHER_CONTRACT_UID, HOSTILE_CONTRACT_UID].sort(),
    );
    // The caller's own employee record first: the client makes it the active employee.
    const webshop = otherList.find((w) => w.contractUid === DEMO_CONTRACTS.webshop);
    expect(webshop.employee.map((e: Json) => e.email)).toEqual(['other@example.com', DEMO_USER.email]);
  });

  it('refuses without a session, and says an expired session has expired', async () => {
    expectRefused(await gql(h.browser(), ALL_WORKSPACES));
    expectRefused(await gql(await expired(h.seed.demoUser), ALL_WORKSPACES), SIGNATURE_EXPIRED);
  });
});

describe('fundBalance', () => {
  it('answers every field for an own workspace', async () => {
    const answer = await gql(await signedIn(h.seed.demoUser), FUND_BALANCE, {
      contractUid: DEMO_CONTRACTS.legacy,
    });
    expect(answer.body.data.fundBalance).toEqual({
      contractUid: DEMO_CONTRACTS.legacy,
      amount: '-42.50',
      bonusBalance: '0.00',
      debitBalance: '42.50',
      amountDue: '42.50',
      sinceLastInvoice: '12.30',
      limit: '0.00',
      vatRate: '19.00',
      currency: 'EUR',
      paymentMethods: [],
      pendingPayment: {
        paymentMethod: null,
        clientSecret: 'pi_demolegacy000103_secret_0000000000000000',
        amount: '42.50',
        currency: 'EUR',
        statementDescriptor: 'PORTAL INV 000103',
        fullDescription: 'Payment of invoice INV-2026-000103',
        invoiceUid: expect.any(String),
      },
    });
  });

  it("answers an authorized person's workspace, refuses another user's, no session and an expired one", async () => {
    const demo = await signedIn(h.seed.demoUser);
    const partner = await gql(demo, FUND_BALANCE, { contractUid: DEMO_CONTRACTS.partner });
    expect(partner.body.data.fundBalance).toMatchObject({ amount: '-15.00', currency: 'USD', limit: '0.00' });
    expectRefused(await gql(demo, FUND_BALANCE, { contractUid: OTHER_CONTRACT_UID }));
    expectRefused(await gql(h.browser(), FUND_BALANCE, { contractUid: DEMO_CONTRACTS.legacy }));
    expectRefused(
      await gql(await expired(h.seed.demoUser), FUND_BALANCE, { contractUid: DEMO_CONTRACTS.legacy }),
      SIGNATURE_EXPIRED,
    );
  });
});

describe('me', () => {
  it('answers the user and the environment', async () => {
    const browser = await signedIn(h.seed.demoUser);
    const answer = await gql(browser, ME);
    expect(answer.body).toEqual({
      data: {
        me: {
          reason: null,
          user: {
            email: DEMO_USER.email,
            phone: DEMO_USER.phone,
            firstName: 'Demo',
            lastName: 'Customer',
            timezone: 'Europe/Berlin',
            dateFormat: 'YYYY-MM-DD',
            timeFormat: '24h',
            language: null,
            totp2faEnabled: false,
            hasUsablePassword: true,
          },
          env: { profiles: [], currentExternalIp: browser.ip, unreadDirectMessages: 4 },
        },
      },
    });
  });

  it('tells 2FA, and why there is little to show', async () => {
    const totp = await gql(await signedIn(h.seed.totpUser), ME);
    expect(totp.body.data.me).toMatchObject({ reason: null, user: { totp2faEnabled: true } });
    const nows = await gql(await signedIn(h.seed.nowsUser), ME);
    expect(nows.body.data.me).toMatchObject({
      reason: 'NO_WORKSPACE',
      // the user's own display preferences
      user: { timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' },
      env: { unreadDirectMessages: 0 },
    });
  });

  it('refuses without a session, and says an expired session has expired', async () => {
    expectRefused(await gql(h.browser(), ME));
    expectRefused(await gql(await expired(h.seed.demoUser), ME), SIGNATURE_EXPIRED);
  });
});

describe('setLanguage', () => {
  const SET_LANGUAGE = /* GraphQL */ `
    mutation SetLanguage($language: String!) {
      setLanguage(language: $language) { user { email language } }
    }
  `;

  it("saves the user's language: the answer and every later me have it; others keep theirs", async () => {
    const totp = await signedIn(h.seed.totpUser);
    const saved = await gql(totp, SET_LANGUAGE, { language: 'de' });
    expect(saved.body).toEqual({
      data: { setLanguage: { user: { email: h.seed.totpUser.email, language: 'de' } } },
    });
    expect((await gql(await signedIn(h.seed.totpUser), ME)).body.data.me.user.language).toBe('de');
    expect((await gql(await signedIn(h.seed.nowsUser), ME)).body.data.me.user.language).toBeNull();
    await gql(totp, SET_LANGUAGE, { language: 'en' });
    expect((await gql(totp, ME)).body.data.me.user.language).toBe('en');
  });

  it('refuses a language the portal does not speak, and a caller without a session', async () => {
    const totp = await signedIn(h.seed.totpUser);
    const answer = await gql(totp, SET_LANGUAGE, { language: 'fr' });
    expect(errorMessages(answer)).toEqual([UNSUPPORTED_LANGUAGE]);
    expect(answer.body.errors[0].extensions.code).toBe('UNSUPPORTED_LANGUAGE');
    expectRefused(await gql(h.browser(), SET_LANGUAGE, { language: 'de' }));
    expectRefused(
      await gql(await expired(h.seed.totpUser), SET_LANGUAGE, { language: 'de' }),
      SIGNATURE_EXPIRED,
    );
  });
});

describe('getWSAToken', () => {
  it('issues a short-lived token bound to the user and the session', async () => {
    const browser = await signedIn(h.seed.demoUser);
    const answer = await gql(browser, WSA_TOKEN);
    const token = answer.body.data.getWSAToken as string;
    expect(token.split('.')).toHaveLength(3);
    const [session] = await h.database.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.keyHash, hashToken(browser.jar.get(SESSION_COOKIE)!)));
    await expect(h.app.graphql.wsaTokens.verify(token)).resolves.toEqual({
      userId: h.seed.demoUser.id,
      sessionId: session!.id,
    });
  });

  it("answers 'Signature has expired' once it has lapsed (60 s by default)", async () => {
    const token = (await gql(await signedIn(h.seed.demoUser), WSA_TOKEN)).body.data.getWSAToken;
    // Whole seconds: issued at second S (floored), it lapses at S + 60.
    h.clock.advance(58_000);
    try {
      await expect(h.app.graphql.wsaTokens.verify(token)).resolves.toMatchObject({
        userId: h.seed.demoUser.id,
      });
      h.clock.advance(2_000);
      await expect(h.app.graphql.wsaTokens.verify(token)).rejects.toThrow(SIGNATURE_EXPIRED);
    } finally {
      h.clock.advance(-60_000);
    }
  });

  it('refuses a tampered token with the permission error', async () => {
    const token: string = (await gql(await signedIn(h.seed.demoUser), WSA_TOKEN)).body.data.getWSAToken;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: h.seed.otherUser.id })).toString('base64url');
    await expect(h.app.graphql.wsaTokens.verify(`${header}.${forged}.${signature}`)).rejects.toThrow(
      PERMISSION_DENIED,
    );
    await expect(h.app.graphql.wsaTokens.verify('not-a-token')).rejects.toThrow(PERMISSION_DENIED);
  });

  it('refuses without a session, and says an expired session has expired', async () => {
    expectRefused(await gql(h.browser(), WSA_TOKEN));
    expectRefused(await gql(await expired(h.seed.demoUser), WSA_TOKEN), SIGNATURE_EXPIRED);
  });
});

describe('invitations', () => {
  const INVITATION = /* GraphQL */ `
    query Invitation($key: String!) {
      invitation(key: $key) { workspaceName invitedBy email role status expiresAt }
    }
  `;
  const ACCEPT = /* GraphQL */ `
    mutation Accept($key: String!) {
      acceptInvitation(key: $key) { employeeUid workspace { contractUid kind employee { uid email role } } }
    }
  `;

  it('shows an invitation without a session; an unknown key is null', async () => {
    const anonymous = h.browser();
    const valid = await gql(anonymous, INVITATION, { key: DEMO_INVITATION_KEY });
    expect(valid.body).toEqual({
      data: {
        invitation: {
          workspaceName: 'Nordwind Cloud',
          invitedBy: 'Demo Customer',
          email: NOWS_USER.email,
          role: 'Technical',
          status: 'VALID',
          expiresAt: expect.any(String),
        },
      },
    });
    const old = await gql(anonymous, INVITATION, { key: DEMO_EXPIRED_INVITATION_KEY });
    expect(old.body.data.invitation).toMatchObject({ status: 'EXPIRED', workspaceName: 'Alpha Web Hosting' });
    expect((await gql(anonymous, INVITATION, { key: 'nope' })).body).toEqual({ data: { invitation: null } });
  });

  it('refuses to accept without a session, for another e-mail, when expired or unknown', async () => {
    expectRefused(await gql(h.browser(), ACCEPT, { key: DEMO_INVITATION_KEY }));
    const demo = await signedIn(h.seed.demoUser);
    expect(errorMessages(await gql(demo, ACCEPT, { key: DEMO_INVITATION_KEY }))).toEqual([
      INVITATION_MESSAGES.otherEmail(NOWS_USER.email),
    ]);
    const nows = await signedIn(h.seed.nowsUser);
    const old = await gql(nows, ACCEPT, { key: DEMO_EXPIRED_INVITATION_KEY });
    expect(errorMessages(old)).toEqual([INVITATION_MESSAGES.expired]);
    expect(old.body.errors[0].extensions.code).toBe('INVITATION_EXPIRED');
    expect(errorMessages(await gql(nows, ACCEPT, { key: 'nope' }))).toEqual([INVITATION_MESSAGES.unknown]);
    expect((await gql(nows, ALL_WORKSPACES)).body.data.allWorkspaces).toEqual([]);
  });

  it('makes the invited user an employee, once', async () => {
    const nows = await signedIn(h.seed.nowsUser);
    const accepted = await gql(nows, ACCEPT, { key: DEMO_INVITATION_KEY });
    expect(accepted.body.errors).toBeUndefined();
    const { employeeUid, workspace } = accepted.body.data.acceptInvitation;
    expect(workspace).toMatchObject({ contractUid: DEMO_CONTRACTS.cabinet, kind: 'CAB' });
    expect(workspace.employee).toContainEqual({
      uid: employeeUid,
      email: NOWS_USER.email,
      role: 'Technical',
    });

    const mine = await gql(nows, ALL_WORKSPACES);
    expect(mine.body.data.allWorkspaces.map((w: Json) => w.contractUid)).toEqual([DEMO_CONTRACTS.cabinet]);
    expect((await gql(nows, ME)).body.data.me.reason).toBeNull();
    expect(
      (await gql(h.browser(), INVITATION, { key: DEMO_INVITATION_KEY })).body.data.invitation.status,
    ).toBe('ACCEPTED');

    const again = await gql(nows, ACCEPT, { key: DEMO_INVITATION_KEY });
    expect(errorMessages(again)).toEqual([INVITATION_MESSAGES.accepted]);
  });
});

describe('live workspace changes (the seam for /ws/api/)', () => {
  const CHANGED = parse(`subscription($contractUid: String!) {
    workspaceChanged(contractUid: $contractUid) { contractUid balance { amount amountDue } }
  }`);
  const schema = buildSchema();
  const claimsOf = async (browser: Browser) =>
    h.app.graphql.wsaTokens.verify((await gql(browser, WSA_TOKEN)).body.data.getWSAToken);

  it('the dev balance endpoint changes the balance and publishes workspaceChanged to subscribers', async () => {
    const claims = await claimsOf(await signedIn(h.seed.demoUser));
    const stream = (await subscribe({
      schema,
      document: CHANGED,
      variableValues: { contractUid: DEMO_CONTRACTS.webshop },
      contextValue: tokenContext(h.app.graphql, claims, '127.0.0.1'),
    })) as AsyncGenerator<Json>;
    expect(Symbol.asyncIterator in stream).toBe(true);
    const next = stream.next();

    const changed = await h.app.inject({
      method: 'POST',
      url: `/_dev/workspaces/${DEMO_CONTRACTS.webshop}/balance`,
      payload: { amount: '-30.5' },
    });
    expect(changed.json()).toEqual({
      contractUid: DEMO_CONTRACTS.webshop,
      amount: '-30.50',
      amountDue: '30.50',
      currency: 'USD',
    });
    expect((await next).value).toEqual({
      data: {
        workspaceChanged: {
          contractUid: DEMO_CONTRACTS.webshop,
          balance: { amount: '-30.50', amountDue: '30.50' },
        },
      },
    });
    await stream.return(undefined);
    // an adjustment entry in the ledger, which the balance is the sum of
    const [row] = await h.database.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.contractUid, DEMO_CONTRACTS.webshop));
    const ledger = await ledgerBalances(h.database.db, [row!.id], utcDate(Date.now()));
    expect(ledger.get(row!.id)?.amount).toBe('-30.50');
  });

  it("refuses to subscribe to another user's workspace", async () => {
    const claims = await claimsOf(await signedIn(h.seed.demoUser));
    const result = (await subscribe({
      schema,
      document: CHANGED,
      variableValues: { contractUid: OTHER_CONTRACT_UID },
      contextValue: tokenContext(h.app.graphql, claims, '127.0.0.1'),
    })) as { errors?: { message: string }[] };
    expect(result.errors?.map((e) => e.message)).toEqual([PERMISSION_DENIED]);
  });

  it('the dev balance endpoint checks its input and exists only with dev tools', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: `/_dev/workspaces/${DEMO_CONTRACTS.webshop}/balance`,
      payload: { amount: 'lots' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/_dev/workspaces/nope/balance',
      payload: { amount: '1' },
    });
    expect(unknown.statusCode).toBe(404);
    const plain = await h.variant({ PORTAL_DEV_TOOLS: '0' });
    try {
      const off = await plain.app.inject({
        method: 'POST',
        url: `/_dev/workspaces/${DEMO_CONTRACTS.webshop}/balance`,
        payload: { amount: '1' },
      });
      expect(off.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('GET /runtime-config.json', () => {
  it('publishes the demo placeholders of the browser settings by default', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/runtime-config.json' })).json()).toEqual({
      recaptchaSiteKey: null,
      sentryDsn: null,
      analyticsScriptUrl: null,
      documentationUrl: 'https://docs.example.com',
      privacyPolicyUrl: '/legal/privacy-policy',
      smsTermsUrl: '/legal/sms-terms',
      companyDomains: ['example.com', 'example.net'],
      paymentsProvider: 'SANDBOX',
      stripePublishableKey: null,
      paypalClientId: null,
    });
  });

  it('publishes the browser settings of a deployment', async () => {
    const deployed = await h.variant({
      ANALYTICS_SCRIPT_URL: 'https://analytics.provider.example/a.js',
      PORTAL_DOCS_URL: 'none',
      PORTAL_PRIVACY_POLICY_URL: 'https://provider.example/privacy',
      PORTAL_SMS_TERMS_URL: '/terms/sms',
      PORTAL_COMPANY_DOMAINS: 'provider.example,provider-cloud.example',
      STRIPE_SECRET_KEY: 'sk_test_secret_never_published',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_published',
      STRIPE_WEBHOOK_SECRET: 'whsec_secret_never_published',
      PAYPAL_CLIENT_ID: 'paypal-client-id',
      PAYPAL_CLIENT_SECRET: 'paypal_secret_never_published',
    });
    try {
      const answer = await deployed.app.inject({ method: 'GET', url: '/runtime-config.json' });
      expect(answer.json()).toEqual({
        recaptchaSiteKey: null,
        sentryDsn: null,
        analyticsScriptUrl: 'https://analytics.provider.example/a.js',
        documentationUrl: null,
        privacyPolicyUrl: 'https://provider.example/privacy',
        smsTermsUrl: '/terms/sms',
        companyDomains: ['provider.example', 'provider-cloud.example'],
        paymentsProvider: 'STRIPE',
        stripePublishableKey: 'pk_test_published',
        paypalClientId: 'paypal-client-id',
      });
      expect(answer.body).not.toMatch(/never_published/);
    } finally {
      await deployed.close();
    }
  });

  it('publishes the Sentry DSN, null when unset', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/runtime-config.json' })).json()).toMatchObject({
      sentryDsn: null,
    });
    const dsn = 'https://public@sentry.example.com/42';
    const reporting = await h.variant({ SENTRY_DSN: dsn });
    try {
      const answer = await reporting.app.inject({ method: 'GET', url: '/runtime-config.json' });
      expect(answer.json()).toMatchObject({ recaptchaSiteKey: null, sentryDsn: dsn });
    } finally {
      await reporting.close();
    }
  });
});

describe('statements per request (issue 14: a regression here is a slower portal)', () => {
  /** The SQL statements the api sends while `call` runs. */
  async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const stop = h.database.observeStatements((statement) => seen.push(statement));
    try {
      await call();
    } finally {
      stop();
    }
    return seen;
  }

  // the shell's query, as the bench sends it (`bench/lib/api.mjs`)
  const SHELL_WORKSPACES = `{ allWorkspaces { contractUid workspaceName number kind
    balance { contractUid amount amountDue currency sinceLastInvoice
      paymentMethods { uid methodId methodType cardBrand cardLast4 } pendingPayment { amount } }
    account { accountUid name } employee { uid firstName lastName email }
    authorizedPeople { uid fullName mobilePhone email loginStatus }
    servicesLegacy { uid title description monthly monthlyCurrency }
    unreadMessages services { uid } myRole capabilities } }`;

  it('allWorkspaces: the flood guard (PostgreSQL only), then the workspaces, kept until a write', async () => {
    const browser = await signedIn(h.seed.demoUser);
    await gql(browser, '{ __typename }'); // the csrftoken cookie first
    const names = async () => {
      const answer = await gql(browser, SHELL_WORKSPACES);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.allWorkspaces).toHaveLength(Object.keys(DEMO_CONTRACTS).length);
      return (answer.body.data.allWorkspaces as { workspaceName: string }[]).map((w) => w.workspaceName);
    };
    // PGlite counts the flood guard in memory (one process): rate-limit-store.ts; both keep the
    // session read by `{ __typename }` and the workspace load until the next write (db/cached-reads.ts)
    const guard = h.database.kind === 'postgres' ? 1 : 0;
    const first = await statementsOf(names);
    expect(first, first.join('\n\n')).toHaveLength(guard + 1);
    expect(first.at(-1)).toMatch(/json_build_object/);
    const before = await names();
    expect(await statementsOf(names)).toHaveLength(guard);
    // a write to a table the load reads: read again, and the answer shows it
    const webshop = eq(workspaces.contractUid, DEMO_CONTRACTS.webshop);
    const [renamed] = await h.database.db
      .update(workspaces)
      .set({ name: sql`${workspaces.name} || ' (renamed)'` })
      .where(webshop)
      .returning({ name: workspaces.name });
    try {
      expect(before).not.toContain(renamed!.name);
      const again = await statementsOf(async () => expect(await names()).toContain(renamed!.name));
      expect(again.filter((statement) => /json_build_object/.test(statement))).toHaveLength(1);
    } finally {
      await h.database.db
        .update(workspaces)
        .set({ name: sql`left(${workspaces.name}, -length(' (renamed)'))` })
        .where(webshop);
    }
  });

  it('every table the workspace load reads tells the other processes of its writes (drizzle/0019)', async () => {
    const browser = await signedIn(h.seed.demoUser);
    await gql(browser, '{ __typename }');
    await h.database.db.execute(sql`update workspaces set name = name where false`); // nothing kept
    const [statement] = (await statementsOf(() => gql(browser, SHELL_WORKSPACES))).filter((s) =>
      /json_build_object/.test(s),
    );
    const read = new Set([...statement!.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map((m) => m[1]!));
    expect(read).toContain('workspaces');
    expect(read).toContain('ledger_entries');
    expect(read).toContain('support_message_reads');
    const notifying = await queryRows<{ table: string }>(
      h.database.db,
      sql`select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_proc p on p.oid = t.tgfoid where p.proname = 'portal_notify_cached_tables'`,
    );
    const withTrigger = new Set(notifying.map((row) => row.table));
    expect([...read].filter((table) => !withTrigger.has(table))).toEqual([]);
  });

  it('GET /auth/session: one statement, then none until a write', async () => {
    const browser = await signedIn(h.seed.demoUser);
    for (const expected of [1, 0]) {
      let answer: Json;
      const statements = await statementsOf(async () => {
        answer = await browser.api('GET', '/auth/session');
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.user.email).toBe(DEMO_USER.email);
      expect(statements, statements.join('\n\n')).toHaveLength(expected);
    }
  });
});
