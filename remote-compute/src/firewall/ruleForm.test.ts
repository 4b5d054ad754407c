import { describe, expect, it } from 'vitest';
import { computeEn } from '../i18n/en';
import { addressProblem, NEW_RULE, portsProblem, ruleInput, ruleSchema } from './ruleForm';

// `t` with the English texts, interpolated
const t = (key: string, options: Record<string, unknown> = {}) => {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], computeEn);
  return String(text).replace(/{{(\w+)}}/g, (_m, name: string) => String(options[name]));
};
const errors = (values: object) => {
  const result = ruleSchema(t).safeParse({ ...NEW_RULE, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('rule form', () => {
  it('ports: a port or an ordered range', () => {
    expect(portsProblem('22')).toBeNull();
    expect(portsProblem('8000-8080')).toBeNull();
    expect(portsProblem('0')).toBe('ports');
    expect(portsProblem('65536')).toBe('ports');
    expect(portsProblem('22,80')).toBe('ports');
    expect(portsProblem('8080-8000')).toBe('portsOrder');
  });

  it('addresses: dotted IPv4 or IPv6, with an optional prefix, no host bits', () => {
    expect(addressProblem('0.0.0.0/0')).toBeNull();
    expect(addressProblem('::/0')).toBeNull();
    expect(addressProblem('2001:db8::/32')).toBeNull();
    expect(addressProblem('198.51.100.7')).toBeNull();
    expect(addressProblem('10.0.0.300/8')).toEqual({ key: 'address' });
    expect(addressProblem('3221225985')).toEqual({ key: 'address' });
    expect(addressProblem('10.0.0.0/33')).toEqual({ key: 'address' });
    expect(addressProblem('203.0.113.5/24')).toEqual({ key: 'hostBits', suggestion: '203.0.113.0/24' });
  });

  it("the schema's messages are the api's, on their fields", () => {
    expect(errors({})).toEqual({});
    expect(errors({ addresses: '0.0.0.0/0\n10.0.0.300/8' })).toEqual({
      addresses:
        'Enter a valid IPv4 or IPv6 address or CIDR, e.g. 203.0.113.0/24 ("10.0.0.300/8" is not one).',
    });
    expect(errors({ addresses: '  ' })).toEqual({
      addresses: 'Enter at least one address or CIDR, e.g. 0.0.0.0/0 and ::/0 for anywhere.',
    });
    expect(errors({ ports: '99999' })).toEqual({
      ports: 'Enter a port from 1 to 65535 or a range like 8000-8080.',
    });
    expect(errors({ protocol: 'ICMP', ports: '22' })).toEqual({
      ports: 'ICMP and all-traffic rules have no ports: leave Ports empty.',
    });
    expect(errors({ description: 'x'.repeat(101) })).toEqual({
      description: 'The description can be at most 100 characters.',
    });
  });

  it('the input sent: addresses split, ports only for TCP and UDP, texts trimmed', () => {
    expect(
      ruleInput({ ...NEW_RULE, ports: ' 443 ', addresses: '0.0.0.0/0, ::/0\n', description: ' Web ' }),
    ).toEqual({
      direction: 'INBOUND',
      action: 'ACCEPT',
      protocol: 'TCP',
      ports: '443',
      addresses: ['0.0.0.0/0', '::/0'],
      description: 'Web',
    });
    expect(ruleInput({ ...NEW_RULE, protocol: 'ICMP', ports: '22' }).ports).toBeNull();
    expect(ruleInput({ ...NEW_RULE, ports: '' }).ports).toBeNull();
  });
});
