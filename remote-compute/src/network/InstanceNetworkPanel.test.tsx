import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import InstanceDetailsPage from '../instances/InstanceDetailsPage';
import { computeClient, instance, typedInstance } from '../test/computeClient';
import { network, typedNetwork } from '../test/networkData';
import { renderPage } from '../test/renderPage';

/** A fake api answer (a function of the variables, defined here so no inline arrow reads as a component). */
const reply = (body: unknown) => () => body;

const route = '/workspace/:contractUid/instance/vm/:id/:tab?';
const WEB = instance('web-1');

function setup(answers: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  const api = computeClient({
    InstanceDetails: reply({ data: { __typename: 'Query', instance: typedInstance(WEB) } }),
    InstanceNetwork: reply({
      data: {
        __typename: 'Query',
        instance: { __typename: 'Instance', uid: WEB.uid, network: typedNetwork(network()) },
      },
    }),
    ...answers,
  });
  return {
    ...renderPage(<InstanceDetailsPage />, {
      path: '/workspace/C-1/instance/vm/uid-web-1/network',
      route,
      graphql: api.client,
    }),
    api,
  };
}

describe('Instance details › Network', () => {
  it('addresses with kind, network, gateway and reverse DNS; traffic against the transfer', async () => {
    const { user, portal } = setup();
    const table = await screen.findByRole('table', { name: 'Addresses' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['192.0.2.10', 'IPv4', 'Public', '192.0.2.0/24', '192.0.2.1', '192-0-2-10.ip.example.net(default)'],
      ['2001:db8:1:2::1', 'IPv6', 'Public', '2001:db8:1:2::/64', 'fe80::1', 'Not set'],
      ['10.14.3.9', 'IPv4', 'Private', '10.14.0.0/16', '—', '—'],
    ]);
    expect(screen.getByText('312.5 GB of 2 TB (16 %)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Outbound traffic of web-1' })).toBeTruthy();
    expect(screen.getByText(/Counters start again on 01\.12\.2026/)).toBeTruthy();
    // no edit for the private address
    expect(screen.queryByRole('button', { name: 'Edit reverse DNS of 10.14.3.9' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy 2001:db8:1:2::1' }));
    expect(portal.copy).toHaveBeenCalledWith('2001:db8:1:2::1');
  });

  it('edits reverse DNS: a bad name is refused on the field, a good one saved', async () => {
    const saved = { ...network().addresses[0]!, rdns: 'www.example.com', rdnsIsDefault: false };
    const { user, api, portal } = setup({
      SetReverseDns: reply({
        data: { __typename: 'Mutation', setReverseDns: { __typename: 'IpAddress', ...saved } },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit reverse DNS of 192.0.2.10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse DNS of 192.0.2.10' });
    const field = within(dialog).getByRole('textbox', { name: /^Host name/ });
    await user.type(field, 'www example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Enter a host name such as mail.example.com: labels of letters, digits and hyphens separated by dots, up to 253 characters.',
      ),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'www.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const calls = api.fetch.mock.calls
      .map(([, init]) => JSON.parse(String(init?.body)))
      .filter((b: { operationName: string }) => b.operationName === 'SetReverseDns');
    expect(calls.map((c: { variables: unknown }) => c.variables)).toEqual([
      { contractUid: 'C-1', instanceUid: 'uid-web-1', address: '192.0.2.10', rdns: 'www.example.com' },
    ]);
    expect(portal.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Reverse DNS of 192.0.2.10 is now www.example.com.',
    });
    const table = await screen.findByRole('table', { name: 'Addresses' });
    expect(await within(table).findByText('www.example.com')).toBeTruthy();
  });
});
