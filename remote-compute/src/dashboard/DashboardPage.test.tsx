import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeClient, instancesAnswer } from '../test/computeClient';
import { portalWorkspace, renderPage } from '../test/renderPage';
import DashboardPage from './DashboardPage';
import { dashboardTab } from './dashboardTabs';

const route = '/workspace/:contractUid/dashboard/:tab?';
const render = (path: string) =>
  renderPage(<DashboardPage />, {
    path,
    route,
    graphql: computeClient({ Instances: instancesAnswer([]), WorkspaceNetworks: instancesAnswer([]) }).client,
  });

describe('dashboardTab', () => {
  it.each([
    ['instances', 'instances'],
    ['monitoring', 'monitoring'],
    ['network', 'network'],
    ['firewall', 'firewall'],
    [undefined, 'instances'],
    ['Monitoring', 'instances'],
    ['billing', 'instances'],
  ])('%s → %s', (segment, tab) => expect(dashboardTab(segment)).toBe(tab));
});

describe('DashboardPage', () => {
  it('the tab comes from the URL', async () => {
    render('/workspace/C-1/dashboard/network');
    expect(screen.getByRole('tab', { name: 'Network' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'No instances yet' })).toBeTruthy();
  });

  it.each(['/workspace/C-1/dashboard', '/workspace/C-1/dashboard/nonsense'])(
    '%s shows Instances and rewrites the URL (replace)',
    async (path) => {
      const { location, portal } = render(path);
      await waitFor(() => expect(location()).toBe('/workspace/C-1/dashboard/instances'));
      expect(portal.navigate).toHaveBeenCalledWith('/workspace/C-1/dashboard/instances', { replace: true });
      expect(screen.getByRole('tab', { name: 'Instances' }).getAttribute('aria-selected')).toBe('true');
      expect(await screen.findByRole('heading', { name: 'No instance deployed yet' })).toBeTruthy();
    },
  );

  it('choosing a tab puts it in the URL', async () => {
    const { user, location } = render('/workspace/C-1/dashboard/instances');
    await user.click(screen.getByRole('tab', { name: 'Firewall' }));
    expect(location()).toBe('/workspace/C-1/dashboard/firewall');
    expect(screen.getByRole('tab', { name: 'Firewall' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Monitoring' }));
    expect(location()).toBe('/workspace/C-1/dashboard/monitoring');
  });

  it('a workspace without services: says compute is not available there, and asks the api nothing', async () => {
    const api = computeClient({ Instances: instancesAnswer([]) });
    const { user, location } = renderPage(<DashboardPage />, {
      path: '/workspace/C-1/dashboard/instances',
      route,
      graphql: api.client,
      workspace: { ...portalWorkspace(), services: [] },
    });
    expect(screen.getByRole('heading', { name: 'Compute is not available in this workspace' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Contact support' }));
    expect(location()).toBe('/support');
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
