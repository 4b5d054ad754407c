import { describe, expect, it } from 'vitest';
import { FIREWALL_MESSAGES, type RuleInput, validateRule } from './validation.js';

const rule = (addresses: string[]): RuleInput => ({
  direction: 'INBOUND',
  protocol: 'TCP',
  ports: '22',
  addresses,
  action: 'ACCEPT',
});
const distinct = (n: number) =>
  Array.from({ length: n }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}/32`);
const tooMany = { ok: false, field: 'addresses', message: FIREWALL_MESSAGES.tooManyAddresses };

// A megabyte of addresses is what one request can carry. Refusing it parses nothing, so it takes
// well under a millisecond; the bound below is a margin for a busy machine, not a budget (parsing
// and de-duplicating 70,000 entries one by one took 40 s and more).
const BOUND_MS = 1_000;

function timed<T>(work: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = work();
  return { result, ms: performance.now() - started };
}

describe('firewall addresses are bounded before they are parsed', () => {
  it('refuses 70,000 addresses at once', () => {
    const { result, ms } = timed(() => validateRule(rule(distinct(70_000))));
    expect(result).toEqual(tooMany);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('refuses 70,000 addresses in one comma-separated entry', () => {
    const { result, ms } = timed(() => validateRule(rule([distinct(70_000).join(',')])));
    expect(result).toEqual(tooMany);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('still drops duplicates of a pasted list before counting to 20', () => {
    const twenty = distinct(20);
    const result = validateRule(rule([...twenty, ...twenty.slice(0, 10)]));
    expect(result).toMatchObject({ ok: true, rule: { addresses: twenty } });
    expect(validateRule(rule(distinct(21)))).toEqual(tooMany);
  });
});
