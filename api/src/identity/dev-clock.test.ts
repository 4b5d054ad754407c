import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DEMO_PASSWORD, DEMO_USER, TOTP_USER } from '../db/seed.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { type IdentityHarness, openIdentityHarness } from '../test/identity.js';
import { agedSessionData } from './dev-clock.js';

let h: IdentityHarness;

beforeAll(async () => {
  h = await openIdentityHarness({ PORTAL_REAUTH_TIMEOUT_S: '300' });
});

afterAll(async () => {
  await h.close();
});

const age = (browser: ReturnType<IdentityHarness['browser']>, seconds: unknown) =>
  browser.call('POST', '/_dev/session/age', { body: { seconds }, csrf: false });

describe('POST /_dev/session/age', () => {
  it('makes the reauthentication lapse at once, without moving any clock', async () => {
    const browser = h.browser();
    expect((await browser.login(DEMO_USER.email, DEMO_PASSWORD)).status).toBe(200);
    const before = (await browser.api('GET', '/auth/session')).body.data.methods;
    expect((await browser.api('GET', '/account/authenticators/recovery-codes')).status).not.toBe(401);

    const aged = await age(browser, 301);
    expect(aged.status).toBe(200);
    expect(aged.body.records).toEqual(
      before.map((record: { at: number }) => ({ ...record, at: record.at - 301 })),
    );
    const needed = await browser.api('DELETE', '/account/authenticators/totp');
    expect(needed.status).toBe(401);
    expect(needed.body.meta).toEqual({ is_authenticated: true });
    // still signed in: only the reauthentication is stale
    expect((await browser.api('GET', '/auth/session')).status).toBe(200);
  });

  it('makes a stashed login lapse (the 2FA step then answers 401 without it)', async () => {
    const browser = h.browser();
    const login = await browser.login(TOTP_USER.email, DEMO_PASSWORD);
    expect(login.body.data.flows.find((flow: { is_pending?: boolean }) => flow.is_pending)?.id).toBe(
      'mfa_authenticate',
    );
    expect((await age(browser, 901)).status).toBe(200);
    const answer = await browser.api('POST', '/auth/2fa/authenticate', { code: '123456' });
    expect(answer.status).toBe(401);
    expect(answer.body.data.flows.some((flow: { is_pending?: boolean }) => flow.is_pending)).toBe(false);
  });

  it('refuses a browser without a session and a bad amount', async () => {
    const browser = h.browser();
    expect((await age(browser, 10)).status).toBe(404);
    for (const bad of [0, -5, 1.5, 'ten', null, 400 * 24 * 3600])
      expect((await age(browser, bad)).status).toBe(400);
  });

  it('moves every time stamp of the session data, and nothing else', () => {
    const data = {
      records: [{ method: 'password', at: 1000 }],
      pending: {
        userId: 'u',
        email: 'a@b.c',
        phone: '',
        signup: false,
        records: [],
        handled: [],
        startedAt: 2000,
        loginCode: { code: 'X', expiresAt: 3_000_000, attempts: 1 },
      },
      pendingFlow: { id: 'provider_signup', startedAt: 4000 },
      totpSecret: 'S',
    };
    expect(agedSessionData(data, 10)).toEqual({
      records: [{ method: 'password', at: 990 }],
      pending: {
        ...data.pending,
        startedAt: 1990,
        loginCode: { code: 'X', expiresAt: 2_990_000, attempts: 1 },
      },
      pendingFlow: { id: 'provider_signup', startedAt: 3990 },
      totpSecret: 'S',
    });
  });
});

describe('without PORTAL_DEV_TOOLS', () => {
  it('does not exist', async () => {
    const database = await openTestDatabase();
    const app = buildApp(testConfig({}), { database });
    try {
      const answer = await app.inject({ method: 'POST', url: '/_dev/session/age', payload: { seconds: 5 } });
      expect(answer.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
