import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstanceFieldsFragment } from '../gql/graphql';
import { computeClient, instance, instancesAnswer, typedInstance } from '../test/computeClient';

const actionAnswer = (changed: InstanceFieldsFragment) => () => ({
  data: { __typename: 'Mutation', instanceAction: typedInstance(changed) },
});

import { renderPage } from '../test/renderPage';
import { InstancesTable } from './InstancesTable';

const LIST = [
  instance('web-2', {
    charges: '30.00',
    location: { uid: 'loc-riga', city: 'Riga', country: 'LV', region: 'eu' },
  }),
  instance('db-1', {
    charges: '5.00',
    system: 'Debian 12',
    status: 'INACTIVE',
    allowedActions: ['START', 'DELETE'],
  }),
  instance('web-10', { charges: '12.50', status: 'INSTALLING', allowedActions: [] }),
];

function setup(list: InstanceFieldsFragment[] = LIST, extra: Parameters<typeof computeClient>[0] = {}) {
  const api = computeClient({ Instances: instancesAnswer(list), ...extra });
  const rendered = renderPage(<InstancesTable contractUid="C-1" />, { graphql: api.client });
  return { ...rendered, api };
}

/** The names in the table, top to bottom. */
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('InstancesTable', () => {
  it('shows name, OS with its icon, location with region, charges and status', async () => {
    setup();
    await screen.findByRole('link', { name: 'db-1' });
    const row = within(rowOf('db-1'));
    expect(row.getByText('Debian 12')).toBeTruthy();
    expect(rowOf('db-1').querySelector('[data-os-icon]')?.getAttribute('data-os-icon')).toBe('debian');
    expect(row.getByText('Frankfurt')).toBeTruthy();
    expect(row.getByText('Region EU')).toBeTruthy();
    expect(row.getByText('€5.00')).toBeTruthy();
    expect(row.getByText('Inactive')).toBeTruthy();
    expect(within(rowOf('web-10')).getByText('Installing')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'web-2' }).getAttribute('href')).toBe(
      '/workspace/C-1/instance/vm/uid-web-2',
    );
  });

  it('sorts by name (numbers in order) and by each column, both ways', async () => {
    const { user } = setup();
    await screen.findByRole('link', { name: 'db-1' });
    expect(names()).toEqual(['db-1', 'web-2', 'web-10']);
    await user.click(screen.getByRole('columnheader', { name: 'Name' }));
    expect(names()).toEqual(['web-10', 'web-2', 'db-1']);
    await user.click(screen.getByRole('columnheader', { name: 'Charges' }));
    expect(names()).toEqual(['db-1', 'web-10', 'web-2']);
    await user.click(screen.getByRole('columnheader', { name: 'Charges' }));
    expect(names()).toEqual(['web-2', 'web-10', 'db-1']);
    await user.click(screen.getByRole('columnheader', { name: 'Location' }));
    expect(names()).toEqual(['db-1', 'web-10', 'web-2']);
    await user.click(screen.getByRole('columnheader', { name: 'Status' }));
    expect(names()).toEqual(['web-10', 'web-2', 'db-1']);
    await user.click(screen.getByRole('columnheader', { name: 'OS' }));
    expect(names()[0]).toBe('db-1');
  });

  it('filters by name, case-insensitively, and says when nothing matches', async () => {
    const { user } = setup();
    await screen.findByRole('link', { name: 'db-1' });
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'WEB');
    expect(names()).toEqual(['web-2', 'web-10']);
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'x');
    expect(screen.getByText('No instance matches “WEBx”.')).toBeTruthy();
  });

  it('enables exactly the actions the api allows', async () => {
    const { user } = setup();
    await screen.findByRole('link', { name: 'db-1' });
    const enabled = async (name: string) => {
      await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
      const items = await screen.findAllByRole('menuitem');
      const result = items
        .filter((item) => item.getAttribute('aria-disabled') !== 'true')
        .map((i) => i.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return result;
    };
    // Launch console is always offered: the console page says when the instance is off.
    expect(await enabled('db-1')).toEqual(['Start', 'Delete', 'Launch console']);
    expect(await enabled('web-2')).toEqual(['Stop', 'Restart', 'Delete', 'Launch console']);
    expect(await enabled('web-10')).toEqual(['Launch console']);
  });

  it('Launch console opens the instance’s console', async () => {
    const { user, location } = setup();
    await screen.findByRole('link', { name: 'web-2' });
    await user.click(screen.getByRole('button', { name: 'Actions for web-2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Launch console' }));
    expect(location()).toBe('/console/uid-web-2');
  });

  it('Stop sends the action and shows the pending action from the answer', async () => {
    const stopping = instance('web-2', { pendingAction: 'STOP', allowedActions: [] });
    const { user, api } = setup(LIST, {
      InstanceAction: actionAnswer(stopping),
    });
    await screen.findByRole('link', { name: 'web-2' });
    await user.click(screen.getByRole('button', { name: 'Actions for web-2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Stop' }));
    expect(await within(rowOf('web-2')).findByText('Stopping…')).toBeTruthy();
    const call = api.fetch.mock.calls.find(([, init]) => String(init?.body).includes('InstanceAction'))!;
    expect(JSON.parse(String(call[1]?.body)).variables).toEqual({
      contractUid: 'C-1',
      uid: 'uid-web-2',
      action: 'STOP',
    });
  });

  it('Delete asks first, naming the instance (escaped for the dialog’s HTML); Cancel sends nothing', async () => {
    const list = [instance('a<b>', { allowedActions: ['DELETE'] })];
    const api = computeClient({ Instances: instancesAnswer(list) });
    const { user, portal } = renderPage(<InstancesTable contractUid="C-1" />, {
      graphql: api.client,
      confirmAnswer: false,
    });
    await screen.findByRole('link', { name: 'a<b>' });
    await user.click(screen.getByRole('button', { name: 'Actions for a<b>' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(portal.confirm).toHaveBeenCalledTimes(1));
    const request = portal.confirm.mock.calls[0]![0]!;
    expect(request.title).toBe('Delete instance?');
    expect(request.text).toContain('<strong>a&lt;b&gt;</strong>');
    expect(api.fetch.mock.calls.some(([, init]) => String(init?.body).includes('InstanceAction'))).toBe(
      false,
    );
  });

  it('Delete confirmed: the action is sent with DELETE', async () => {
    const deleting = instance('db-1', { status: 'INACTIVE', pendingAction: 'DELETE', allowedActions: [] });
    const { user, api, portal } = setup(LIST, {
      InstanceAction: actionAnswer(deleting),
    });
    await screen.findByRole('link', { name: 'db-1' });
    await user.click(screen.getByRole('button', { name: 'Actions for db-1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await within(rowOf('db-1')).findByText('Deleting…')).toBeTruthy();
    expect(portal.confirm.mock.calls[0]![0]!.text).toContain('<strong>db-1</strong>');
    const call = api.fetch.mock.calls.find(([, init]) => String(init?.body).includes('InstanceAction'))!;
    expect(JSON.parse(String(call[1]?.body)).variables.action).toBe('DELETE');
  });

  it('applies instanceChanged events live: a status change, a new instance, a deletion', async () => {
    const { api } = setup();
    await screen.findByRole('link', { name: 'db-1' });
    await waitFor(() => expect(api.subscribed()).toBe(true));

    api.instanceChanged(instance('web-10', { status: 'ACTIVE', charges: '12.60' }));
    expect(await within(rowOf('web-10')).findByText('Active')).toBeTruthy();
    expect(within(rowOf('web-10')).getByText('€12.60')).toBeTruthy();

    api.instanceChanged(instance('app-1', { status: 'INSTALLING', allowedActions: [] }));
    expect(await screen.findByRole('link', { name: 'app-1' })).toBeTruthy();
    expect(names()).toEqual(['app-1', 'db-1', 'web-2', 'web-10']);

    api.instanceChanged(instance('db-1', { status: 'INACTIVE' }), true);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'db-1' })).toBeNull());
    expect(names()).toEqual(['app-1', 'web-2', 'web-10']);
    // all from the events: the list was asked once
    expect(
      api.fetch.mock.calls.filter(([, init]) => String(init?.body).includes('"Instances"')),
    ).toHaveLength(1);
  });

  it('a failed action says so, with the reason', async () => {
    const list = [instance('web-1', { lastError: 'The hypervisor did not answer' })];
    setup(list);
    expect(await screen.findByText('Last action failed: The hypervisor did not answer')).toBeTruthy();
  });

  it('no instance: the empty state leads to New instance', async () => {
    const { user, location } = setup([]);
    expect(await screen.findByRole('heading', { name: 'No instance deployed yet' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create instance' }));
    expect(location()).toBe('/new-instance');
  });

  it('pages 50 rows at a time', async () => {
    const many = Array.from({ length: 120 }, (_, i) => instance(`vm-${String(i + 1).padStart(3, '0')}`));
    const { user } = setup(many);
    await screen.findByRole('link', { name: 'vm-001' });
    expect(screen.getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('1–50 of 120')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('link', { name: 'vm-051' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('101–120 of 120')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
  });
});
