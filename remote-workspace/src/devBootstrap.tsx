import { mountDevShell } from '@portal/shared/dev-shell';
import AccountSettingsPage from './accounts/AccountSettingsPage';
import ProfilePage from './profile/ProfilePage';
import WorkspaceSettingsPage from './settings/WorkspaceSettingsPage';

void mountDevShell('workspace', [
  { path: '/profile/:tab?', Component: ProfilePage },
  { path: '/profile/accounts/:uid', Component: AccountSettingsPage },
  { path: '/workspace/:contractUid/settings', Component: WorkspaceSettingsPage },
]);
