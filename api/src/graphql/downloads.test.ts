import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityHarness, openIdentityHarness, signedInBrowser } from '../test/identity.js';
import { DOWNLOADS_LIMITED, DOWNLOADS_PER_MINUTE } from './downloads.js';

let h: IdentityHarness;

beforeAll(async () => {
  h = await openIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('file downloads are limited per session', () => {
  it.each([
    ['invoice PDFs', (uid: string) => `/api/invoices/${uid}/pdf`],
    ['support attachments', (uid: string) => `/api/support/attachments/${uid}`],
  ])('%s: %i a minute, then 429 with Retry-After', async (_name, url) => {
    const browser = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    const statuses: number[] = [];
    for (let i = 0; i < DOWNLOADS_PER_MINUTE; i++)
      statuses.push((await browser.call('GET', url(randomUUID()))).status);
    expect(statuses.every((s) => s === 404)).toBe(true);
    const refused = await browser.call('GET', url(randomUUID()));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: DOWNLOADS_LIMITED });
    expect(refused.headers['retry-after']).toBe('60');
    // another session has its own allowance
    const other = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    expect((await other.call('GET', url(randomUUID()))).status).toBe(404);
  });
});
