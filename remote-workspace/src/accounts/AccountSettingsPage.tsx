import { NotBuiltYet } from '@portal/shared';

export default function AccountSettingsPage() {
  return <NotBuiltYet page="Account settings" />;
}
