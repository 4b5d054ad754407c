import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DashboardPage from '../dashboard/DashboardPage';
import { computeClient, instance, typedInstance } from '../test/computeClient';
import { firewall, network, rule, typedNetwork } from '../test/networkData';
import { renderPage } from '../test/renderPage';

/** A fake api answer (a function of the variables, defined here so no inline arrow reads as a component). */
const reply = (body: unknown) => () => body;

const route = '/workspace/:contractUid/dashboard/:tab?';
const WEB = instance('web-1');
const DB = instance('db-1', { status: 'INACTIVE', allowedActions: ['START', 'DELETE'] });
const networks = {
  [WEB.uid]: network(),
  [DB.uid]: network({
    uid: DB.uid,
    addresses: network().addresses.map((a) => ({
      ...a,
      uid: `db-${a.uid}`,
      address: a.address.replace('10', '20'),
    })),
    firewall: firewall({
      uid: DB.uid,
      inboundPolicy: 'ACCEPT',
      rules: [rule('db-r1'), rule('db-r2', { direction: 'OUTBOUND' })],
      services: [{ name: 'SSH', protocol: 'TCP', port: 22, reachability: 'OPEN' }],
      droppedInboundPackets: 0,
    }),
  }),
};

function setup(tab: 'network' | 'firewall') {
  const api = computeClient({
    WorkspaceNetworks: reply({
      data: {
        __typename: 'Query',
        instances: [DB, WEB].map((i) => ({ ...typedInstance(i), network: typedNetwork(networks[i.uid]!) })),
      },
    }),
  });
  return {
    ...renderPage(<DashboardPage />, { path: `/workspace/C-1/dashboard/${tab}`, route, graphql: api.client }),
    api,
  };
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Dashboard › Network and Firewall', () => {
  it('Network: every instance by name with its addresses, reverse DNS and traffic; live traffic', async () => {
    const { api, user } = setup('network');
    const table = await screen.findByRole('table', { name: 'Network' });
    expect(cells(table).map((row) => row.slice(0, 5))).toEqual([
      ['db-1Inactive', '192.0.2.20', '2001:db8:1:2::1', '20.14.3.9', '192-0-2-10.ip.example.net'],
      ['web-1Active', '192.0.2.10', '2001:db8:1:2::1', '10.14.3.9', '192-0-2-10.ip.example.net'],
    ]);
    expect(within(table).getAllByText('312.5 GB of 2 TB (16 %)')).toHaveLength(2);
    await waitFor(() => expect(api.subscribed()).toBe(true));
    const more = network();
    api.networkChanged([typedNetwork({ ...more, traffic: { ...more.traffic, outboundBytes: 1.9e12 } })]);
    expect(await within(table).findByText('1.9 TB of 2 TB (95 %)')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name or address' }), '10.14');
    expect(cells(table).map((row) => row[0])).toEqual(['web-1Active']);
  });

  it('Firewall: policies, rule counts, services and dropped packets per instance', async () => {
    setup('firewall');
    const table = await screen.findByRole('table', { name: 'Firewall' });
    expect(cells(table)).toEqual([
      ['db-1', 'Accept', 'Accept', '1 in · 1 out', 'SSH · Open', '0'],
      ['web-1', 'Drop', 'Accept', '1 in · 0 out', 'SSH · Restricted', '12,345'],
    ]);
    expect(within(table).getByRole('link', { name: 'web-1' }).getAttribute('href')).toBe(
      '/workspace/C-1/instance/vm/uid-web-1/firewall',
    );
  });
});
