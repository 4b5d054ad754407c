import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeClient, instance, instancesAnswer } from '../test/computeClient';
import { portalWorkspace, renderPage } from '../test/renderPage';
import StatusPage from './StatusPage';

const route = '/workspace/:contractUid/status';
const FRA = { __typename: 'ComputeLocation', uid: 'loc-fra', city: 'Frankfurt', country: 'DE', region: 'eu' };
const RIX = { __typename: 'ComputeLocation', uid: 'loc-riga', city: 'Riga', country: 'LV', region: 'eu' };
const COMPONENTS = ['COMPUTE', 'BLOCK_STORAGE', 'NETWORKING', 'API', 'PORTAL'];
const components = (degraded: string[]) =>
  COMPONENTS.map((component) => ({
    __typename: 'ComponentStatus',
    component,
    state: degraded.includes(component) ? 'DEGRADED' : 'OPERATIONAL',
  }));
const incident = (open: boolean) => ({
  __typename: 'StatusIncident',
  uid: 'inc-1',
  kind: 'INCIDENT',
  title: 'Degraded network performance in Frankfurt',
  impact: 'MINOR',
  status: open ? 'IDENTIFIED' : 'RESOLVED',
  open,
  location: FRA,
  components: ['NETWORKING'],
  startsAt: '2026-03-05T14:00:00.000Z',
  endsAt: null,
  resolvedAt: open ? null : '2026-03-05T15:00:00.000Z',
  updates: [
    ...(open
      ? []
      : [
          {
            __typename: 'IncidentUpdate',
            uid: 'u-2',
            status: 'RESOLVED',
            message: 'Repaired.',
            createdAt: '2026-03-05T15:00:00.000Z',
          },
        ]),
    {
      __typename: 'IncidentUpdate',
      uid: 'u-1',
      status: 'IDENTIFIED',
      message: 'A line card failed.',
      createdAt: '2026-03-05T14:10:00.000Z',
    },
  ],
  affectedInstances: open
    ? [
        {
          __typename: 'Instance',
          uid: 'uid-web-1',
          name: 'web-1',
          system: 'Ubuntu 24.04 LTS',
          status: 'ACTIVE',
        },
      ]
    : [],
});
const statusAnswer = (open: boolean) => () => ({
  data: {
    computeStatus: {
      __typename: 'ComputeStatus',
      overall: open ? 'DEGRADED' : 'OPERATIONAL',
      locations: [
        {
          __typename: 'LocationStatus',
          location: FRA,
          state: open ? 'DEGRADED' : 'OPERATIONAL',
          components: components(open ? ['NETWORKING'] : []),
        },
        { __typename: 'LocationStatus', location: RIX, state: 'OPERATIONAL', components: components([]) },
      ],
      incidents: [incident(open)],
    },
  },
});

describe('StatusPage', () => {
  it('shows the overall state, the open incident with the affected instance, locations; an update arrives live', async () => {
    let open = true;
    const api = computeClient({
      ComputeStatus: () => statusAnswer(open)(),
      Instances: instancesAnswer([instance('web-1'), instance('db-1')]),
    });
    renderPage(<StatusPage />, { path: '/workspace/C-1/status', route, graphql: api.client });
    expect(await screen.findByText('Some systems have degraded performance')).toBeTruthy();
    const openIncidents = within(screen.getByRole('region', { name: 'Open incidents' }));
    const affected = within(openIncidents.getByRole('list', { name: 'Your affected instances' }));
    expect(affected.getByRole('link', { name: 'web-1' }).getAttribute('href')).toBe(
      '/workspace/C-1/instance/vm/uid-web-1/overview',
    );
    expect(openIncidents.getByText('Frankfurt, DE · Networking · Since 05.03.2026 14:00')).toBeTruthy();
    expect(openIncidents.getByText('A line card failed.')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Scheduled maintenance' })).getByText(
        'No maintenance scheduled.',
      ),
    ).toBeTruthy();
    const frankfurt = within(screen.getByRole('group', { name: 'Frankfurt, DE' }));
    expect(frankfurt.getAllByText('Degraded performance')).toHaveLength(2); // the location and Networking
    await waitFor(() => expect(frankfurt.getByText('2 of your instances here')).toBeTruthy());

    open = false;
    await waitFor(() => expect(api.subscribed()).toBe(true));
    api.push('statusChanged', incident(false));
    expect(await screen.findByText('All systems operational')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Open incidents' })).getByText('No open incidents.'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Resolved in the last 7 days' })).getByText('Repaired.'),
    ).toBeTruthy();
  });

  it('a workspace without services: compute is not available, the api is not asked', async () => {
    const api = computeClient({});
    renderPage(<StatusPage />, {
      path: '/workspace/C-1/status',
      route,
      graphql: api.client,
      workspace: { ...portalWorkspace(), services: [] },
    });
    expect(await screen.findByText('Compute is not available in this workspace')).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
