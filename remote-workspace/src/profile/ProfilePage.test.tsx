import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/renderPage';
import { workspaceClient } from '../test/workspaceClient';
import ProfilePage from './ProfilePage';

const render = (path: string) =>
  renderPage(<ProfilePage />, {
    path,
    route: '/profile/:tab?',
    graphql: workspaceClient({ ProfileSshKeys: () => ({ data: { sshKeys: [] } }) }).client,
    identity: { getEmailAddresses: async () => ({ status: 200, data: [] }) } as never,
  });

describe('ProfilePage', () => {
  it('shows the five tabs; no tab in the URL is Profile, and the URL says so', async () => {
    const { location } = render('/profile');
    expect(screen.getAllByRole('tab')).toHaveLength(5);
    for (const name of ['Profile', 'Preferences', 'SSH keys', 'Authentication', 'Accounts'])
      expect(screen.getByRole('tab', { name })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    await vi.waitFor(() => expect(location()).toBe('/profile/profile'));
  });

  it('an unknown tab id is Profile', async () => {
    const { location } = render('/profile/nonsense');
    await vi.waitFor(() => expect(location()).toBe('/profile/profile'));
  });

  it('choosing a tab puts its id in the URL', async () => {
    const { user, location } = render('/profile/profile');
    await user.click(screen.getByRole('tab', { name: 'SSH keys' }));
    await vi.waitFor(() => expect(location()).toBe('/profile/ssh-keys'));
    expect(await screen.findByText('No SSH keys yet')).toBeTruthy();
    expect((await screen.findByRole('tab', { name: 'SSH keys' })).getAttribute('aria-selected')).toBe('true');
  });
});
