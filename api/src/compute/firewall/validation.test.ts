import { describe, expect, it } from 'vitest';
import { parseCidr } from './cidr.js';
import {
  FIREWALL_MESSAGES,
  MAX_ADDRESSES_PER_RULE,
  parsePorts,
  type RuleInput,
  validateRule,
} from './validation.js';

const input = (overrides: Partial<RuleInput> = {}): RuleInput => ({
  direction: 'INBOUND',
  protocol: 'TCP',
  ports: '22',
  addresses: ['0.0.0.0/0'],
  action: 'ACCEPT',
  description: '',
  ...overrides,
});

describe('parseCidr', () => {
  it.each([
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['::/0', '::/0'],
    ['203.0.113.0/24', '203.0.113.0/24'],
    [' 198.51.100.7 ', '198.51.100.7/32'],
    ['2001:DB8:0:0::/32', '2001:db8::/32'],
    ['2001:db8::1', '2001:db8::1/128'],
    ['10.0.0.0/8', '10.0.0.0/8'],
  ])('%s is %s', (raw, text) => {
    expect(parseCidr(raw)).toMatchObject({ ok: true, cidr: { text } });
  });

  it.each([
    '10.0.0.300/8',
    '10.0.0/8',
    '203.0.113.0/33',
    '2001:db8::/129',
    '0xc0.0.2.1',
    '3221225985',
    'example.com',
    '10.0.0.0/08',
    '10.0.0.0/',
    '/24',
    '1.2.3.4/24/1',
    'fe80::1%eth0',
    '',
  ])('%s is refused', (raw) => {
    expect(parseCidr(raw)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('host bits set: refused with the network as a suggestion', () => {
    expect(parseCidr('203.0.113.5/24')).toEqual({
      ok: false,
      reason: 'hostBits',
      suggestion: '203.0.113.0/24',
    });
    expect(parseCidr('2001:db8::1/64')).toEqual({
      ok: false,
      reason: 'hostBits',
      suggestion: '2001:db8::/64',
    });
  });
});

describe('parsePorts', () => {
  it('a port or a range, normalised', () => {
    expect(parsePorts('22')).toEqual({ ok: true, ports: '22' });
    expect(parsePorts('8000-8080')).toEqual({ ok: true, ports: '8000-8080' });
    expect(parsePorts(' 8000 - 8080 ')).toEqual({ ok: true, ports: '8000-8080' });
    expect(parsePorts('443-443')).toEqual({ ok: true, ports: '443' });
    expect(parsePorts('1-65535')).toEqual({ ok: true, ports: '1-65535' });
  });
  it.each(['0', '65536', '22,80', 'ssh', '-22', '22-', '1-2-3', '022', '99999'])('%s is refused', (raw) => {
    expect(parsePorts(raw)).toEqual({ ok: false, message: FIREWALL_MESSAGES.ports });
  });
  it('a reversed range says so', () => {
    expect(parsePorts('8080-8000')).toEqual({ ok: false, message: FIREWALL_MESSAGES.portsOrder });
  });
});

describe('validateRule', () => {
  it('normalises a good rule: CIDRs canonical and without duplicates, description trimmed', () => {
    expect(
      validateRule(
        input({
          ports: ' 8000-8080 ',
          addresses: ['203.0.113.0/24', '2001:DB8::/32', '203.0.113.0/24', ''],
          description: '  Web  ',
        }),
      ),
    ).toEqual({
      ok: true,
      rule: {
        direction: 'INBOUND',
        protocol: 'TCP',
        ports: '8000-8080',
        addresses: ['203.0.113.0/24', '2001:db8::/32'],
        action: 'ACCEPT',
        description: 'Web',
      },
    });
  });

  it('accepts addresses separated by commas or spaces in one entry', () => {
    const result = validateRule(input({ addresses: ['0.0.0.0/0, ::/0'] }));
    expect(result.ok && result.rule.addresses).toEqual(['0.0.0.0/0', '::/0']);
  });

  it('TCP or UDP without ports: every port', () => {
    const result = validateRule(input({ protocol: 'UDP', ports: '' }));
    expect(result.ok && result.rule.ports).toBeNull();
  });

  it('refuses naming the field, with the first problem', () => {
    expect(validateRule(input({ ports: '70000' }))).toEqual({
      ok: false,
      field: 'ports',
      message: 'Enter a port from 1 to 65535 or a range like 8000-8080.',
    });
    expect(validateRule(input({ protocol: 'ICMP', ports: '22' }))).toEqual({
      ok: false,
      field: 'ports',
      message: FIREWALL_MESSAGES.portsNotAllowed,
    });
    expect(validateRule(input({ addresses: ['0.0.0.0/0', '10.0.0.300/8'] }))).toEqual({
      ok: false,
      field: 'addresses',
      message: 'Enter a valid IPv4 or IPv6 address or CIDR, e.g. 203.0.113.0/24 ("10.0.0.300/8" is not one).',
    });
    expect(validateRule(input({ addresses: ['203.0.113.5/24'] }))).toEqual({
      ok: false,
      field: 'addresses',
      message: '203.0.113.5/24 has host bits set: enter its network, 203.0.113.0/24.',
    });
    expect(validateRule(input({ addresses: [' '] }))).toEqual({
      ok: false,
      field: 'addresses',
      message: 'Enter at least one source, e.g. 0.0.0.0/0 and ::/0 for anywhere.',
    });
    expect(validateRule(input({ direction: 'OUTBOUND', addresses: [] }))).toMatchObject({
      message: 'Enter at least one destination, e.g. 0.0.0.0/0 and ::/0 for anywhere.',
    });
    const many = Array.from({ length: MAX_ADDRESSES_PER_RULE + 1 }, (_, i) => `198.51.100.${i}`);
    expect(validateRule(input({ addresses: many }))).toMatchObject({ field: 'addresses' });
    expect(validateRule(input({ description: 'x'.repeat(101) }))).toEqual({
      ok: false,
      field: 'description',
      message: 'The description can be at most 100 characters.',
    });
  });
});
