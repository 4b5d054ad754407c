import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { DEMO_PASSWORD } from '../db/seed.js';
import { type Browser, type IdentityHarness, linkKey, openIdentityHarness } from '../test/identity.js';
import { EMAIL_MESSAGES } from './routes/email.js';

// allauth's /account/email with ACCOUNT_CHANGE_EMAIL: the new address replaces the login once the
// link mailed to it is followed. One app and database for the file.

let h: IdentityHarness;
let count = 0;

async function signedInUser(): Promise<{ email: string; browser: Browser }> {
  count += 1;
  const email = `change${count}@example.com`;
  await h.database.db.insert(users).values({
    email,
    phone: `+4915123460${String(100 + count)}`,
    passwordHash: h.seed.demoUser.passwordHash,
    emailVerified: true,
    phoneVerified: true,
  });
  const browser = h.browser();
  expect((await browser.login(email, DEMO_PASSWORD)).status).toBe(200);
  return { email, browser };
}

beforeAll(async () => {
  h = await openIdentityHarness({ PORTAL_REAUTH_TIMEOUT_S: '300' });
});

afterAll(async () => {
  h.expectContract();
  await h.close();
});

describe('/account/email', () => {
  it('changes the login: the link to the new address verifies it and replaces the old one', async () => {
    const { email, browser } = await signedInUser();
    const asked = await browser.api('POST', '/account/email', { email: 'New.Address@Example.com' });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual([
      { email, primary: true, verified: true },
      { email: 'new.address@example.com', primary: false, verified: false },
    ]);
    // still the old login until the link is followed
    expect((await browser.api('GET', '/account/email')).body.data).toHaveLength(2);
    const [mail] = await h.outbox('new.address@example.com');
    expect(mail?.subject).toBe('[Portal] Please Confirm Your Email Address');
    const key = await linkKey(h, 'new.address@example.com', 'confirm-email');

    const info = await browser.api('GET', '/auth/email/verify', undefined, {
      'X-Email-Verification-Key': key,
    });
    expect(info.status).toBe(200);
    expect(info.body.data.email).toBe('new.address@example.com');

    const verified = await browser.api('POST', '/auth/email/verify', { key });
    expect(verified.status).toBe(200);
    expect(verified.body.data.user.email).toBe('new.address@example.com');
    expect((await browser.api('GET', '/account/email')).body.data).toEqual([
      { email: 'new.address@example.com', primary: true, verified: true },
    ]);
    // the key is spent; the new address signs in, the old one no longer does
    expect((await browser.api('POST', '/auth/email/verify', { key })).status).toBe(400);
    expect((await h.browser().login('new.address@example.com', DEMO_PASSWORD)).status).toBe(200);
    expect((await h.browser().login(email, DEMO_PASSWORD)).status).toBe(400);
  });

  it('refuses a bad or the same address on the field, and sends nothing', async () => {
    const { email, browser } = await signedInUser();
    const bad = await browser.api('POST', '/account/email', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ param: 'email', message: 'Enter a valid email address.' }),
    ]);
    const same = await browser.api('POST', '/account/email', { email });
    expect(same.body.errors).toEqual([
      expect.objectContaining({ param: 'email', message: EMAIL_MESSAGES.same }),
    ]);
    expect((await browser.api('GET', '/account/email')).body.data).toEqual([
      { email, primary: true, verified: true },
    ]);
  });

  it("answers another account's address as a free one, and refuses it only at confirmation", async () => {
    const { email, browser } = await signedInUser();
    const taken = h.seed.demoUser.email;
    const before = (await h.outbox(taken)).length;
    const answer = await browser.api('POST', '/account/email', { email: taken });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { email, primary: true, verified: true },
      { email: taken, primary: false, verified: false },
    ]);
    expect((await h.outbox(taken)).length).toBe(before + 1);
    const key = await linkKey(h, taken, 'confirm-email');
    expect((await browser.api('POST', '/auth/email/verify', { key })).status).toBe(400);
    const [row] = await h.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeDefined();
  });

  it('a stale login must reauthenticate first; anonymous callers get the 401', async () => {
    const { browser } = await signedInUser();
    h.clock.advance(301_000);
    const stale = await browser.api('POST', '/account/email', { email: 'later@example.com' });
    expect(stale.status).toBe(401);
    expect(stale.body.data.flows).toContainEqual({ id: 'reauthenticate' });
    expect(stale.body.meta.is_authenticated).toBe(true);
    expect((await browser.api('POST', '/auth/reauthenticate', { password: DEMO_PASSWORD })).status).toBe(200);
    expect((await browser.api('POST', '/account/email', { email: 'later@example.com' })).status).toBe(200);
    // PUT sends the mail again (not twice in 3 minutes), DELETE drops the pending change
    expect((await browser.api('PUT', '/account/email', { email: 'later@example.com' })).status).toBe(429);
    h.clock.advance(181_000);
    expect((await browser.api('PUT', '/account/email', { email: 'later@example.com' })).status).toBe(200);
    expect((await h.outbox('later@example.com')).length).toBe(2);
    const dropped = await browser.api('DELETE', '/account/email', { email: 'later@example.com' });
    expect(dropped.body.data).toHaveLength(1);

    const anonymous = await h.browser().api('POST', '/account/email', { email: 'x@example.com' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.meta.is_authenticated).toBe(false);
  });

  it('a link whose address someone took meanwhile is invalid, and the login stays', async () => {
    const { email, browser } = await signedInUser();
    await browser.api('POST', '/account/email', { email: 'contested@example.com' });
    const key = await linkKey(h, 'contested@example.com', 'confirm-email');
    await h.database.db.insert(users).values({ email: 'contested@example.com', phone: '+4915123469999' });
    expect((await browser.api('POST', '/auth/email/verify', { key })).status).toBe(400);
    const [row] = await h.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeDefined();
  });
});
