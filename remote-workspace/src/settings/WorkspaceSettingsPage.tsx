import { NotBuiltYet } from '@portal/shared';

export default function WorkspaceSettingsPage() {
  return <NotBuiltYet page="Workspace settings" />;
}
