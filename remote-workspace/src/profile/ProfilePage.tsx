import { NotBuiltYet } from '@portal/shared';

export default function ProfilePage() {
  return <NotBuiltYet page="Profile" />;
}
