import { NotBuiltYet } from '@portal/shared';

export default function InvitationPage() {
  return <NotBuiltYet page="Invitation" />;
}
