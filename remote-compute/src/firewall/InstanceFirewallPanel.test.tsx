import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import InstanceDetailsPage from '../instances/InstanceDetailsPage';
import { computeClient, instance, typedInstance } from '../test/computeClient';
import { firewall, network, rule, typedFirewall, typedNetwork } from '../test/networkData';
import { renderPage } from '../test/renderPage';

/** A fake api answer (a function of the variables, defined here so no inline arrow reads as a component). */
const reply = (body: unknown) => () => body;

const route = '/workspace/:contractUid/instance/vm/:id/:tab?';
const WEB = instance('web-1');
const OPENED = firewall({
  rules: [
    rule('r-1'),
    rule('r-2', { position: 1, addresses: ['0.0.0.0/0', '::/0'], description: 'SSH for all' }),
  ],
  services: [{ name: 'SSH', protocol: 'TCP', port: 22, reachability: 'OPEN' }],
});

function setup(answers: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  const api = computeClient({
    InstanceDetails: reply({ data: { __typename: 'Query', instance: typedInstance(WEB) } }),
    InstanceNetwork: reply({
      data: {
        __typename: 'Query',
        instance: { __typename: 'Instance', uid: WEB.uid, network: typedNetwork(network()) },
      },
    }),
    AddFirewallRule: reply({ data: { __typename: 'Mutation', addFirewallRule: typedFirewall(OPENED) } }),
    ...answers,
  });
  const rendered = renderPage(<InstanceDetailsPage />, {
    path: '/workspace/C-1/instance/vm/uid-web-1/firewall',
    route,
    graphql: api.client,
  });
  return { ...rendered, api };
}

const sent = (api: ReturnType<typeof computeClient>, operation: string) =>
  api.fetch.mock.calls
    .map(
      ([, init]) =>
        JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> },
    )
    .filter((body) => body.operationName === operation);

describe('Instance details › Firewall', () => {
  it('policies, the services as the internet meets them, dropped packets, the rules in order', async () => {
    setup();
    const inbound = await screen.findByRole('table', { name: 'Inbound rules' });
    expect(within(inbound).getByText('SSH from the office')).toBeTruthy();
    expect(within(inbound).getByText('203.0.113.0/24')).toBeTruthy();
    expect(screen.getByText('No outbound rules: the default policy (Accept) decides.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Inbound' }) as HTMLSelectElement).value).toBe('DROP');
    expect(screen.getByTestId('service-22').textContent).toContain('Restricted');
    expect(screen.getByTestId('dropped-packets').textContent).toBe('12,345');
  });

  it('a bad CIDR is refused on Sources and nothing is sent; a good rule is added and SSH opens', async () => {
    const { user, api, portal } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add rule (Inbound)' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Ports/ }), '22');
    const sources = within(dialog).getByRole('textbox', { name: /^Sources/ });
    await user.clear(sources);
    await user.type(sources, '0.0.0.0/0{enter}10.0.0.300/8');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(
      await within(dialog).findByText(
        'Enter a valid IPv4 or IPv6 address or CIDR, e.g. 203.0.113.0/24 ("10.0.0.300/8" is not one).',
      ),
    ).toBeTruthy();
    expect(sent(api, 'AddFirewallRule')).toEqual([]);

    await user.clear(sources);
    await user.type(sources, '0.0.0.0/0, ::/0');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'SSH for all');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(api, 'AddFirewallRule')[0]?.variables).toEqual({
      contractUid: 'C-1',
      instanceUid: 'uid-web-1',
      rule: {
        direction: 'INBOUND',
        action: 'ACCEPT',
        protocol: 'TCP',
        ports: '22',
        addresses: ['0.0.0.0/0', '::/0'],
        description: 'SSH for all',
      },
    });
    expect(await screen.findByText('SSH for all')).toBeTruthy();
    expect(screen.getByTestId('service-22').textContent).toContain('Open');
    expect(portal.notify).toHaveBeenCalledWith({ type: 'success', message: 'Rule added.' });
  });

  it("the api's refusal lands on the field it names, the input stays", async () => {
    const { user } = setup({
      AddFirewallRule: reply({
        data: null,
        errors: [
          {
            message: '203.0.113.5/24 has host bits set: enter its network, 203.0.113.0/24.',
            extensions: { code: 'INVALID_FIREWALL_RULE', field: 'addresses' },
          },
        ],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add rule (Inbound)' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    const sources = within(dialog).getByRole('textbox', { name: /^Sources/ });
    expect(
      await within(dialog).findByText('203.0.113.5/24 has host bits set: enter its network, 203.0.113.0/24.'),
    ).toBeTruthy();
    expect(sources.getAttribute('aria-invalid')).toBe('true');
    expect((sources as HTMLTextAreaElement).value).toBe('0.0.0.0/0\n::/0');
  });

  it('deletes a rule through the confirm dialog, naming it', async () => {
    const { user, api, portal } = setup({
      DeleteFirewallRule: reply({
        data: { __typename: 'Mutation', deleteFirewallRule: typedFirewall(firewall({ rules: [] })) },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete rule 1' }));
    expect(portal.confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Delete firewall rule?',
        text: 'Delete rule 1 (Accept TCP 22) of <b>web-1</b>? Traffic it decided follows the next rules.',
        confirmText: 'Delete',
      }),
    );
    expect(await screen.findByText('No inbound rules: the default policy (Drop) decides.')).toBeTruthy();
    expect(sent(api, 'DeleteFirewallRule')[0]?.variables).toEqual({
      contractUid: 'C-1',
      instanceUid: 'uid-web-1',
      ruleUid: 'r-1',
    });
  });

  it('changes the default policy at once; live events update the dropped packets', async () => {
    const { user, api } = setup({
      SetFirewallPolicy: reply({
        data: {
          __typename: 'Mutation',
          setFirewallPolicy: typedFirewall(firewall({ inboundPolicy: 'ACCEPT' })),
        },
      }),
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Inbound' }), 'ACCEPT');
    await waitFor(() =>
      expect(sent(api, 'SetFirewallPolicy')[0]?.variables).toMatchObject({
        direction: 'INBOUND',
        policy: 'ACCEPT',
      }),
    );
    await waitFor(() => expect(api.subscribed()).toBe(true));
    api.networkChanged([typedNetwork(network({ firewall: firewall({ droppedInboundPackets: 20000 }) }))]);
    await waitFor(() => expect(screen.getByTestId('dropped-packets').textContent).toBe('20,000'));
  });
});
