import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstanceFieldsFragment } from '../gql/graphql';
import { computeClient, instance, typedInstance } from '../test/computeClient';
import { renderPage } from '../test/renderPage';
import InstanceDetailsPage from './InstanceDetailsPage';

const route = '/workspace/:contractUid/instance/vm/:id/:tab?';
const WEB = instance('web-1', { charges: '3.25' });
const detailsAnswer = (found: InstanceFieldsFragment | null) => () => ({
  data: { __typename: 'Query', instance: found && typedInstance(found) },
});
const renamedAnswer = () => ({
  data: { __typename: 'Mutation', renameInstance: typedInstance({ ...WEB, name: 'web-one' }) },
});
const deletingAnswer = () => ({
  data: {
    __typename: 'Mutation',
    instanceAction: typedInstance({ ...WEB, pendingAction: 'DELETE', allowedActions: [] }),
  },
});

function setup(path: string, found: InstanceFieldsFragment | null = WEB) {
  const api = computeClient({
    InstanceDetails: detailsAnswer(found),
    RenameInstance: renamedAnswer,
    InstanceAction: deletingAnswer,
  });
  return { ...renderPage(<InstanceDetailsPage />, { path, route, graphql: api.client }), api };
}
const shown = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('InstanceDetailsPage', () => {
  it('overview: specs, addresses, location, created in the user’s format, charges, status', async () => {
    const { portal } = setup('/workspace/C-1/instance/vm/uid-web-1');
    expect(await screen.findByRole('heading', { name: 'web-1' })).toBeTruthy();
    expect(shown('Plan')).toBe('S');
    expect(shown('vCPU')).toBe('1');
    expect(shown('Memory')).toBe('2 GB');
    expect(shown('Disk')).toBe('40 GB');
    expect(shown('Location')).toBe('Frankfurt, DE (EU)');
    expect(shown('Created')).toBe('05.03.2026 14:30');
    expect(shown('Charges since the last invoice')).toBe('€3.25');
    expect(shown('IPv4')).toContain('192.0.2.10');
    await waitFor(() => expect(portal.setTitle).toHaveBeenCalledWith('web-1'));
  });

  it('Launch console opens the instance’s console', async () => {
    const { user, location } = setup('/workspace/C-1/instance/vm/uid-web-1/overview');
    await user.click(await screen.findByRole('button', { name: 'Launch console' }));
    expect(location()).toBe('/console/uid-web-1');
  });

  it('copies an address through the portal', async () => {
    const { user, portal } = setup('/workspace/C-1/instance/vm/uid-web-1/overview');
    await user.click(await screen.findByRole('button', { name: 'Copy IPv6' }));
    expect(portal.copy).toHaveBeenCalledWith('2001:db8::10');
  });

  it('a bad tab shows the overview, URL replaced; the tab follows the URL', async () => {
    const { location, user } = setup('/workspace/C-1/instance/vm/uid-web-1/bogus');
    await waitFor(() => expect(location()).toBe('/workspace/C-1/instance/vm/uid-web-1/overview'));
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    expect(location()).toBe('/workspace/C-1/instance/vm/uid-web-1/settings');
    expect(screen.getByRole('heading', { name: 'Rename' })).toBeTruthy();
  });

  it('settings: rename with validation, then saved', async () => {
    const { user, api, portal } = setup('/workspace/C-1/instance/vm/uid-web-1/settings');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'web one');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(
      await screen.findByText(
        'Use letters, digits and hyphens only, not at the start or the end (up to 63 characters).',
      ),
    ).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'web-one');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('heading', { name: 'web-one' })).toBeTruthy();
    // the heading follows the cache as soon as the answer is written; the toast once the mutation resolved
    await waitFor(() =>
      expect(portal.notify).toHaveBeenCalledWith({
        type: 'success',
        message: 'The instance is now called web-one.',
      }),
    );
    const call = api.fetch.mock.calls.find(([, init]) => String(init?.body).includes('RenameInstance'))!;
    expect(JSON.parse(String(call[1]?.body)).variables).toEqual({
      contractUid: 'C-1',
      uid: 'uid-web-1',
      name: 'web-one',
    });
  });

  it('settings: Delete asks naming the instance, then goes back to the list', async () => {
    const { user, portal, location } = setup('/workspace/C-1/instance/vm/uid-web-1/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/workspace/C-1/dashboard/instances'));
    expect(portal.confirm.mock.calls[0]![0]!.text).toContain('<strong>web-1</strong>');
  });

  it('deleted meanwhile (an event): says it is gone', async () => {
    const { api } = setup('/workspace/C-1/instance/vm/uid-web-1');
    await screen.findByRole('heading', { name: 'web-1' });
    await waitFor(() => expect(api.subscribed()).toBe(true));
    api.instanceChanged(WEB, true);
    expect(
      await screen.findByText('This instance does not exist (any more) in this workspace.'),
    ).toBeTruthy();
  });

  it('an unknown instance: says so, with the way back', async () => {
    setup('/workspace/C-1/instance/vm/nope', null);
    expect(
      await screen.findByText('This instance does not exist (any more) in this workspace.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to instances' }).getAttribute('href')).toBe(
      '/workspace/C-1/dashboard/instances',
    );
  });
});
