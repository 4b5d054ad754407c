import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { parseRates, RateLimiter } from './rate-limit.js';

describe('RateLimiter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('parses allauth notation', () => {
    expect(parseRates('10/m/ip,5/5m/key')).toEqual([
      { amount: 10, durationMs: 60_000, per: 'ip' },
      { amount: 5, durationMs: 300_000, per: 'key' },
    ]);
  });

  it('refuses the hit after the allowance and forgets it once the window has passed', async () => {
    let now = 0;
    const limiter = new RateLimiter(database.db, () => now);
    for (let i = 0; i < 20; i++) expect(await limiter.consume('signup', { ip: '1.2.3.4' })).toBe(true);
    expect(await limiter.consume('signup', { ip: '1.2.3.4' })).toBe(false);
    expect(await limiter.consume('signup', { ip: '5.6.7.8' })).toBe(true);
    now = 60_001;
    expect(await limiter.consume('signup', { ip: '1.2.3.4' })).toBe(true);
  });

  it('multiplies every allowance by the scale of test runs', async () => {
    const limiter = new RateLimiter(database.db, () => 0, 3);
    for (let i = 0; i < 60; i++) expect(await limiter.consume('signup', { ip: '9.9.9.9' })).toBe(true);
    expect(await limiter.consume('signup', { ip: '9.9.9.9' })).toBe(false);
  });

  it('holds for every limiter on the database (every api process), and a limited call records nothing', async () => {
    const now = 1_000_000;
    const [a, b] = [new RateLimiter(database.db, () => now), new RateLimiter(database.db, () => now)];
    // login_failed: 10/m/ip, 5/5m/key; spread over both, the 6th failure of one key is refused
    for (let i = 0; i < 5; i++)
      expect(await (i % 2 ? a : b).consume('login_failed', { ip: '10.0.0.1', key: 'x@example.com' })).toBe(
        true,
      );
    expect(await a.consume('login_failed', { ip: '10.0.0.1', key: 'x@example.com' })).toBe(false);
    expect(await b.consume('login_failed', { ip: '10.0.0.1', key: 'x@example.com' })).toBe(false);
    // the refused calls counted nothing for the address: 5 more keys' failures fit its 10
    for (let i = 0; i < 5; i++)
      expect(await a.consume('login_failed', { ip: '10.0.0.1', key: `y${i}@example.com` })).toBe(true);
    expect(await b.consume('login_failed', { ip: '10.0.0.1', key: 'z@example.com' })).toBe(false);
    // a successful login clears the key's window (not the address's)
    await b.clear('login_failed', { key: 'x@example.com' });
    expect(await a.consume('login_failed', { ip: '10.0.0.2', key: 'x@example.com' })).toBe(true);
  });
});

describe('PORTAL_RATE_LIMIT_SCALE', () => {
  it('defaults to allauth’s values and is refused in production', () => {
    expect(testConfig().identity.rateLimitScale).toBe(1);
    expect(testConfig({ PORTAL_RATE_LIMIT_SCALE: '10' }).identity.rateLimitScale).toBe(10);
    expect(() => testConfig({ PORTAL_RATE_LIMIT_SCALE: '0' })).toThrow(/PORTAL_RATE_LIMIT_SCALE/);
    expect(() => testConfig({ NODE_ENV: 'production', PORTAL_RATE_LIMIT_SCALE: '10' })).toThrow(
      /refused when NODE_ENV=production/,
    );
  });
});
