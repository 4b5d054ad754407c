import type { FirewallFieldsFragment, InstanceNetworkFieldsFragment } from '../gql/graphql';

type Rule = FirewallFieldsFragment['rules'][number];

export const rule = (uid: string, fields: Partial<Rule> = {}): Rule => ({
  uid,
  direction: 'INBOUND',
  position: 0,
  protocol: 'TCP',
  ports: '22',
  addresses: ['203.0.113.0/24'],
  action: 'ACCEPT',
  description: 'SSH from the office',
  ...fields,
});

export function firewall(fields: Partial<FirewallFieldsFragment> = {}): FirewallFieldsFragment {
  return {
    uid: 'uid-web-1',
    inboundPolicy: 'DROP',
    outboundPolicy: 'ACCEPT',
    droppedInboundPackets: 12345,
    maxRulesPerDirection: 25,
    rules: [rule('r-1')],
    services: [{ name: 'SSH', protocol: 'TCP', port: 22, reachability: 'RESTRICTED' }],
    ...fields,
  };
}

export function network(fields: Partial<InstanceNetworkFieldsFragment> = {}): InstanceNetworkFieldsFragment {
  return {
    uid: 'uid-web-1',
    addresses: [
      {
        uid: 'a-4',
        address: '192.0.2.10',
        prefix: 24,
        network: '192.0.2.0/24',
        gateway: '192.0.2.1',
        family: 'IPV4',
        kind: 1,
        kindName: 'PUBLIC',
        rdns: '192-0-2-10.ip.example.net',
        rdnsIsDefault: true,
      },
      {
        uid: 'a-6',
        address: '2001:db8:1:2::1',
        prefix: 64,
        network: '2001:db8:1:2::/64',
        gateway: 'fe80::1',
        family: 'IPV6',
        kind: 1,
        kindName: 'PUBLIC',
        rdns: null,
        rdnsIsDefault: true,
      },
      {
        uid: 'a-p',
        address: '10.14.3.9',
        prefix: 16,
        network: '10.14.0.0/16',
        gateway: null,
        family: 'IPV4',
        kind: 2,
        kindName: 'PRIVATE',
        rdns: null,
        rdnsIsDefault: true,
      },
    ],
    traffic: {
      month: '2026-11',
      outboundBytes: 312_500_000_000,
      inboundBytes: 80_000_000_000,
      includedBytes: 2e12,
      resetsAt: '2026-12-01T00:00:00.000Z',
    },
    firewall: firewall(),
    ...fields,
  };
}

/** The objects as the api sends them, every one with its `__typename` (graphcache normalises by it). */
export const typedFirewall = (f: FirewallFieldsFragment) => ({
  __typename: 'Firewall',
  ...f,
  rules: f.rules.map((r) => ({ __typename: 'FirewallRule', ...r })),
  services: f.services.map((s) => ({ __typename: 'InstanceService', ...s })),
});

export const typedNetwork = (n: InstanceNetworkFieldsFragment) => ({
  __typename: 'InstanceNetwork',
  ...n,
  addresses: n.addresses.map((a) => ({ __typename: 'IpAddress', ...a })),
  traffic: { __typename: 'NetworkTraffic', ...n.traffic },
  firewall: typedFirewall(n.firewall),
});
