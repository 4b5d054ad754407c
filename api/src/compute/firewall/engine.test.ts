import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EngineFirewall, type EngineRule, evaluate, reachability } from './engine.js';

const rule = (overrides: Partial<EngineRule>): EngineRule => ({
  direction: 'INBOUND',
  protocol: 'TCP',
  ports: null,
  addresses: ['0.0.0.0/0', '::/0'],
  action: 'ACCEPT',
  ...overrides,
});
const firewall = (rules: EngineRule[], inboundPolicy: 'ACCEPT' | 'DROP' = 'DROP'): EngineFirewall => ({
  inboundPolicy,
  outboundPolicy: 'ACCEPT',
  rules,
});

describe('evaluate', () => {
  it('the first matching rule decides, else the policy of the direction', () => {
    const fw = firewall([
      rule({ ports: '22', addresses: ['203.0.113.0/24'], action: 'ACCEPT' }),
      rule({ ports: '22', action: 'DROP' }),
      rule({ ports: '8000-8080' }),
      rule({ protocol: 'ICMP' }),
    ]);
    expect(evaluate(fw, { direction: 'INBOUND', protocol: 'TCP', port: 22, address: '203.0.113.9' })).toEqual(
      {
        action: 'ACCEPT',
        rule: 0,
      },
    );
    expect(
      evaluate(fw, { direction: 'INBOUND', protocol: 'TCP', port: 22, address: '198.51.100.9' }),
    ).toEqual({
      action: 'DROP',
      rule: 1,
    });
    expect(
      evaluate(fw, { direction: 'INBOUND', protocol: 'TCP', port: 8080, address: '2001:db8::5' }),
    ).toEqual({
      action: 'ACCEPT',
      rule: 2,
    });
    expect(
      evaluate(fw, { direction: 'INBOUND', protocol: 'TCP', port: 8081, address: '2001:db8::5' }),
    ).toEqual({
      action: 'DROP',
      rule: null,
    });
    expect(
      evaluate(fw, { direction: 'INBOUND', protocol: 'UDP', port: 8080, address: '192.0.2.1' }).rule,
    ).toBeNull();
    expect(evaluate(fw, { direction: 'INBOUND', protocol: 'ICMP', address: '192.0.2.1' }).rule).toBe(3);
    expect(evaluate(fw, { direction: 'OUTBOUND', protocol: 'TCP', port: 22, address: '192.0.2.1' })).toEqual({
      action: 'ACCEPT',
      rule: null,
    });
  });

  it('an IPv4 CIDR never matches an IPv6 address and the reverse', () => {
    const fw = firewall([rule({ addresses: ['0.0.0.0/0'] })]);
    expect(
      evaluate(fw, { direction: 'INBOUND', protocol: 'TCP', port: 1, address: '2001:db8::1' }).rule,
    ).toBeNull();
    const v6 = firewall([rule({ addresses: ['::/0'] })]);
    expect(
      evaluate(v6, { direction: 'INBOUND', protocol: 'TCP', port: 1, address: '192.0.2.1' }).rule,
    ).toBeNull();
  });

  const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.'));
  const port = fc.integer({ min: 1, max: 65535 });

  it('property: with no rules, the policy decides every packet', () => {
    fc.assert(
      fc.property(
        ipv4,
        port,
        fc.constantFrom('ACCEPT', 'DROP') as fc.Arbitrary<'ACCEPT' | 'DROP'>,
        (address, p, policy) => {
          const verdict = evaluate(firewall([], policy), {
            direction: 'INBOUND',
            protocol: 'TCP',
            port: p,
            address,
          });
          expect(verdict).toEqual({ action: policy, rule: null });
        },
      ),
    );
  });

  it('property: a rule for anywhere on a port range decides exactly the ports inside it', () => {
    fc.assert(
      fc.property(ipv4, port, port, port, (address, a, b, p) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const fw = firewall([rule({ ports: from === to ? `${from}` : `${from}-${to}`, action: 'ACCEPT' })]);
        const verdict = evaluate(fw, { direction: 'INBOUND', protocol: 'TCP', port: p, address });
        expect(verdict.action === 'ACCEPT').toBe(p >= from && p <= to);
      }),
    );
  });

  it('property: a /n CIDR matches an address exactly when their first n bits agree', () => {
    fc.assert(
      fc.property(ipv4, ipv4, fc.integer({ min: 0, max: 32 }), (network, address, prefix) => {
        const toInt = (a: string) => a.split('.').reduce((n, o) => n * 256 + Number(o), 0);
        const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
        const net = (toInt(network) & mask) >>> 0;
        const text = [24, 16, 8, 0].map((s) => (net >>> s) & 255).join('.');
        const fw = firewall([rule({ addresses: [`${text}/${prefix}`] })]);
        const matched = evaluate(fw, { direction: 'INBOUND', protocol: 'TCP', port: 1, address }).rule === 0;
        expect(matched).toBe((toInt(address) & mask) >>> 0 === net);
      }),
    );
  });

  it('property: rules of the other direction never change a verdict', () => {
    fc.assert(
      fc.property(
        ipv4,
        port,
        fc.constantFrom('ACCEPT', 'DROP') as fc.Arbitrary<'ACCEPT' | 'DROP'>,
        (address, p, action) => {
          const base = firewall([rule({ ports: '22' })]);
          const more = firewall([rule({ direction: 'OUTBOUND', action }), ...base.rules]);
          const packet = { direction: 'INBOUND' as const, protocol: 'TCP' as const, port: p, address };
          expect(evaluate(more, packet).action).toBe(evaluate(base, packet).action);
        },
      ),
    );
  });
});

describe('reachability', () => {
  const ssh = { protocol: 'TCP' as const, port: 22 };
  it('OPEN when anyone gets through, RESTRICTED for named sources only, FILTERED for nobody', () => {
    expect(reachability(firewall([], 'ACCEPT'), ssh)).toBe('OPEN');
    expect(reachability(firewall([]), ssh)).toBe('FILTERED');
    expect(reachability(firewall([rule({ ports: '22' })]), ssh)).toBe('OPEN');
    expect(reachability(firewall([rule({ ports: '22', addresses: ['::/0'] })]), ssh)).toBe('OPEN');
    expect(reachability(firewall([rule({ ports: '22', addresses: ['203.0.113.0/24'] })]), ssh)).toBe(
      'RESTRICTED',
    );
    expect(reachability(firewall([rule({ ports: '22', addresses: ['198.51.100.77/32'] })]), ssh)).toBe(
      'RESTRICTED',
    );
    expect(reachability(firewall([rule({ ports: '80' })]), ssh)).toBe('FILTERED');
    expect(reachability(firewall([rule({ ports: '22', action: 'DROP' })], 'ACCEPT'), ssh)).toBe('FILTERED');
    expect(
      reachability(
        firewall([rule({ ports: '22', addresses: ['203.0.113.0/24'], action: 'DROP' })], 'ACCEPT'),
        ssh,
      ),
    ).toBe('OPEN');
    expect(reachability(firewall([rule({ protocol: 'UDP', ports: '22' })]), ssh)).toBe('FILTERED');
    expect(reachability(firewall([rule({ protocol: 'ALL' })]), ssh)).toBe('OPEN');
  });
});
