import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/helpers.js';
import { parseRates, RateLimiter } from './rate-limit.js';

describe('RateLimiter', () => {
  it('parses allauth notation', () => {
    expect(parseRates('10/m/ip,5/5m/key')).toEqual([
      { amount: 10, durationMs: 60_000, per: 'ip' },
      { amount: 5, durationMs: 300_000, per: 'key' },
    ]);
  });

  it('refuses the hit after the allowance and forgets it once the window has passed', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 20; i++) expect(limiter.consume('signup', { ip: '1.2.3.4' })).toBe(true);
    expect(limiter.consume('signup', { ip: '1.2.3.4' })).toBe(false);
    expect(limiter.consume('signup', { ip: '5.6.7.8' })).toBe(true);
    now = 60_001;
    expect(limiter.consume('signup', { ip: '1.2.3.4' })).toBe(true);
  });

  it('multiplies every allowance by the scale of test runs', () => {
    const limiter = new RateLimiter(() => 0, 3);
    for (let i = 0; i < 60; i++) expect(limiter.consume('signup', { ip: '1.2.3.4' })).toBe(true);
    expect(limiter.consume('signup', { ip: '1.2.3.4' })).toBe(false);
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
